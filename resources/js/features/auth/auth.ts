// The auth feature's entry: what other features use of it. The Auth tab's editor is a chunk of its
// own (the builder preloads it when idle), the OAuth 2.0 session loads only for an OAuth 2.0 request.
export const loadAuthEditor = () => import('./AuthEditor');
export const loadOAuthSession = () => import('./oauth-session');
