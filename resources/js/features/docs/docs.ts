// The route docs feature's entry: a parameter's documentation popover (ParamDoc) for the builder's
// rows, loaded when first shown; the route's whole docs (RouteDocs) are composed by the client screen,
// drawn closed by ClosedDocs until their chunk is there, their body (DocsBody) loaded when the panel
// first opens or the page is idle.
export type { ParamDocProps } from './ParamDoc';
export type { ParameterPlace } from './parameter-docs';
export { ClosedDocs } from './DocsHeading';
export const loadParamDoc = () => import('./ParamDoc');
export const loadRouteDocs = () => import('./RouteDocs');
export const loadDocsBody = () => import('./DocsBody');
