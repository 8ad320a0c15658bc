import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PANE_LAYOUT,
  PANE_LAYOUT_STORAGE_KEY,
  ROUTES_WIDTH,
  SPLIT,
  loadPaneLayout,
  paneGrid,
  sanitizePaneLayout,
  savePaneLayout,
  separatorKeyValue,
} from './pane-layout';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('pane layout', () => {
  it('keeps what makes sense and gives defaults for the rest', () => {
    expect(sanitizePaneLayout({ routesWidth: 300.4, split: 65, routesCollapsed: true, docsOpen: true })).toEqual({ routesWidth: 300, split: 65, routesCollapsed: true, docsOpen: true });
    expect(sanitizePaneLayout({ routesWidth: 5000, split: -3 })).toEqual({ ...DEFAULT_PANE_LAYOUT, routesWidth: ROUTES_WIDTH.max, split: SPLIT.min });
    expect(sanitizePaneLayout({ routesWidth: 'wide', split: null, routesCollapsed: 'yes', docsOpen: 1 })).toEqual(DEFAULT_PANE_LAYOUT);
    expect(sanitizePaneLayout([1, 2])).toEqual(DEFAULT_PANE_LAYOUT);
    expect(sanitizePaneLayout({ routesWidth: Number.NaN })).toEqual(DEFAULT_PANE_LAYOUT);
  });

  it('survives corrupt storage and saves what it loads back', () => {
    expect(loadPaneLayout(memoryStorage({ [PANE_LAYOUT_STORAGE_KEY]: '{not json' }))).toEqual(DEFAULT_PANE_LAYOUT);
    expect(loadPaneLayout(undefined)).toEqual(DEFAULT_PANE_LAYOUT);
    const storage = memoryStorage();
    savePaneLayout(storage, { ...DEFAULT_PANE_LAYOUT, split: 40 });
    expect(loadPaneLayout(storage).split).toBe(40);
  });

  it('moves a separator by its step with the arrow keys, to its ends with Home and End', () => {
    expect(separatorKeyValue('ArrowRight', 260, ROUTES_WIDTH)).toBe(276);
    expect(separatorKeyValue('ArrowLeft', 190, ROUTES_WIDTH)).toBe(ROUTES_WIDTH.min);
    expect(separatorKeyValue('Home', 50, SPLIT)).toBe(SPLIT.min);
    expect(separatorKeyValue('End', 50, SPLIT)).toBe(SPLIT.max);
    expect(separatorKeyValue('a', 50, SPLIT)).toBeNull();
  });

  it('lays the panes side by side when wide and stacks request over response when narrow', () => {
    expect(paneGrid(DEFAULT_PANE_LAYOUT, 1800)).toEqual({ narrow: false, columns: '260px 6px minmax(0, 50fr) 6px minmax(0, 50fr)', rows: 'minmax(0, 1fr)' });
    expect(paneGrid({ ...DEFAULT_PANE_LAYOUT, routesCollapsed: true }, 750)).toEqual({
      narrow: true,
      columns: '36px 0px minmax(0, 1fr)',
      rows: 'minmax(min(460px, 100%), 50fr) 6px minmax(0, 50fr)',
    });
  });

  it('stacked, keeps the request at least 460 px tall and gives an empty response only the height of its note', () => {
    expect(paneGrid(DEFAULT_PANE_LAYOUT, 976, true).rows).toBe('minmax(min(460px, 100%), 50fr) 6px auto');
    // Side by side, the panes keep their split whatever the response holds.
    expect(paneGrid(DEFAULT_PANE_LAYOUT, 1800, true).rows).toBe('minmax(0, 1fr)');
  });
});
