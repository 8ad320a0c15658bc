import { describe, expect, it } from 'vitest';
import { restoreFilter } from './restore';

describe('restoring the filter on reopening', () => {
  it('brings back the saved search and category into an empty filter', () => {
    expect(restoreFilter({ search: 'mail', category: 'contact' }, { search: '', category: null })).toEqual({ search: 'mail', category: 'contact' });
  });

  it('keeps the filter search when it is not empty', () => {
    expect(restoreFilter({ search: 'mail', category: 'contact' }, { search: 'uuid', category: null })).toEqual({ search: 'uuid', category: 'contact' });
  });

  it('nothing saved restores nothing', () => {
    expect(restoreFilter({ search: '', category: null }, { search: '', category: null })).toEqual({ search: '', category: null });
  });
});
