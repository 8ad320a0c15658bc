// The redirect page of the authorization-code flow: Kite's own path `{basePath}/oauth/callback`,
// opened in the popup by the authorization server. It hands its address back to the window that
// opened it (same origin only) and closes; the opener checks state and trades the code.

export const OAUTH_CALLBACK_SEGMENT = 'oauth/callback';
export const OAUTH_CALLBACK_MESSAGE = 'kite-oauth-callback';

export function oauthRedirectUri(origin: string, basePath: string): string {
  return `${origin}${basePath.replace(/\/+$/, '')}/${OAUTH_CALLBACK_SEGMENT}`;
}

/** True on the redirect page in a popup: the address went back to the opener, and the popup closes. */
export function handOAuthCallbackBack(win: Window, basePath: string): boolean {
  if (win.location.pathname !== new URL(oauthRedirectUri(win.location.origin, basePath)).pathname || !win.opener) return false;
  (win.opener as Window).postMessage({ type: OAUTH_CALLBACK_MESSAGE, url: win.location.href }, win.location.origin);
  win.close();
  return true;
}
