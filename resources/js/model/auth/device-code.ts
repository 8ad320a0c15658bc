// The OAuth 2.0 device authorization grant (RFC 8628): reading the device authorization answer
// (the code the person types, where they type it, how often Kite may ask) and what each answer
// of the token endpoint means while Kite polls it. Pure: the time is given.
import type { OAuthTokenResponse } from '../../../../protocol/types';
import { readTokenResponse, type OAuthToken } from './token-response';
import type { OAuthClient } from './oauth-grants';

/** RFC 8628 3.2: without an `interval`, the client waits 5 s between polls; `slow_down` adds 5 s. */
export const DEFAULT_POLL_INTERVAL_MS = 5000;
export const SLOW_DOWN_STEP_MS = 5000;

export interface DeviceAuthorization {
  deviceCode: string;
  /** What the person types on the verification page. */
  userCode: string;
  verificationUri: string;
  /** The verification page with the code filled in, when the server gives one. */
  verificationUriComplete?: string;
  /** When the device code stops being valid (ms since the epoch). */
  expiresAt: number;
  intervalMs: number;
}

type Form = Array<{ name: string; value: string }>;

/** The device authorization request's form (RFC 8628 3.1): the client and the scope. */
export function deviceAuthorizationForm(client: OAuthClient): Form {
  const form: Form = [{ name: 'client_id', value: client.clientId }];
  if (client.scope.trim()) form.push({ name: 'scope', value: client.scope.trim() });
  if (client.clientSecret) form.push({ name: 'client_secret', value: client.clientSecret });
  return form;
}

/** The device authorization endpoint's answer (RFC 8628 3.2), or why it is not one. */
export function readDeviceAuthorization(endpoint: string, answer: OAuthTokenResponse, now: number): { ok: true; device: DeviceAuthorization } | { ok: false; message: string } {
  let fields: Record<string, unknown> = {};
  try {
    const body: unknown = JSON.parse(answer.body);
    if (body && typeof body === 'object' && !Array.isArray(body)) fields = body as Record<string, unknown>;
  } catch {
    return { ok: false, message: `The device authorization endpoint ${endpoint} answered ${answer.status} with ${/^\s*</.test(answer.body) ? 'an HTML page' : 'no JSON'}, not a device code.` };
  }
  if (typeof fields.error === 'string') {
    const description = typeof fields.error_description === 'string' && fields.error_description ? `: ${fields.error_description}` : '';
    return { ok: false, message: `The device authorization endpoint ${endpoint} refused the request (${answer.status} ${fields.error}${description}).` };
  }
  const text = (name: string) => (typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : undefined);
  const seconds = (name: string) => (typeof fields[name] === 'number' && (fields[name] as number) > 0 ? (fields[name] as number) : undefined);
  const deviceCode = text('device_code');
  const userCode = text('user_code');
  const verificationUri = text('verification_uri') ?? text('verification_url');
  const expiresIn = seconds('expires_in');
  if (answer.status < 200 || answer.status > 299 || !deviceCode || !userCode || !verificationUri || expiresIn === undefined) {
    return { ok: false, message: `The device authorization endpoint ${endpoint} answered ${answer.status} without a device_code, user_code, verification_uri and expires_in.` };
  }
  const complete = text('verification_uri_complete');
  return {
    ok: true,
    device: {
      deviceCode,
      userCode,
      verificationUri,
      ...(complete ? { verificationUriComplete: complete } : {}),
      expiresAt: now + expiresIn * 1000,
      intervalMs: (seconds('interval') ?? DEFAULT_POLL_INTERVAL_MS / 1000) * 1000,
    },
  };
}

/** What to do after one poll of the token endpoint (RFC 8628 3.5). */
export type PollStep =
  | { kind: 'token'; token: OAuthToken }
  /** Ask again after `intervalMs` (the person has not finished; or slow down: 5 s more). */
  | { kind: 'wait'; intervalMs: number }
  /** Stop: the message says why (expired, denied, another error). */
  | { kind: 'stop'; message: string };

/** The next step after the token endpoint answered `answer` to a poll made with `intervalMs`. */
export function nextPollStep(endpoint: string, answer: OAuthTokenResponse, device: Pick<DeviceAuthorization, 'expiresAt' | 'intervalMs'>, now: number, requestedScope = ''): PollStep {
  let error: unknown;
  try {
    error = (JSON.parse(answer.body) as { error?: unknown } | null)?.error;
  } catch {
    error = undefined;
  }
  const expired = `The device code expired before the sign-in was finished: get a new one with "Get new access token".`;
  if (error === 'authorization_pending' || error === 'slow_down') {
    if (now >= device.expiresAt) return { kind: 'stop', message: expired };
    return { kind: 'wait', intervalMs: device.intervalMs + (error === 'slow_down' ? SLOW_DOWN_STEP_MS : 0) };
  }
  if (error === 'expired_token') return { kind: 'stop', message: expired };
  if (error === 'access_denied') return { kind: 'stop', message: `The sign-in was declined on the verification page (${endpoint}: access_denied).` };
  const read = readTokenResponse(endpoint, answer, now, requestedScope);
  return read.ok ? { kind: 'token', token: read.token } : { kind: 'stop', message: read.message };
}
