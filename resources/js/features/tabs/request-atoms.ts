// The request being built: the open tab's request (tabs/tab-atoms.ts, stored under kite:request).
// Every change made here is an edit, and an edit pins the preview tab; the tab atoms swap requests
// in and out through openRequestAtom, which is no edit.
import { atom, useAtomValue } from 'jotai';
import type { RequestState } from '../../model/request/request-state';
import { openRequestAtom, pinOpenTabAtom } from './tab-atoms';

export const requestStateAtom = atom(
  (get) => get(openRequestAtom),
  (get, set, next: RequestState) => {
    if (next === get(openRequestAtom)) return;
    set(openRequestAtom, next);
    set(pinOpenTabAtom);
  },
);

export type RequestUpdate = Partial<RequestState> | ((previous: RequestState) => RequestState);

/** Merges a partial update (or applies a function) into the request being built. */
export const updateRequestAtom = atom(null, (get, set, update: RequestUpdate) => {
  const previous = get(requestStateAtom);
  set(requestStateAtom, typeof update === 'function' ? update(previous) : { ...previous, ...update });
});

// The last validation answer's messages per field (see body/field-errors.ts), for the request
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
