// The response feature's entry: the viewer (its chunk loads behind LazyResponseViewer) and the body
// worker's client, which Compare with… diffs in; neither is in the first load. The body worker
// itself can be started without them (a first Send does so once its call has left).
export { LazyResponseViewer, loadResponseView } from './LazyResponseViewer';
export { startBodyWorker } from './body-worker';
export const loadBodySource = () => import('./body-source');
