// A request read back from anything (a stored entry, a saved file, a share link, a draft): field
// by field, so a corrupt or outdated value yields defaults (per field), never a crash.
import { BODY_TYPES } from './body-types';
import { AUTHORIZATION_OPTIONS } from './authorization';
import { isRecord } from '../is-record';
import {
  HTTP_METHODS,
  type KeyValueRow,
  type MultipartRow,
  type RequestDefaults,
  type AuthState,
  type RequestAuthType,
  type RequestState,
  defaultRequestState,
  emptyRow,
  newRowId,
} from './request-state';
import { readAuthSettings } from '../auth/auth-settings';
import { normalizeAssertions } from '../assertions/assertion';
import { normalizeIdentities } from '../send-as/identity';
import { normalizeCaptureRules } from '../workspace/capture-rules';
import { splitUrl } from './url';

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

/**
 * A stored or saved auth (a request's, a folder's) as a complete AuthState: a type that is not a
 * request's takes `fallbackType`, fields that are not text are left empty.
 */
export function normalizeAuth(value: unknown, fallbackType: RequestAuthType): AuthState {
  const auth = isRecord(value) ? value : {};
  const known = auth.type === 'inherit' || AUTHORIZATION_OPTIONS.some((option) => option.type === auth.type);
  return {
    type: known ? (auth.type as RequestAuthType) : fallbackType,
    token: asString(auth.token, ''),
    username: asString(auth.username, ''),
    password: asString(auth.password, ''),
    userId: asString(auth.userId, ''),
    ...readAuthSettings(auth),
  };
}

/**
 * Reads any value into a complete RequestState; unknown or malformed parts take the defaults. The
 * names of present but unreadable top-level fields are added to `unreadable`.
 */
export function normalizeRequestState(value: unknown, defaults?: RequestDefaults, unreadable: string[] = []): RequestState {
  const base = defaultRequestState(defaults);
  if (!isRecord(value)) return base;
  /** The stored field when `accepts` it, else the fallback (noting a present field as unreadable). */
  const field = <T>(key: keyof RequestState, accepts: (item: unknown) => boolean, fallback: T): T => {
    if (accepts(value[key])) return value[key] as T;
    if (value[key] !== undefined) unreadable.push(key);
    return fallback;
  };
  const text = (key: keyof RequestState, fallback: string) => field(key, (item) => typeof item === 'string', fallback);
  const list = (key: keyof RequestState) => field<unknown[]>(key, Array.isArray, []);
  // The query lives in the rows only (older saves kept it in the URL too), so it goes out once.
  const { path, query: inlineQuery } = splitUrl(field('url', (item) => typeof item === 'string', base.url));
  const pathParams: Record<string, string> = {};
  for (const [key, item] of Object.entries(field<Record<string, unknown>>('pathParams', isRecord, {}))) if (typeof item === 'string') pathParams[key] = item;
  return {
    application: text('application', base.application),
    routeId: text('routeId', base.routeId),
    method: field('method', (item) => HTTP_METHODS.includes(item as RequestState['method']), base.method),
    url: path,
    pathParams,
    query: [...rows(list('query')), ...inlineQuery.map((item) => emptyRow(item.name, item.value))],
    headers: rows(list('headers')),
    disabledGlobalHeaders: list('disabledGlobalHeaders').filter((name): name is string => typeof name === 'string'),
    bodyType: field('bodyType', (item) => BODY_TYPES.some((type) => type.id === item), base.bodyType),
    jsonBody: text('jsonBody', base.jsonBody),
    formFields: rows(list('formFields')),
    multipartFields: multipartRows(list('multipartFields')),
    rawBody: text('rawBody', base.rawBody),
    rawContentType: text('rawContentType', base.rawContentType),
    auth: normalizeAuth(field<Record<string, unknown>>('auth', isRecord, {}), base.auth.type),
    autofillSeed: field('autofillSeed', (item) => item === null || (typeof item === 'number' && Number.isFinite(item)), null),
    captures: normalizeCaptureRules(value.captures),
    assertions: normalizeAssertions(value.assertions),
    identities: normalizeIdentities(value.identities),
    transaction: value.transaction === true,
    holdOutgoingHttp: value.holdOutgoingHttp === true,
  };
}
