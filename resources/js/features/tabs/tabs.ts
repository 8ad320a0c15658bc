// The tabs feature's entry: the open tab's request (request-atoms.ts, what every editor reads and
// writes), the tab documents and their calls (tab-atoms.ts), and the tab strip, a lazy chunk.
export { fieldErrorsAtom, requestKey, requestStateAtom, updateRequestAtom, useFieldErrors, type FieldErrorRecord, type RequestUpdate } from './request-atoms';
export { activeTabAtom, focusRouteAtom, openInTabAtom, openSavedAtom, shownCallAtom, tabCallAtom, updateTabAtom, type OpenSaved, type ResponseState } from './tab-atoms';
export { slimRequestState } from './persistence';
export { beforeSend } from './before-send';
export { useTabResponse } from './use-tab-response';
export type { TabStripEnvironments } from './TabStrip';
export const loadTabStrip = () => import('./TabStrip');
