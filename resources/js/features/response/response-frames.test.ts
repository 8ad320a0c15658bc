import { describe, expect, it } from 'vitest';
import { FrameKeys, REHEARSAL_KEY, type FrameInputs } from './response-frames';

type Result = { name: string };
const idle: FrameInputs<Result> = { result: null, prepared: null, pending: false, failed: false, streaming: false };

describe('the response frames around the 200 ms hold', () => {
  it('stages the answer received during the hold out of sight and reveals it at the floor under the same key', () => {
    const keys = new FrameKeys<Result>();
    const first = { name: 'first' };
    const held = keys.frames({ ...idle, result: first, pending: true, prepared: null });
    expect(held).toEqual([{ key: expect.any(String), result: first, shown: true }]);
    const next = { name: 'next' };
    const prepared = keys.frames({ ...idle, result: first, pending: true, prepared: next });
    expect(prepared.map((frame) => [frame.result, frame.shown])).toEqual([
      [first, true],
      [next, false],
    ]);
    const revealed = keys.frames({ ...idle, result: next });
    expect(revealed).toEqual([{ key: prepared[1].key, result: next, shown: true }]);
    expect(prepared[1].key).not.toBe(prepared[0].key);
  });

  it("the first call's rehearsal is taken over by the answer: staged, then shown, all under the rehearsal's key", () => {
    const keys = new FrameKeys<Result>();
    expect(keys.frames({ ...idle, pending: true })).toEqual([{ key: REHEARSAL_KEY, result: null, shown: false }]);
    const answer = { name: 'answer' };
    expect(keys.frames({ ...idle, pending: true, prepared: answer })).toEqual([{ key: REHEARSAL_KEY, result: answer, shown: false }]);
    expect(keys.frames({ ...idle, result: answer })).toEqual([{ key: REHEARSAL_KEY, result: answer, shown: true }]);
    // An answer past the floor already (no hold left) takes the rehearsal's key at once.
    const other = new FrameKeys<Result>();
    other.frames({ ...idle, pending: true });
    expect(other.frames({ ...idle, result: answer })[0].key).toBe(REHEARSAL_KEY);
  });

  it('a cancel (a failure) discards the staged answer, and the next call stages its own under a new key', () => {
    const keys = new FrameKeys<Result>();
    const cancelled = { name: 'cancelled' };
    keys.frames({ ...idle, pending: true });
    keys.frames({ ...idle, pending: true, prepared: cancelled });
    expect(keys.frames({ ...idle, failed: true })).toEqual([]);
    const second = { name: 'second' };
    expect(keys.frames({ ...idle, pending: true })).toEqual([{ key: REHEARSAL_KEY, result: null, shown: false }]);
    const staged = keys.frames({ ...idle, pending: true, prepared: second });
    expect(staged).toEqual([{ key: expect.any(String), result: second, shown: false }]);
    expect(staged.some((frame) => frame.result === cancelled)).toBe(false);
  });

  it('stages nothing while a stream shows itself', () => {
    const keys = new FrameKeys<Result>();
    expect(keys.frames({ ...idle, pending: true, streaming: true })).toEqual([]);
  });
});
