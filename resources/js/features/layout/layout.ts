// The pane layout's entry: the client screen's grid (widths, split, collapsed routes, stored under
// kite:panes) and the separator that resizes it.
export { type PaneLayout, ROUTES_WIDTH, SPLIT, paneGrid, paneLayoutAtom } from './pane-layout';
export { PaneSeparator } from './PaneSeparator';
