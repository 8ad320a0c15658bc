// OAuth 2.0 for a send: the token request through the host (POST oauth/token), the popup of the
// authorization-code flow, and the token a request goes out with — the stored one, refreshed when
// it expired, fetched for a grant that needs no person. Failures are Errors whose message names the
// endpoint and what went wrong; nothing is sent with a stale token.
import { HTTPError, type KyInstance } from 'ky';
import type { createStore } from 'jotai';
import { API_ENDPOINTS } from '../../../../protocol/endpoints.js';
import type { OAuthTokenRequest, OAuthTokenResponse } from '../../../../protocol/types';
import { absoluteApiUrl, createHostClient } from '../../lib/http/client';
import { readHostError } from '../../lib/http/host-error';
import { kiteConfig } from '../../lib/config';
import type { AuthState } from '../../model/request/request-state';
import { clientProblem, DEFAULT_GRANT, INTERACTIVE_GRANTS, tokenRequestForm, type OAuthClient, type TokenGrantRequest } from '../../model/auth/oauth-grants';
import { deviceAuthorizationForm, nextPollStep, readDeviceAuthorization, type DeviceAuthorization } from '../../model/auth/device-code';
import { isExpired, readTokenResponse, type OAuthToken } from '../../model/auth/token-response';
import { tokenKey, type TokenOwner } from '../../model/auth/token-store';
import { authorizationRequest, readRedirect } from '../../model/auth/pkce';
import { applicationWorkspaceAtom, workspaceApplicationAtom } from '../workspace/workspace';
import { tokenErrorAtom, tokenStoreAtom } from './token-atoms';
import { OAUTH_CALLBACK_MESSAGE, oauthRedirectUri } from './oauth-callback';

type Store = ReturnType<typeof createStore>;

// Quiet: a failed token request is reported by its own message, not the generic HTTP error toast.
let tokenClient: KyInstance | null = null;
const client = () => (tokenClient ??= createHostClient({ prefixUrl: absoluteApiUrl(kiteConfig.apiUrl), notify: () => {} }));

/** The host's answer to a token request, or an Error naming the endpoint (not allowed, down, slow). */
export async function postTokenRequest(request: OAuthTokenRequest): Promise<OAuthTokenResponse> {
  try {
    return await client().post(API_ENDPOINTS.oauthToken, { json: request }).json<OAuthTokenResponse>();
  } catch (error) {
    if (error instanceof HTTPError) {
      const body = await readHostError(error.response);
      throw new Error(body?.error.message ?? `The token request to ${request.tokenUrl} failed: HTTP ${error.response.status}`);
    }
    throw new Error(`The token request to ${request.tokenUrl} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const clientOf = (auth: AuthState): OAuthClient => ({ tokenUrl: (auth.tokenUrl ?? '').trim(), clientId: auth.clientId ?? '', clientSecret: auth.clientSecret ?? '', scope: auth.scope ?? '' });

/** Whose token it is: the application on screen, its active environment and the client. */
export function tokenOwner(store: Store, auth: AuthState): TokenOwner {
  return { application: store.get(workspaceApplicationAtom), environment: store.get(applicationWorkspaceAtom).active, tokenUrl: auth.tokenUrl ?? '', clientId: auth.clientId ?? '' };
}

/** Asks the token endpoint; keeps the token (or the failure, shown in the Auth tab) for its owner. */
async function obtain(store: Store, auth: AuthState, owner: TokenOwner, grant: TokenGrantRequest): Promise<OAuthToken> {
  const oauthClient = clientOf(auth);
  return keepFor(store, owner, async () => {
    const answer = await postTokenRequest({ tokenUrl: oauthClient.tokenUrl, form: tokenRequestForm(oauthClient, grant) });
    const read = readTokenResponse(oauthClient.tokenUrl, answer, Date.now(), oauthClient.scope);
    if (!read.ok) throw new Error(read.message);
    return read.token;
  });
}

/** Keeps the token `get` brings for its owner, or its failure (shown in the Auth tab); null (cancelled) keeps nothing. */
async function keepFor<T extends OAuthToken | null>(store: Store, owner: TokenOwner, get: () => Promise<T>): Promise<T> {
  const key = tokenKey(owner);
  try {
    const token = await get();
    if (token) store.set(tokenStoreAtom, (tokens) => ({ ...tokens, [key]: token }));
    store.set(tokenErrorAtom, ({ [key]: _gone, ...rest }) => rest);
    return token;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    store.set(tokenErrorAtom, (errors) => ({ ...errors, [key]: message }));
    throw new Error(message);
  }
}

/** What the person needs to sign in with a device code: the code and where to type it. */
export type DeviceSignIn = Pick<DeviceAuthorization, 'userCode' | 'verificationUri' | 'verificationUriComplete' | 'expiresAt'>;

/** How the Auth tab follows a device code sign-in: it shows the code, and Cancel aborts the polling. */
export interface DeviceFlowHandlers {
  onCode: (signIn: DeviceSignIn) => void;
  signal: AbortSignal;
}

/**
 * The device code grant (RFC 8628): a device code from the device authorization endpoint (through
 * the host, under the allow-list), shown to the person, then the token endpoint polled at the
 * server's interval until the token comes, the code expires, the sign-in is declined or the person
 * cancels (null).
 */
async function deviceCodeToken(auth: AuthState, handlers: DeviceFlowHandlers): Promise<OAuthToken | null> {
  const oauthClient = clientOf(auth);
  const endpoint = (auth.authorizationUrl ?? '').trim();
  const authorization = readDeviceAuthorization(endpoint, await postTokenRequest({ tokenUrl: endpoint, form: deviceAuthorizationForm(oauthClient) }), Date.now());
  if (!authorization.ok) throw new Error(authorization.message);
  let device = authorization.device;
  handlers.onCode({ userCode: device.userCode, verificationUri: device.verificationUri, verificationUriComplete: device.verificationUriComplete, expiresAt: device.expiresAt });
  for (;;) {
    if (!(await waitUnlessCancelled(device.intervalMs, handlers.signal))) return null;
    const answer = await postTokenRequest({ tokenUrl: oauthClient.tokenUrl, form: tokenRequestForm(oauthClient, { grant: 'device_code', deviceCode: device.deviceCode }) });
    if (handlers.signal.aborted) return null;
    const step = nextPollStep(oauthClient.tokenUrl, answer, device, Date.now(), oauthClient.scope);
    if (step.kind === 'token') return step.token;
    if (step.kind === 'stop') throw new Error(step.message);
    device = { ...device, intervalMs: step.intervalMs };
  }
}

/** Resolves true after `ms`, or false as soon as the signal aborts (Cancel). */
function waitUnlessCancelled(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A new token for the auth's grant: client credentials and password at once, the authorization code
 * through the popup (null when the person closed it), the device code with the Auth tab's handlers
 * (null when cancelled).
 */
export async function requestNewToken(store: Store, auth: AuthState, device?: DeviceFlowHandlers): Promise<OAuthToken | null> {
  const grant = auth.grant ?? DEFAULT_GRANT;
  const problem = clientProblem(clientOf(auth), grant, auth.authorizationUrl);
  if (problem) throw new Error(problem);
  const owner = tokenOwner(store, auth);
  if (grant === 'client_credentials') return obtain(store, auth, owner, { grant });
  if (grant === 'password') return obtain(store, auth, owner, { grant, username: auth.username, password: auth.password });
  if (grant === 'device_code') {
    if (!device) throw new Error('The device code grant needs a person: sign in with "Get new access token" on the Auth tab.');
    return keepFor(store, owner, () => deviceCodeToken(auth, device));
  }
  const redirectUri = oauthRedirectUri(window.location.origin, kiteConfig.basePath);
  const flow = await authorizationRequest({ authorizationUrl: (auth.authorizationUrl ?? '').trim(), clientId: auth.clientId ?? '', scope: auth.scope ?? '', redirectUri });
  const redirect = await popupRedirect(flow.url);
  if (redirect === null) return null; // closed by the person: cancelled quietly
  const result = readRedirect(redirect, flow.state);
  if (!result.ok) {
    store.set(tokenErrorAtom, (errors) => ({ ...errors, [tokenKey(owner)]: result.message }));
    throw new Error(result.message);
  }
  return obtain(store, auth, owner, { grant: 'authorization_code', code: result.code, codeVerifier: flow.codeVerifier, redirectUri });
}

const POPUP_CLOSED_CHECK_MS = 400;

/** Opens the authorization URL in a popup; resolves with the redirect page's address, or null when the popup was closed first. */
function popupRedirect(url: string): Promise<string | null> {
  const popup = window.open(url, 'kite-oauth', 'popup,width=520,height=680');
  if (!popup) return Promise.reject(new Error('The browser blocked the sign-in window: allow popups for this page and try again.'));
  return new Promise((resolve) => {
    const finish = (value: string | null) => {
      window.removeEventListener('message', onMessage);
      clearInterval(closedCheck);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      // Only Kite's own redirect page (same origin) is listened to; the state check refuses another flow's.
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === OAUTH_CALLBACK_MESSAGE && typeof data.url === 'string') finish(data.url);
    };
    window.addEventListener('message', onMessage);
    // A window has no "closed" event: its flag is looked at now and then.
    const closedCheck = setInterval(() => {
      if (popup.closed) finish(null);
    }, POPUP_CLOSED_CHECK_MS);
  });
}

/**
 * The access token a request goes out with: the stored one while valid; when it expired, a
 * refreshed one (its refresh token), else a new one for a grant that needs no person. Throws when
 * there is none to be had, so the request is not sent with a stale token.
 */
export async function accessTokenForSend(store: Store, auth: AuthState, options: { forceRefresh?: boolean } = {}): Promise<string> {
  const owner = tokenOwner(store, auth);
  const stored = store.get(tokenStoreAtom)[tokenKey(owner)];
  if (stored && !options.forceRefresh && !isExpired(stored, Date.now())) return stored.accessToken;
  if (stored?.refreshToken) return (await obtain(store, auth, owner, { grant: 'refresh_token', refreshToken: stored.refreshToken })).accessToken;
  if (INTERACTIVE_GRANTS.includes(auth.grant ?? DEFAULT_GRANT)) {
    const why = stored ? (options.forceRefresh ? 'was refused (401) and' : 'expired and') : 'is missing:';
    throw new Error(`The OAuth 2.0 access token ${why} ${stored ? 'there is no refresh token' : 'sign in'} with "Get new access token" on the Auth tab.`);
  }
  const token = await requestNewToken(store, auth);
  if (!token) throw new Error('No access token was obtained.');
  return token.accessToken;
}

/** Forgets the owner's token (the Auth tab's "Forget token"). */
export function forgetToken(store: Store, auth: AuthState): void {
  const key = tokenKey(tokenOwner(store, auth));
  store.set(tokenStoreAtom, ({ [key]: _gone, ...rest }) => rest);
  store.set(tokenErrorAtom, ({ [key]: _gone, ...rest }) => rest);
}
