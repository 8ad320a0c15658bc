// The request feature's entry: the builder (URL bar, tabs of the request, code export, transaction
// toggle), Send as…, and the hooks that send a request and keep drafts per route.
export { RequestBuilder } from './RequestBuilder';
export { SendAsLauncher } from './SendAsLauncher';
export { useSender } from './use-sender';
export { useDrafts } from './use-drafts';
