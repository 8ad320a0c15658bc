// The request being built, as one jotai atom loaded from (and saved back to) localStorage.
import { atom, useAtomValue } from 'jotai';
import { loadPreferences } from '../../../lib/preferences/storage';
import { browserStorage } from '../../../lib/storage';
import { loadRequestState } from '../request/persistence';
import { type RequestState, withDocumentedAuthorization } from '../../../model/request/request-state';
import { kiteConfig } from '../../../lib/config';

export const requestStateAtom = atom<RequestState>(loadRequestState(browserStorage(), withDocumentedAuthorization(loadPreferences(), kiteConfig.applications?.[0])));

export type RequestUpdate = Partial<RequestState> | ((previous: RequestState) => RequestState);

/** Merges a partial update (or applies a function) into the request being built. */
export const updateRequestAtom = atom(null, (get, set, update: RequestUpdate) => {
  const previous = get(requestStateAtom);
  set(requestStateAtom, typeof update === 'function' ? update(previous) : { ...previous, ...update });
});

// The last validation answer's messages per field (see request/field-errors.ts), for the request
// that was sent. They show only while the request has the same route, method and URL; sending
// again clears them, and each message clears when its field's value changes.
export interface FieldErrorRecord {
  key: string;
  /** Dotted field path → messages, as the answer gave them. */
  errors: Record<string, string[]>;
  /** The request as sent (typed, variables unresolved): a field still equal to it still has its error. */
  sent: RequestState;
}

export const fieldErrorsAtom = atom<FieldErrorRecord | null>(null);

export const requestKey = (state: RequestState) => `${state.routeId} ${state.method} ${state.url}`;

/** The record for this request, or null (none, or another route's). */
export function useFieldErrors(state: RequestState): FieldErrorRecord | null {
  const record = useAtomValue(fieldErrorsAtom);
  return record && record.key === requestKey(state) ? record : null;
}
