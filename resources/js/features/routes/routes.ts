// The routes feature's entry: the route explorer, the routes of the page (useRoutes), which route a
// request belongs to (application.ts), and a route's query parameters as one schema.
export { RouteExplorer } from './RouteExplorer';
export { useRoutes, type RoutesState } from './use-routes';
export { absoluteBaseUrl, activeRoute, currentApplication, findRoute, schemesOf } from './application';
export { documentsParameter, querySchema } from './route-query';
