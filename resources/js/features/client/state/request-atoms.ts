// The request being built, as one jotai atom loaded from (and saved back to) localStorage.
import { atom } from 'jotai';
import { loadPreferences } from '../../../lib/preferences/storage';
import { loadRequestState } from '../request/persistence';
import type { RequestState } from '../request/request-state';

export function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // access itself throws when storage is blocked
  }
}

export const requestStateAtom = atom<RequestState>(loadRequestState(browserStorage(), loadPreferences()));

export type RequestUpdate = Partial<RequestState> | ((previous: RequestState) => RequestState);

/** Merges a partial update (or applies a function) into the request being built. */
export const updateRequestAtom = atom(null, (get, set, update: RequestUpdate) => {
  const previous = get(requestStateAtom);
  set(requestStateAtom, typeof update === 'function' ? update(previous) : { ...previous, ...update });
});
