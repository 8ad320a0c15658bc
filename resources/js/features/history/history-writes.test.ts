import { describe, expect, it } from 'vitest';
import { createWriteQueue } from './history-writes';

describe('history writes', () => {
  it('run one at a time in the order asked for, even when an earlier one waits for something first', async () => {
    const queue = createWriteQueue();
    const log: string[] = [];
    let letFirstGo = () => {};
    const firstMayGo = new Promise<void>((resolve) => (letFirstGo = resolve));
    const write = (name: string) => async () => {
      log.push(`${name} starts`);
      await Promise.resolve();
      log.push(`${name} ends`);
      return name;
    };
    const done = [queue(write('a'), () => firstMayGo), queue(write('b')), queue(write('c'))];
    await Promise.resolve();
    expect(log).toEqual([]);
    letFirstGo();
    expect(await Promise.all(done)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('go on after one fails, which fails alone', async () => {
    const queue = createWriteQueue();
    const failed = queue(() => Promise.reject(new Error('quota')));
    const next = queue(() => Promise.resolve('stored'));
    await expect(failed).rejects.toThrow('quota');
    await expect(next).resolves.toBe('stored');
  });
});
