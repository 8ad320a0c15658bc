// The cookies feature's entry: the jars (read by the send and the builder's Cookies tab count) and
// the Cookies tab itself, a lazy chunk.
export { cookieJarsAtom } from './cookie-atoms';
export const loadCookiesPanel = () => import('./CookiesPanel');
