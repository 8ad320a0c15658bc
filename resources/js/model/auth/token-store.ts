// Where OAuth 2.0 tokens are kept: in this browser only (localStorage, never a file or a link), one
// per application, environment and client, so switching environments switches tokens. Pure.
import type { OAuthToken } from './token-response';

export type TokenStore = Record<string, OAuthToken>;

export interface TokenOwner {
  application: string;
  /** The active environment's name; null when none is. */
  environment: string | null;
  tokenUrl: string;
  clientId: string;
}

export function tokenKey(owner: TokenOwner): string {
  return JSON.stringify([owner.application, owner.environment ?? '', owner.tokenUrl.trim(), owner.clientId.trim()]);
}

const isToken = (value: unknown): value is OAuthToken => {
  const token = value as OAuthToken;
  return Boolean(token) && typeof token.accessToken === 'string' && typeof token.obtainedAt === 'number' && (token.expiresAt === null || typeof token.expiresAt === 'number');
};

/** The stored tokens that read; anything else is dropped. */
export function readTokenStore(value: unknown): TokenStore {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, token]) => isToken(token)));
}

/** `eyJhbG…x1Zw`: enough to tell tokens apart, not enough to use one. */
export function tokenPreview(accessToken: string): string {
  return accessToken.length <= 12 ? '•'.repeat(accessToken.length) : `${accessToken.slice(0, 6)}…${accessToken.slice(-4)}`;
}
