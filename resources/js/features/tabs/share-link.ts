// Shareable links: the request as typed (method, URL, params, headers, body, the auth TYPE, the
// environment's name) and its last answer's status, time and size, deflated (fflate) and base64url
// encoded into the fragment of this Kite page's own URL, `…#share=…`, so no host needs a change.
// Secrets never go in (DESIGN.md): no token, password or user id, no secret variable's value
// (put back as `{{name}}`), no credential header or query value (model/workspace/credentials.ts, as saved
// files: its name goes, its value does not), no file contents.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { isCredentialRow, type Redact } from '../../model/workspace/credentials';
import { formatDuration, formatSize } from '../../lib/format';
import { isRecord } from '../../model/is-record';
import type { RelayResult } from '../../lib/http/relay-result';
import type { RequestState } from '../../model/request/request-state';
import { applicationWorkspace, updateApplication, type WorkspaceStore } from '../../model/workspace/environments';

/** Links longer than this break in chat apps, trackers and some browsers: say so instead of copying. */
export const MAX_LINK_LENGTH = 8000;
export const SHARE_FRAGMENT = '#share=';
const VERSION = 1;


export interface LastAnswer {
  status: number;
  ms: number;
  /** Body size in bytes. */
  size: number;
}

export interface SharedRequest {
  state: RequestState;
  environment: string | null;
  last: LastAnswer | null;
}

export function lastAnswer(result: RelayResult | null): LastAnswer | null {
  return result ? { status: result.meta.status, ms: Math.round(result.durationMs), size: result.meta.bodySize } : null;
}

/** Puts `{{name}}` back where a secret variable's value appears (variables.ts's redactSecrets with the scope). */

/** The request as a link may carry it: secrets out, row ids and file contents out. */
export function shareableState(state: RequestState, redact: Redact = (text) => text): Record<string, unknown> {
  const rows = <T extends { id: string; name: string; value: string }>(list: T[], kind?: 'header' | 'query') =>
    list.map(({ id: _id, ...row }) => ({ ...row, value: kind && isCredentialRow(kind, row) ? '' : row.value }));
  const {
    auth,
    autofillSeed: _seed,
    ...rest
  } = {
    ...state,
    query: rows(state.query, 'query'),
    headers: rows(state.headers, 'header'),
    formFields: rows(state.formFields),
    multipartFields: state.multipartFields.map(({ id: _id, file, ...row }) => ({ ...row, file: file && { ...file, base64: undefined } })),
  };
  // Any secret variable's value typed in literally goes back to its {{name}}.
  return JSON.parse(JSON.stringify({ ...rest, auth: { type: auth.type } }), (_key, value: unknown) => (typeof value === 'string' ? redact(value) : value));
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function encodeShare(shared: { state: RequestState; environment: string | null; last: LastAnswer | null }, redact?: Redact): string {
  const payload = { v: VERSION, r: shareableState(shared.state, redact), e: shared.environment ?? undefined, l: shared.last ?? undefined };
  return toBase64Url(deflateSync(strToU8(JSON.stringify(payload)), { level: 9 }));
}

/**
 * Reads a link's payload; throws with a sentence when it does not read. `normalize` reads the
 * request field by field (persistence.ts's normalizeRequestState, passed in to keep this chunk small).
 */
export function decodeShare(encoded: string, normalize: (value: unknown) => RequestState): SharedRequest {
  let payload: unknown;
  try {
    payload = JSON.parse(strFromU8(inflateSync(fromBase64Url(decodeURIComponent(encoded)))));
  } catch {
    throw new Error('The link is incomplete or damaged.');
  }
  if (!isRecord(payload) || payload.v !== VERSION || !isRecord(payload.r)) throw new Error('The link was made by another version of Kite.');
  const state = normalize(payload.r);
  const last = isRecord(payload.l) && [payload.l.status, payload.l.ms, payload.l.size].every((item) => typeof item === 'number') ? (payload.l as unknown as LastAnswer) : null;
  return {
    // Whatever the link says, no credential comes in with it.
    state: { ...state, auth: { ...withoutClientSecret(state.auth), token: '', username: '', password: '', userId: '' } },
    environment: typeof payload.e === 'string' ? payload.e : null,
    last,
  };
}

/** This page's address (origin, base path, query) with the request in its fragment. */
export function shareLink(location: Pick<Location, 'origin' | 'pathname' | 'search'>, shared: Parameters<typeof encodeShare>[0], redact?: Redact): string {
  return `${location.origin}${location.pathname}${location.search}${SHARE_FRAGMENT}${encodeShare(shared, redact)}`;
}

/** "Shared request · last answered 200 in 84 ms, 1.2 KB · environment staging". */
export function shareNote(shared: SharedRequest): string {
  const parts = ['Shared request'];
  if (shared.last) parts.push(`last answered ${shared.last.status} in ${formatDuration(shared.last.ms)}, ${formatSize(shared.last.size)}`);
  if (shared.environment) parts.push(`environment ${shared.environment}`);
  return parts.join(' · ');
}

/**
 * The environment a link names, made active when this application has one of that name. `message`
 * says what happened (null when the link names none).
 */
export function sharedEnvironment(
  store: WorkspaceStore,
  application: string,
  name: string | null,
): { store: WorkspaceStore; message: { ok: boolean; text: string; description?: string } | null } {
  if (!name) return { store, message: null };
  const workspace = applicationWorkspace(store, application);
  if (!workspace.environments.some((environment) => environment.name === name)) {
    const active = workspace.active ? `the environment ${workspace.active}` : 'no environment';
    return { store, message: { ok: false, text: `The link's environment ${name} does not exist here`, description: `The request runs with ${active}; add ${name} under Environments to use its values.` } };
  }
  const next = workspace.active === name ? store : updateApplication(store, application, (current) => ({ ...current, active: name }));
  return { store: next, message: { ok: true, text: `Switched to the environment ${name}, as the link says` } };
}

/** The auth without OAuth 2.0's client secret (a link never carries one). */
function withoutClientSecret<T extends { clientSecret?: string }>(auth: T): Omit<T, 'clientSecret'> {
  const { clientSecret: _secret, ...rest } = auth;
  return rest;
}
