// Drafts: what was typed for a route (per route and method) is kept when the user leaves it, until
// it is sent or reset, and survives a reload under its own localStorage key. A corrupt entry yields
// no drafts, never a crash; a full storage drops the oldest drafts first.
import { readStored, writeStoredResult, type StorageLike, type StoredKey } from '../../lib/storage';
import { slimRequestState } from '../tabs/tabs';
import { normalizeRequestState } from '../../model/request/normalize-request';
import type { RequestDefaults, RequestState } from '../../model/request/request-state';

export const DRAFTS_STORAGE_KEY = 'kite:drafts';
/** Drafts kept at most; the oldest go first. */
export const MAX_DRAFTS = 30;

/** Drafts by key, oldest first. */
export type Drafts = Record<string, RequestState>;

export function draftKey(request: Pick<RequestState, 'application' | 'method'>, routeId: string): string {
  return `${request.application}|${routeId}|${request.method}`;
}

/** The request as the user sees it: row ids (new on every load) and the authorization (kept across routes) aside. */
function comparable(state: RequestState): string {
  return JSON.stringify({ ...slimRequestState(state), auth: null }, (key, value) => (key === 'id' ? undefined : value));
}

export function sameRequest(a: RequestState, b: RequestState): boolean {
  return comparable(a) === comparable(b);
}

export function keepDraft(drafts: Drafts, key: string, state: RequestState, max = MAX_DRAFTS): Drafts {
  const next: Drafts = { ...dropDraft(drafts, key), [key]: slimRequestState(state) };
  const keys = Object.keys(next);
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) delete next[old];
  return next;
}

export function dropDraft(drafts: Drafts, key: string): Drafts {
  if (!(key in drafts)) return drafts;
  const { [key]: _dropped, ...rest } = drafts;
  return rest;
}

/** The drafts' localStorage key (lib/storage.ts sets aside what does not read). */
function draftsStoredKey(defaults?: RequestDefaults): StoredKey<Drafts> {
  return {
    key: DRAFTS_STORAGE_KEY,
    label: 'the drafts',
    fallback: () => ({}),
    read: (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('it is not an object');
      return Object.fromEntries(Object.entries(value).map(([key, state]) => [key, normalizeRequestState(state, defaults)]));
    },
  };
}

export function loadDrafts(storage: StorageLike | undefined, defaults?: RequestDefaults): Drafts {
  return readStored(draftsStoredKey(defaults), storage);
}

/** Saves the drafts, dropping the oldest until they fit; returns the drafts that were saved. */
export function saveDrafts(storage: StorageLike | undefined, drafts: Drafts): Drafts {
  const spec = draftsStoredKey();
  let kept = drafts;
  for (;;) {
    const keys = Object.keys(kept);
    // Only a full quota drops drafts, the oldest first; the last try says so when even none fit.
    if (writeStoredResult(spec, kept, storage, { quietWhenFull: keys.length > 0 }) !== 'full' || keys.length === 0) return kept;
    kept = dropDraft(kept, keys[0]);
  }
}
