// "Send as…": the identities one request is sent as (a guest, the logged-in user, users by id, a
// bearer token, another environment) and the one relay request each of them gets. The request's
// own auth is replaced by the identity's; everything else goes out as Send sends it
// (relayRequestOf). Pure; no React, no DOM.
import { IDENTITY_TOKEN_PATTERN, IDENTITY_USER_ID_PATTERN } from '../../../../protocol/endpoints.js';
import type { RelayRequest, SavedIdentity } from '../../../../protocol/types';
import type { AuthState, RequestState } from '../request/request-state';
import { relayRequestOf, requestProblem } from '../request/relay-request';
import { resolveRequest, unresolvedMessage, type VariableScope } from '../workspace/variables';

export type Identity = SavedIdentity;

/** "Guest", "Logged-in user", "User #3", "Token {{admin_token}}", "Environment staging". */
export function identityLabel(identity: Identity): string {
  switch (identity.kind) {
    case 'guest':
      return 'Guest';
    case 'current-user':
      return 'Logged-in user';
    case 'user':
      return `User #${identity.userId}`;
    case 'token':
      return `Token ${identity.token}`;
    case 'environment':
      return `Environment ${identity.environment}`;
  }
}

/** A stable key for lists and for telling one identity from another (the same user twice is one). */
export function identityKey(identity: Identity): string {
  switch (identity.kind) {
    case 'user':
      return `user:${identity.userId.trim()}`;
    case 'token':
      return `token:${identity.token.trim()}`;
    case 'environment':
      return `environment:${identity.environment}`;
    default:
      return identity.kind;
  }
}

/** The list with `identity` added at the end, unless it is there already. */
export function withIdentity(list: readonly Identity[], identity: Identity): Identity[] {
  const key = identityKey(identity);
  return list.some((item) => identityKey(item) === key) ? [...list] : [...list, identity];
}

/** What is wrong with an identity as typed, or null: a user needs an id, a token a `{{variable}}` reference. */
export function identityProblem(identity: Identity): string | null {
  if (identity.kind === 'user' && !IDENTITY_USER_ID_PATTERN.test(identity.userId.trim())) return 'A user is given by its id (letters, digits, - or _) or a {{variable}}';
  if (identity.kind === 'token' && !IDENTITY_TOKEN_PATTERN.test(identity.token.trim())) return 'A token is given as a {{variable}} reference (its value stays in the environment), e.g. {{admin_token}}';
  if (identity.kind === 'environment' && identity.environment.trim() === '') return 'Name the environment';
  return null;
}

/** The request's auth as the identity: an environment keeps the request's own auth (only its variables change). */
export function authAs(auth: AuthState, identity: Identity): AuthState {
  const blank: AuthState = { type: 'none', token: '', username: '', password: '', userId: '' };
  switch (identity.kind) {
    case 'guest':
      return blank;
    case 'current-user':
      return { ...blank, type: 'current-user' };
    case 'user':
      return { ...blank, type: 'impersonate', userId: identity.userId.trim() };
    case 'token':
      return { ...blank, type: 'bearer', token: identity.token.trim() };
    case 'environment':
      return auth;
  }
}

export function requestAs(state: RequestState, identity: Identity): RequestState {
  return { ...state, auth: authAs(state.auth, identity) };
}

/** What every identity's relay request is built from besides its auth (the client's send gathers it). */
export interface RelayParts {
  typed: RequestState;
  globalHeaders: Array<{ name: string; value: string }>;
  jarCookies: Array<{ name: string; value: string }>;
  /** The application's environments, by name. */
  environments: string[];
  /** The variable scope with the active environment, or with the one named. */
  scopeOf(environment?: string): VariableScope;
}

/** identityRequests from the parts the client gathered: an environment identity resolves in its environment. */
export function identityRequestsOf(parts: RelayParts, identities: readonly Identity[]): IdentityRequest[] {
  const rows = identityRequests(parts.typed, identities, (identity) => parts.scopeOf(identity.kind === 'environment' ? identity.environment : undefined), parts.globalHeaders, parts.jarCookies);
  return rows.map((row) =>
    row.identity.kind === 'environment' && !parts.environments.includes(row.identity.environment)
      ? { identity: row.identity, label: row.label, problem: `There is no environment named ${row.identity.environment}` }
      : row,
  );
}

export type IdentityRequest = { identity: Identity; label: string; request: RelayRequest } | { identity: Identity; label: string; problem: string };

/**
 * One relay request per identity, through the one mapping (relayRequestOf): the typed request as
 * the identity, its `{{variables}}` resolved in the identity's scope (`scopeOf`: another
 * environment's for an environment identity, the active one otherwise). An identity that cannot be
 * sent (a bad id, a variable without a value) gets its problem instead, and the others still go.
 */
export function identityRequests(
  typed: RequestState,
  identities: readonly Identity[],
  scopeOf: (identity: Identity) => VariableScope,
  globalHeaders: Array<{ name: string; value: string }>,
  jarCookies: Array<{ name: string; value: string }> = [],
): IdentityRequest[] {
  return identities.map((identity) => {
    const label = identityLabel(identity);
    const problem = identityProblem(identity);
    if (problem) return { identity, label, problem };
    const as = requestAs(typed, identity);
    const blocked = requestProblem(as);
    if (blocked) return { identity, label, problem: blocked.title };
    const { state, unresolved } = resolveRequest(as, scopeOf(identity));
    if (unresolved.length > 0) return { identity, label, problem: unresolvedMessage(unresolved) };
    return { identity, label, request: relayRequestOf(state, globalHeaders, jarCookies) };
  });
}

/** A saved file's `identities` as a list; whatever is malformed is left out. */
export function normalizeIdentities(value: unknown): Identity[] {
  if (!Array.isArray(value)) return [];
  const list: Identity[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const raw = item as Record<string, unknown>;
    const expect = typeof raw.expectStatus === 'number' && Number.isInteger(raw.expectStatus) ? { expectStatus: raw.expectStatus } : {};
    let identity: Identity | null = null;
    if (raw.kind === 'guest' || raw.kind === 'current-user') identity = { kind: raw.kind, ...expect };
    else if (raw.kind === 'user' && typeof raw.userId === 'string') identity = { kind: 'user', userId: raw.userId, ...expect };
    else if (raw.kind === 'token' && typeof raw.token === 'string') identity = { kind: 'token', token: raw.token, ...expect };
    else if (raw.kind === 'environment' && typeof raw.environment === 'string') identity = { kind: 'environment', environment: raw.environment, ...expect };
    if (identity && identityProblem(identity) === null) list.push(identity);
  }
  return list;
}
