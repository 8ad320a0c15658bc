// The request being built survives a reload: it is saved under its own localStorage key and read
// back field by field (model/request/normalize-request.ts), so a corrupt entry never crashes.
import { isRecord } from '../../model/is-record';
import { readStored, writeStored, type StorageLike, type StoredKey } from '../../lib/storage';
import { type RequestDefaults, type RequestState, defaultRequestState } from '../../model/request/request-state';
import { normalizeRequestState } from '../../model/request/normalize-request';

export const REQUEST_STORAGE_KEY = 'kite:request';

/** Bodies and files above this are not kept across reloads: local storage holds ~5 MB in all. */
export const MAX_PERSISTED_TEXT = 1_000_000;

/** The request's localStorage key, read back field by field (lib/storage.ts sets aside what does not read). */
export function requestStoredKey(defaults?: RequestDefaults): StoredKey<RequestState> {
  return {
    key: REQUEST_STORAGE_KEY,
    label: 'the request being built',
    fallback: () => defaultRequestState(defaults),
    read: (stored) => {
      if (!isRecord(stored)) throw new Error('it is not an object');
      const unreadable: string[] = [];
      const state = normalizeRequestState(stored, defaults, unreadable);
      if (unreadable.length > 0) {
        console.warn(`Kite: the saved request (localStorage "${REQUEST_STORAGE_KEY}") had unreadable fields (${unreadable.join(', ')}); they start from their defaults.`);
      }
      return state;
    },
    toStored: (state) => slimRequestState(state),
  };
}

export function loadRequestState(storage: StorageLike | undefined, defaults?: RequestDefaults): RequestState {
  return readStored(requestStoredKey(defaults), storage);
}

/** The state without what is too large to keep: big bodies and file contents. */
export function slimRequestState(state: RequestState): RequestState {
  return {
    ...state,
    jsonBody: state.jsonBody.length > MAX_PERSISTED_TEXT ? '' : state.jsonBody,
    rawBody: state.rawBody.length > MAX_PERSISTED_TEXT ? '' : state.rawBody,
    multipartFields: state.multipartFields.map((row) =>
      row.file?.base64 && row.file.base64.length > MAX_PERSISTED_TEXT ? { ...row, file: { ...row.file, base64: undefined } } : row,
    ),
  };
}

/** Saves the state; returns false (and keeps the old entry) when storage refuses it. */
export function saveRequestState(storage: StorageLike | undefined, state: RequestState): boolean {
  return writeStored(requestStoredKey(), state, storage);
}
