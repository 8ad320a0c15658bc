// The tests feature's entry: what the send keeps for assertions, the builder's count of passed ones,
// and the Tests tab and the Pretty view's Add assertion, each a lazy chunk.
export { assertionInputOf } from './assertion-input';
export { useAssertionResults } from './use-assertion-results';
export const loadTestsEditor = () => import('./TestsEditor');
export const loadAddFromLine = () => import('./add-from-line');
