// The client screen's pane layout: the routes pane's width (or collapsed), the split between
// request and response, and whether the route docs are open. Kept in localStorage under its own
// key; whatever is stored there, a value that does not make sense gives its default.
import { readStored, storedAtom, writeStored, type StorageLike, type StoredKey } from '../../lib/storage';

export interface PaneLayout {
  /** Width of the routes pane in px. */
  routesWidth: number;
  routesCollapsed: boolean;
  /** The request pane's share of the room beside the routes, in percent. */
  split: number;
  docsOpen: boolean;
}

export interface Range {
  min: number;
  max: number;
  step: number;
}

export const ROUTES_WIDTH: Range = { min: 180, max: 520, step: 16 };
export const SPLIT: Range = { min: 20, max: 80, step: 2 };
export const PANE_LAYOUT_STORAGE_KEY = 'kite:panes';
/** Below this width of the screen (without the sidebar) request and response stack. */
export const NARROW_WIDTH = 1000;
/** The routes pane collapsed: a rail with the button that opens it again. */
export const COLLAPSED_RAIL = 36;
export const SEPARATOR_SIZE = 6;

export const DEFAULT_PANE_LAYOUT: PaneLayout = { routesWidth: 260, routesCollapsed: false, split: 50, docsOpen: false };

export const clamp = (value: number, range: Range) => Math.min(range.max, Math.max(range.min, value));

export function sanitizePaneLayout(raw: unknown): PaneLayout {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const number = (key: 'routesWidth' | 'split', range: Range) =>
    typeof value[key] === 'number' && Number.isFinite(value[key]) ? clamp(Math.round(value[key] as number), range) : DEFAULT_PANE_LAYOUT[key];
  const flag = (key: 'routesCollapsed' | 'docsOpen') => (typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_PANE_LAYOUT[key]);
  return { routesWidth: number('routesWidth', ROUTES_WIDTH), split: number('split', SPLIT), routesCollapsed: flag('routesCollapsed'), docsOpen: flag('docsOpen') };
}

/** The layout's localStorage key (lib/storage.ts sets aside what does not read). */
const paneLayoutStoredKey: StoredKey<PaneLayout> = {
  key: PANE_LAYOUT_STORAGE_KEY,
  label: 'the pane sizes',
  fallback: () => ({ ...DEFAULT_PANE_LAYOUT }),
  read: sanitizePaneLayout,
};

export function loadPaneLayout(storage: StorageLike | undefined): PaneLayout {
  return readStored(paneLayoutStoredKey, storage);
}

/** A full or blocked storage keeps the layout for this visit only. */
export function savePaneLayout(storage: StorageLike | undefined, layout: PaneLayout): void {
  writeStored(paneLayoutStoredKey, layout, storage);
}

/** The layout as an atom: written once a separator drag rests, other windows' changes followed. */
export const paneLayoutAtom = storedAtom(paneLayoutStoredKey, { writeDelayMs: 200 });

/** The value a separator key moves to, or null for keys it does not handle (WAI-ARIA window splitter). */
export function separatorKeyValue(key: string, value: number, range: Range): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
      return clamp(value - range.step, range);
    case 'ArrowRight':
    case 'ArrowDown':
      return clamp(value + range.step, range);
    case 'PageUp':
      return clamp(value - range.step * 4, range);
    case 'PageDown':
      return clamp(value + range.step * 4, range);
    case 'Home':
      return range.min;
    case 'End':
      return range.max;
    default:
      return null;
  }
}

/**
 * Stacked, the request keeps at least this height (its head, tabs, a few lines of the body editor
 * and the docs bar) when the screen has it: at 700 px tall a half split left 1.5 lines of body.
 */
export const STACKED_REQUEST_MIN_HEIGHT = 460;

/**
 * The screen's grid: routes | separator | request | separator | response, or the last two stacked.
 * Stacked, an empty response (nothing sent yet) takes only the height of its note.
 */
export function paneGrid(layout: PaneLayout, width: number, responseEmpty = false): { narrow: boolean; columns: string; rows: string } {
  const narrow = width > 0 && width < NARROW_WIDTH;
  const routes = layout.routesCollapsed ? `${COLLAPSED_RAIL}px 0px` : `${layout.routesWidth}px ${SEPARATOR_SIZE}px`;
  const request = `minmax(0, ${layout.split}fr)`;
  const response = `minmax(0, ${100 - layout.split}fr)`;
  if (narrow) {
    const stackedRequest = `minmax(min(${STACKED_REQUEST_MIN_HEIGHT}px, 100%), ${layout.split}fr)`;
    return { narrow, columns: `${routes} minmax(0, 1fr)`, rows: `${stackedRequest} ${SEPARATOR_SIZE}px ${responseEmpty ? 'auto' : response}` };
  }
  return { narrow, columns: `${routes} ${request} ${SEPARATOR_SIZE}px ${response}`, rows: 'minmax(0, 1fr)' };
}
