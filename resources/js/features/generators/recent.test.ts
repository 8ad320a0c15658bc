import { describe, expect, it } from 'vitest';
import { pushRecent } from './recent';

describe('recent generators', () => {
  it('puts the generated one at the front', () => {
    expect(pushRecent([], 'uuid')).toEqual(['uuid']);
    expect(pushRecent(['uuid'], 'email')).toEqual(['email', 'uuid']);
  });

  it('removes duplicates', () => {
    expect(pushRecent(['email', 'uuid'], 'uuid')).toEqual(['uuid', 'email']);
    expect(pushRecent(['uuid'], 'uuid')).toEqual(['uuid']);
  });

  it('keeps 2', () => {
    expect(pushRecent(['email', 'uuid'], 'int')).toEqual(['int', 'email']);
  });

  it('does not change the list it was given', () => {
    const list = ['a', 'b'];
    pushRecent(list, 'c');
    expect(list).toEqual(['a', 'b']);
  });
});
