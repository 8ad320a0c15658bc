// Reading a token endpoint's answer (RFC 6749 5.1 and 5.2): a token with its expiry and scopes, or
// a message that names the endpoint and what went wrong (an OAuth error, an HTML page, no token).
// Pure: the time is given.
import type { OAuthTokenResponse } from '../../../../protocol/types';

export interface OAuthToken {
  accessToken: string;
  tokenType: string;
  /** When it stops being valid (ms since the epoch); null when the server did not say. */
  expiresAt: number | null;
  refreshToken?: string;
  /** The scopes granted (the ones asked for when the server did not say). */
  scope: string;
  obtainedAt: number;
}

export type TokenResult = { ok: true; token: OAuthToken } | { ok: false; message: string };

const MAX_SHOWN = 120;

/** `body` shortened to one line for a message. */
function excerpt(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > MAX_SHOWN ? `${line.slice(0, MAX_SHOWN)}…` : line;
}

/**
 * The token in the endpoint's answer, or why there is none. `requestedScope` stands for the scope
 * when the answer leaves it out (RFC 6749 5.1: then it is the one asked for).
 */
export function readTokenResponse(endpoint: string, answer: OAuthTokenResponse, now: number, requestedScope = ''): TokenResult {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    const what = /html/i.test(answer.contentType) || /^\s*</.test(answer.body) ? 'an HTML page' : `'${excerpt(answer.body) || 'nothing'}'`;
    return { ok: false, message: `The token endpoint ${endpoint} answered ${answer.status} with ${what}, not a token (JSON).` };
  }
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (typeof fields.error === 'string') {
    const description = typeof fields.error_description === 'string' && fields.error_description ? `: ${fields.error_description}` : '';
    return { ok: false, message: `The token endpoint ${endpoint} refused the request (${answer.status} ${fields.error}${description}).` };
  }
  if (answer.status < 200 || answer.status > 299) return { ok: false, message: `The token endpoint ${endpoint} answered ${answer.status}: ${excerpt(answer.body)}` };
  if (typeof fields.access_token !== 'string' || fields.access_token === '') return { ok: false, message: `The token endpoint ${endpoint} answered without an access_token.` };
  const expiresIn = typeof fields.expires_in === 'number' ? fields.expires_in : typeof fields.expires_in === 'string' && /^\d+$/.test(fields.expires_in) ? Number(fields.expires_in) : null;
  return {
    ok: true,
    token: {
      accessToken: fields.access_token,
      tokenType: typeof fields.token_type === 'string' ? fields.token_type : 'Bearer',
      expiresAt: expiresIn === null ? null : now + expiresIn * 1000,
      ...(typeof fields.refresh_token === 'string' && fields.refresh_token ? { refreshToken: fields.refresh_token } : {}),
      scope: typeof fields.scope === 'string' ? fields.scope : requestedScope,
      obtainedAt: now,
    },
  };
}

/** Seconds before the stated expiry at which a token counts as expired (clocks differ, the request takes time). */
export const EXPIRY_MARGIN_MS = 5000;

export function isExpired(token: Pick<OAuthToken, 'expiresAt'>, now: number): boolean {
  return token.expiresAt !== null && now >= token.expiresAt - EXPIRY_MARGIN_MS;
}

/** "expires in 59 min", "expired 3 s ago", "no expiry given". */
export function expiryText(token: Pick<OAuthToken, 'expiresAt'>, now: number): string {
  if (token.expiresAt === null) return 'no expiry given';
  const seconds = Math.round((token.expiresAt - now) / 1000);
  const span = (value: number) => (value >= 3600 ? `${Math.round(value / 3600)} h` : value >= 60 ? `${Math.round(value / 60)} min` : `${value} s`);
  return seconds > 0 ? `expires in ${span(seconds)}` : `expired ${span(-seconds)} ago`;
}
