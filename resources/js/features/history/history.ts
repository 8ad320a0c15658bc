// The history feature's entry: entries and their bodies (history-entry.ts), the store's hook, and
// the History pane, a lazy chunk the client screen composes.
export { ddPagesOfTab, displayUrl, entryResponse, historyBody, newHistoryId, type DdPages, type HistoryEntry } from './history-entry';
export { browserBackend, loadHistoryStore, useHistory, type HistoryState } from './use-history';
export type { HistoryBackend } from './history-backend';
export const loadHistoryPanel = () => import('./HistoryPanel');
