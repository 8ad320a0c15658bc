// The diff feature's entry: Compare with… (a lazy dialog) and the responses shown in this visit it
// offers to compare.
export type { SendInEnvironment } from './CompareDialog';
export { rememberResponse } from './recent-responses';
export { BodyDifferContext } from './body-differ';
export const loadCompareDialog = () => import('./CompareDialog');
