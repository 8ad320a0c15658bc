// PKCE (RFC 7636, S256) and the `state` of an authorization-code flow: random values from Web
// Crypto, the challenge its SHA-256, and the checks that refuse a redirect that does not belong to
// the flow Kite started.

const VERIFIER_BYTES = 32;

function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random URL-safe value: 43 characters from 32 bytes (RFC 7636 4.1's minimum length). */
export function randomUrlSafe(bytes = VERIFIER_BYTES): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The S256 challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export async function s256Challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The authorization URL the popup opens, with a fresh state and PKCE verifier. */
export async function authorizationRequest(settings: { authorizationUrl: string; clientId: string; scope: string; redirectUri: string }): Promise<AuthorizationRequest> {
  const state = randomUrlSafe(16);
  const codeVerifier = randomUrlSafe();
  const url = new URL(settings.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', settings.redirectUri);
  if (settings.scope.trim()) url.searchParams.set('scope', settings.scope.trim());
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await s256Challenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.href, state, codeVerifier, redirectUri: settings.redirectUri };
}

export type RedirectResult = { ok: true; code: string } | { ok: false; message: string };

/**
 * The code in the redirect the popup came back to, or why it is refused: an error the server
 * sent, or a `state` that is not the one Kite sent (another flow's or forged redirect).
 */
export function readRedirect(redirectUrl: string, expectedState: string): RedirectResult {
  const params = new URL(redirectUrl).searchParams;
  if (params.get('state') !== expectedState) return { ok: false, message: 'The authorization server came back with another state than Kite sent: refused (a stale or forged redirect).' };
  const error = params.get('error');
  if (error) return { ok: false, message: `The authorization server refused: ${error}${params.get('error_description') ? `: ${params.get('error_description')}` : ''}` };
  const code = params.get('code');
  return code ? { ok: true, code } : { ok: false, message: 'The authorization server came back without a code.' };
}
