import { describe, expect, it } from 'vitest';
import { editRow } from './key-value-rows';

const row = (id: string, enabled: boolean, value = '') => ({ id, name: id, value, enabled });

describe('editing a key-value row', () => {
  it('ticks an unticked row when a value is typed into it', () => {
    expect(editRow([row('search', false), row('page', false)], 'search', { value: 'ada' })).toEqual([row('search', true, 'ada'), row('page', false)]);
  });

  it('leaves the tick alone when the value is cleared or only the name changes', () => {
    expect(editRow([row('search', false, 'a')], 'search', { value: '' })[0].enabled).toBe(false);
    expect(editRow([row('search', false)], 'search', { name: 'q' })[0].enabled).toBe(false);
  });

  it('lets the user untick a row that has a value', () => {
    expect(editRow([row('search', true, 'ada')], 'search', { enabled: false })[0]).toEqual(row('search', false, 'ada'));
  });
});
