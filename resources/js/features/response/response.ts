// The response feature's entry: the viewer (its chunk loads behind LazyResponseViewer) and the body
// worker's client, which Compare with… diffs in; neither is in the first load.
export { LazyResponseViewer, loadResponseView } from './LazyResponseViewer';
export const loadBodySource = () => import('./body-source');
