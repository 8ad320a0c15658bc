// The request being built survives a reload: it is saved under its own localStorage key and read
// back field by field, so a corrupt or outdated entry yields defaults (per field), never a crash.
import type { AuthorizationType } from '../../../../../protocol/types';
import { BODY_TYPES, type BodyType } from '../../../lib/body-types';
import { AUTHORIZATION_OPTIONS } from '../../../lib/authorization';
import {
  HTTP_METHODS,
  type KeyValueRow,
  type MultipartRow,
  type RequestDefaults,
  type RequestState,
  defaultRequestState,
  emptyRow,
  newRowId,
} from './request-state';
import { splitUrl } from './url';

export const REQUEST_STORAGE_KEY = 'kite:request';

/** Bodies and files above this are not kept across reloads: local storage holds ~5 MB in all. */
export const MAX_PERSISTED_TEXT = 1_000_000;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

function rows(value: unknown): KeyValueRow[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((row) => ({
    id: asString(row.id, '') || newRowId(),
    enabled: row.enabled !== false,
    name: asString(row.name, ''),
    value: asString(row.value, ''),
  }));
}

function multipartRows(value: unknown): MultipartRow[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((row) => {
    const base = rows([row])[0];
    const file = isRecord(row.file)
      ? {
          filename: asString(row.file.filename, 'file'),
          contentType: asString(row.file.contentType, 'application/octet-stream'),
          size: typeof row.file.size === 'number' ? row.file.size : 0,
          base64: typeof row.file.base64 === 'string' ? row.file.base64 : undefined,
        }
      : undefined;
    return { ...base, kind: row.kind === 'file' ? 'file' : 'text', file };
  });
}

/** Reads any value into a complete RequestState; unknown or malformed parts take the defaults. */
export function normalizeRequestState(value: unknown, defaults?: RequestDefaults): RequestState {
  const base = defaultRequestState(defaults);
  if (!isRecord(value)) return base;
  const auth = isRecord(value.auth) ? value.auth : {};
  const authType = AUTHORIZATION_OPTIONS.some((option) => option.type === auth.type) ? (auth.type as AuthorizationType) : base.auth.type;
  // The query lives in the rows only (older saves kept it in the URL too), so it goes out once.
  const { path, query: inlineQuery } = splitUrl(asString(value.url, base.url));
  const pathParams: Record<string, string> = {};
  if (isRecord(value.pathParams)) {
    for (const [key, item] of Object.entries(value.pathParams)) if (typeof item === 'string') pathParams[key] = item;
  }
  return {
    application: asString(value.application, base.application),
    routeId: asString(value.routeId, base.routeId),
    method: HTTP_METHODS.includes(value.method as RequestState['method']) ? (value.method as RequestState['method']) : base.method,
    url: path,
    pathParams,
    query: [...rows(value.query), ...inlineQuery.map((item) => emptyRow(item.name, item.value))],
    headers: rows(value.headers),
    disabledGlobalHeaders: Array.isArray(value.disabledGlobalHeaders)
      ? value.disabledGlobalHeaders.filter((name): name is string => typeof name === 'string')
      : [],
    bodyType: BODY_TYPES.some((type) => type.id === value.bodyType) ? (value.bodyType as BodyType) : base.bodyType,
    jsonBody: asString(value.jsonBody, base.jsonBody),
    formFields: rows(value.formFields),
    multipartFields: multipartRows(value.multipartFields),
    rawBody: asString(value.rawBody, base.rawBody),
    rawContentType: asString(value.rawContentType, base.rawContentType),
    auth: {
      type: authType,
      token: asString(auth.token, ''),
      username: asString(auth.username, ''),
      password: asString(auth.password, ''),
      userId: asString(auth.userId, ''),
    },
    autofillSeed: typeof value.autofillSeed === 'number' && Number.isFinite(value.autofillSeed) ? value.autofillSeed : null,
  };
}

export function loadRequestState(storage: StorageLike | undefined, defaults?: RequestDefaults): RequestState {
  try {
    const text = storage?.getItem(REQUEST_STORAGE_KEY);
    if (!text) return defaultRequestState(defaults);
    return normalizeRequestState(JSON.parse(text), defaults);
  } catch (error) {
    console.warn('Kite: the saved request could not be read; starting from defaults.', error);
    return defaultRequestState(defaults);
  }
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
  if (!storage) return false;
  try {
    storage.setItem(REQUEST_STORAGE_KEY, JSON.stringify(slimRequestState(state)));
    return true;
  } catch (error) {
    console.warn('Kite: the request could not be saved for the next visit.', error);
    return false;
  }
}
