// The whole state of the request being built: what the builder edits, what persists across a
// reload and what a history entry restores. Plain data only, so it serialises as JSON.
import type { ApiKeyLocation, AuthorizationType, HttpMethod, KiteApplication, RouteInfo } from '../../../../protocol/types';
import { type BodyType, initialBodyType } from './body-types';
import type { CaptureRule } from '../workspace/capture-rules';
import type { Assertion } from '../assertions/assertion';
import type { Identity } from '../send-as/identity';
import type { OAuthGrant } from '../auth/oauth-grants';
import { queryPairs, queryRowName, serializationOf } from './parameter-style';

export const HTTP_METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export interface KeyValueRow {
  id: string;
  enabled: boolean;
  name: string;
  value: string;
}

/** A file chosen for a multipart part, read into base64 when it was picked. */
export interface FilePart {
  filename: string;
  contentType: string;
  size: number;
  /** Absent when the content could not be kept (too large for local storage after a reload). */
  base64?: string;
}

export interface MultipartRow extends KeyValueRow {
  kind: 'text' | 'file';
  file?: FilePart;
}

/** A request's auth type: a relay's, or `inherit` (its folder's, then the workspace's: model/workspace/inherited-auth.ts), resolved before anything is sent. */
export type RequestAuthType = AuthorizationType | 'inherit';

export interface AuthState {
  type: RequestAuthType;
  /** bearer: the token; api-key: the key; oauth2: the access token of this send only (kept in the token store, never here). */
  token: string;
  username: string;
  password: string;
  userId: string;
  /** The document's security scheme these settings came from (model/auth/document-schemes.ts). */
  scheme?: string;
  /** api-key: where the key goes and its name. */
  keyIn?: ApiKeyLocation;
  keyName?: string;
  /** oauth2: the client's settings (model/auth); the client secret is typed as a secret {{variable}}. */
  grant?: OAuthGrant;
  tokenUrl?: string;
  authorizationUrl?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
}

export interface RequestState {
  /** Application id from the routes response; empty means the host's default. */
  application: string;
  /** The route the request was loaded from (`METHOD uri`), if any. */
  routeId: string;
  method: HttpMethod;
  /** Path relative to the application's base URL, with `{param}` placeholders. */
  url: string;
  pathParams: Record<string, string>;
  query: KeyValueRow[];
  headers: KeyValueRow[];
  /** Names of the host's global headers the user switched off. */
  disabledGlobalHeaders: string[];
  bodyType: BodyType;
  jsonBody: string;
  formFields: KeyValueRow[];
  multipartFields: MultipartRow[];
  rawBody: string;
  rawContentType: string;
  auth: AuthState;
  /** The seed of the last auto-fill, shown so the same payload can be generated again. */
  autofillSeed: number | null;
  /** Variables set from each response of this request (features/workspace). */
  captures: CaptureRule[];
  /** The Tests tab's checks of each response (model/assertions), saved with the request. */
  assertions: Assertion[];
  /** "Send as…"'s identities with their expected statuses (model/send-as), saved with the request. */
  identities: Identity[];
  /** Transaction mode (RelayRequest.transaction): the app rolls this request's writes back. */
  transaction: boolean;
  /** Hold outgoing HTTP (RelayRequest.holdOutgoingHttp): the app's Http:: calls get a fake answer. */
  holdOutgoingHttp: boolean;
}

let rowCounter = 0;
export function newRowId(): string {
  rowCounter += 1;
  return `r${Date.now().toString(36)}${rowCounter.toString(36)}`;
}

export function emptyRow(name = '', value = ''): KeyValueRow {
  return { id: newRowId(), enabled: true, name, value };
}

export function emptyMultipartRow(): MultipartRow {
  return { ...emptyRow(), kind: 'text' };
}

/** The preferences a new request starts from (lib/preferences' object itself will do). */
export interface RequestDefaults {
  /** A BODY_TYPES index, or -1: as the method and route suggest (initialBodyType). */
  defaultRequestBodyType: number;
  defaultAuthorizationType: AuthorizationType;
}

/**
 * DEFAULT_PREFERENCES' two fields (lib/preferences/preferences.test.ts checks they agree), written out rather
 * than imported: the body editor's chunk reaches this module, and importing preferences.ts here
 * splits the initial load's preferences chunk in two. Exported for that test only.
 */
export const FALLBACK_DEFAULTS: RequestDefaults = { defaultRequestBodyType: -1, defaultAuthorizationType: 'current-user' };

/**
 * The defaults with the authorization the application's document declares (an API with no session
 * to forward) in place of "Currently Logged-in User", unless the user chose another default.
 */
export function withDocumentedAuthorization<T extends RequestDefaults>(defaults: T, application: Pick<KiteApplication, 'defaultAuthorization'> | undefined): T {
  const documented = application?.defaultAuthorization?.type;
  return documented && defaults.defaultAuthorizationType === 'current-user' ? { ...defaults, defaultAuthorizationType: documented } : defaults;
}

export function defaultRequestState(defaults: RequestDefaults = FALLBACK_DEFAULTS): RequestState {
  return {
    application: '',
    routeId: '',
    method: 'GET',
    url: '',
    pathParams: {},
    query: [],
    headers: [],
    disabledGlobalHeaders: [],
    bodyType: initialBodyType(defaults.defaultRequestBodyType, 'GET'),
    jsonBody: '',
    formFields: [],
    multipartFields: [],
    rawBody: '',
    rawContentType: 'text/plain',
    auth: { type: defaults.defaultAuthorizationType, token: '', username: '', password: '', userId: '' },
    autofillSeed: null,
    captures: [],
    assertions: [],
    identities: [],
    transaction: false,
    holdOutgoingHttp: false,
  };
}

/** `{user}` and `{post?}` placeholders of a path template, in order, without duplicates (`{{variables}}` are not). */
export function pathParamNames(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/(?<!\{)\{([^{}/?]+)\??\}(?!\})/g)) {
    if (!names.includes(match[1])) names.push(match[1]);
  }
  return names;
}

/**
 * A fresh request for a route: its first method, path, query parameters as (disabled unless
 * required) rows, header parameters, and the body type the preference asks for. The
 * authorization the user chose stays, so switching routes does not make them re-enter a token.
 */
export function requestForRoute(
  route: RouteInfo,
  application: string,
  defaults: RequestDefaults,
  previous?: RequestState,
): RequestState {
  const method = route.methods[0] ?? 'GET';
  const base = defaultRequestState(defaults);
  const queryNames = new Set<string>();
  const query: KeyValueRow[] = [];
  for (const parameter of route.parameters) {
    if (parameter.in !== 'query' || queryNames.has(parameter.name)) continue;
    queryNames.add(parameter.name);
    // Written as the parameter's style asks: `tags[]` rows for a bracketed array, a default array as its rows.
    const how = serializationOf(parameter);
    const fallback = queryRowName(parameter.name, how, parameter.schema?.type === 'array' || Array.isArray(parameter.schema?.default));
    const pairs = parameter.schema?.default === undefined ? [] : queryPairs(parameter.name, parameter.schema.default, how);
    for (const pair of pairs.length ? pairs : [{ name: fallback, value: '' }]) query.push({ ...emptyRow(pair.name, pair.value), enabled: parameter.required });
  }
  for (const [name, schema] of Object.entries(route.schema.query?.properties ?? {})) {
    if (queryNames.has(name)) continue;
    queryNames.add(name);
    const required = route.schema.query?.required?.includes(name) ?? false;
    query.push({ ...emptyRow(name, valueText(schema.default)), enabled: required });
  }
  const headers = route.parameters
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) => ({ ...emptyRow(parameter.name, valueText(parameter.schema?.default)), enabled: parameter.required }));
  return {
    ...base,
    application,
    routeId: route.id,
    method,
    url: route.uri.startsWith('/') ? route.uri : `/${route.uri}`,
    pathParams: Object.fromEntries(pathParamNames(route.uri).map((name) => [name, previous?.pathParams[name] ?? ''])),
    query,
    headers,
    bodyType: initialBodyType(defaults.defaultRequestBodyType, method, route),
    auth: previous?.auth ?? base.auth,
  };
}

/** A schema's default, example or allowed value as a row's text: strings as they are, the rest as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
