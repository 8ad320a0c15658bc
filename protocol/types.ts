// The host protocol: the one contract between the browser app and every host (Node, Laravel, …).
// The JSON Schemas in ./schemas describe the same shapes for hosts' tests and the conformance suite;
// change both here first when the contract changes.

/** Authentication types, in the order the UI lists them (special types first). */
export type AuthorizationType = 'current-user' | 'impersonate' | 'none' | 'bearer' | 'basic' | 'digest' | 'api-key' | 'oauth2';

/** Where an API key travels, as OpenAPI's `apiKey` scheme says (`in`). */
export type ApiKeyLocation = 'header' | 'query' | 'cookie';

/**
 * A security scheme as the API's document declares it (OpenAPI `components.securitySchemes`,
 * the fields Kite uses): the Auth tab offers it first, pre-filled.
 */
export type SecurityScheme =
  | { type: 'apiKey'; name: string; in: ApiKeyLocation; description?: string }
  | { type: 'http'; scheme: string; bearerFormat?: string; description?: string }
  | { type: 'oauth2'; flows: OAuthFlows; description?: string }
  | { type: 'openIdConnect'; openIdConnectUrl: string; description?: string };

export interface OAuthFlow {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** Scope name → what it grants. */
  scopes: Record<string, string>;
}

export interface OAuthFlows {
  clientCredentials?: OAuthFlow;
  authorizationCode?: OAuthFlow;
  password?: OAuthFlow;
  implicit?: OAuthFlow;
}

/** One way to satisfy an operation: scheme name → the scopes it needs (all of them together). */
export type SecurityRequirement = Record<string, string[]>;

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface KiteLinks {
  documentation: string;
  github: string;
}

/** An application whose routes the host lists and relays to. */
export interface KiteApplication {
  /** Stable identifier used in relay calls (`application`). */
  id: string;
  name: string;
  /** Base URL the relay sends to; request URLs are relative to it. */
  baseUrl: string;
  /**
   * The authorization the API's document declares, for an API with no session to forward: the
   * app starts requests with it instead of "Currently Logged-in User" (unless the user chose
   * another default). Hosts that forward a session or impersonate leave it out.
   */
  defaultAuthorization?: DocumentedAuthorization;
}

export interface DocumentedAuthorization {
  type: Extract<AuthorizationType, 'bearer' | 'basic'>;
  /** What the document asks for beyond the type (an API key's header, OAuth 2's flow), shown in the Auth tab. */
  note?: string;
}

export interface GlobalHeader {
  name: string;
  /** A literal value, or a generator id prefixed with `generator:` (e.g. `generator:uuid`). */
  value: string;
}

/** `window.Kite`, injected by the host's page before the bundle. */
export interface KiteConfig {
  /** Router base path, e.g. `/http-client` or `/sub/folder/http-client`. */
  basePath: string;
  /** Where the bundle and its chunks are served from, e.g. `/vendor/kite`. */
  assetsUrl: string;
  /** Base of the protocol endpoints, e.g. `/http-client/api`. */
  apiUrl: string;
  /** The host package's version; differs from the bundle's when published assets are stale. */
  version: string;
  /** Command that refreshes published assets (shown in the stale-assets notice). */
  publishCommand?: string;
  links?: Partial<KiteLinks>;
  applications?: KiteApplication[];
  globalHeaders?: GlobalHeader[];
  /** Host kind, e.g. `node` or `laravel`. */
  host?: string;
  /**
   * Whether GET data answers (the data pickers). False: the app never asks, so no picker and no
   * "HTTP error! status: 404" toast where a host has none. Absent: the app asks and hides the pickers on a 404.
   */
  dataPickers?: boolean;
  /** Where and how the app shows its sidebar; defaults: sidebar, left, icon. */
  sidebar?: SidebarConfig;
}

export interface SidebarConfig {
  variant?: 'sidebar' | 'floating' | 'inset';
  side?: 'left' | 'right';
  collapsible?: 'icon' | 'offcanvas' | 'none';
}

// ---------------------------------------------------------------------------------------------
// JSON Schema subset (draft 2020-12) used for route bodies and queries.

export type JsonSchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

export interface JsonSchema {
  type?: JsonSchemaType | JsonSchemaType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** `false`: no properties beyond `properties`; a schema: what every other property must match. */
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  items?: JsonSchema;
  uniqueItems?: boolean;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  /** Draft 2020-12 numbers (OpenAPI 3.0's boolean form is converted by the host). */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  multipleOf?: number;
  format?: string;
  pattern?: string;
  title?: string;
  description?: string;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  /** Sent by the client, never returned (kept in request schemas). */
  writeOnly?: boolean;
  /** Returned, never sent: auto-fill leaves it out (the Node host already drops such properties). */
  readOnly?: boolean;
  /**
   * Every part applies (hosts merge what they can; what stays is a part that refers back to itself,
   * or parts that contradict each other, kept so the schema still accepts no value, as its document's).
   */
  allOf?: JsonSchema[];
  /** Exactly one branch applies; auto-fill picks one and the builder lets the user switch. */
  oneOf?: JsonSchema[];
  /** At least one branch applies. */
  anyOf?: JsonSchema[];
  /** OpenAPI's discriminator: the property whose value names the branch; mapping values are `$ref`s. */
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  /**
   * `#/$defs/Name`: a shared schema of the application's `$defs` (RoutesApplication.$defs). In the
   * browser a schema carries the `$defs` it reaches at its root (see lib/json-schema/refs.ts), as
   * draft 2020-12 has it.
   */
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  /** Free-form notes from extraction (e.g. an unknown Laravel rule, a cut `$ref` cycle). */
  $comment?: string;
  /**
   * The field's validation rules as the application wrote them (`required`, `email`,
   * `exists:users,id`), where a host reads schemas from rules (the Laravel host). Optional: the app
   * names them beside a validation message, and `exists:`/`unique:` rules point auto-fill at data.
   */
  'x-rules'?: string[];
}

// ---------------------------------------------------------------------------------------------
// GET {apiUrl}/routes

export interface RouteParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema?: JsonSchema;
  description?: string;
  /**
   * How an array or object value is written (OpenAPI's `style`; default `form` in the query,
   * `simple` in the path and headers). `brackets` is Kite's own, for hosts whose framework reads
   * PHP's and Rails' form: `tags[]=a&tags[]=b`, and an object as `filter[name]=x`.
   */
  style?: ParameterStyle;
  /** OpenAPI's `explode`: each item (or property) written as a parameter of its own. Default: true for `form`, false otherwise. */
  explode?: boolean;
  /**
   * A path parameter the host binds to a row of a model (Laravel's route-model binding: `{user}`
   * with a `User $user` argument, or `Route::model`). Optional: only hosts that can tell send it,
   * and the app then offers a search of the model's rows beside the parameter (when the host has
   * data pickers).
   */
  binding?: RouteBinding;
}

export type ParameterStyle = 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'simple' | 'label' | 'matrix' | 'brackets';

/** Where a model-bound path parameter's values come from. */
export interface RouteBinding {
  /** The model, as the host names it (`App\Models\User`). */
  model: string;
  /** The table its rows are in. */
  table: string;
  /** The column the parameter's value is matched against (`getRouteKeyName()`, or `{user:slug}`'s field). */
  key: string;
  /** The data endpoint's `source` that searches its rows (DataResponse rows: the key's value, a readable label). */
  source: string;
}

export interface ExtractionError {
  message: string;
  /** `file:line` where the host can tell, or a JSON pointer into the API document. */
  location?: string;
  /** What to change so the host can read the route, where it can tell (one sentence, Markdown code spans). */
  fix?: string;
}

export interface RouteInfo {
  /** Unique within the application: `METHOD uri`. */
  id: string;
  methods: HttpMethod[];
  /**
   * Path relative to the application's base URL, with `{param}` placeholders. A leading slash is
   * allowed and still means relative (OpenAPI paths keep theirs: `/users/{user}`).
   */
  uri: string;
  /** The operation id, where the document gives one. */
  name?: string;
  summary?: string;
  /** Longer text of the operation, Markdown or HTML as the document has it (see lib/plain-text.ts). */
  description?: string;
  /** Every tag of the operation; `group` is the first (hosts may leave out a lone tag: it is `group`). */
  tags?: string[];
  /** Resource group shown in the route explorer (a tag or the first path segment). */
  group: string;
  /**
   * The operation's security requirements (its own `security`, else the document's), each naming
   * schemes of the application's `securitySchemes`; `[]` when it declares none is needed. Absent
   * when the host knows nothing of it.
   */
  security?: SecurityRequirement[];
  parameters: RouteParameter[];
  /**
   * `query`: an object schema of the query string, for hosts whose query rules are not listed in
   * `parameters` (Laravel's validation rules). The app unites it with the `in: query` parameters.
   */
  schema: { body?: JsonSchema; query?: JsonSchema };
  /** Content type the body schema is for (`application/json`, `multipart/form-data`, …). */
  bodyContentType?: string;
  extractionErrors: ExtractionError[];
  /** The responses the route documents (hosts may leave them out). */
  responses?: RouteResponseDoc[];
}

export interface RouteResponseDoc {
  /** `200`, `4XX` or `default`, as the API document writes it. */
  status: string;
  description?: string;
  /** Content types the response is documented in. */
  contentTypes?: string[];
  /**
   * The JSON body's schema (the first JSON content type's), for the Tests tab's "matches the
   * documented schema" assertion; `$ref`s point into the application's `$defs` as route schemas do.
   */
  schema?: JsonSchema;
}

/**
 * A route as the routes response carries it: a parameter or response many routes share may be a
 * reference into its application's `parameters` / `responses` (protocol/route-refs.js resolves
 * them into a RouteInfo).
 */
export interface RouteOnWire extends Omit<RouteInfo, 'parameters' | 'responses'> {
  parameters: Array<RouteParameter | SharedRef>;
  responses?: Array<RouteResponseDoc | SharedRef>;
}

/**
 * A route as a format 2 response sends it: `id` left out when it is `METHOD uri` (its first
 * method), `schema` when it is `{}`, `extractionErrors` when it is `[]` (protocol/route-refs.js
 * `completeRoutes` fills them in where the response comes in).
 */
export type RouteAsSent = Omit<RouteOnWire, 'id' | 'schema' | 'extractionErrors'> & Partial<Pick<RouteOnWire, 'id' | 'schema' | 'extractionErrors'>>;

/** `{ "$ref": "#/parameters/ID" }` or `{ "$ref": "#/responses/ID" }`: an entry of the application's shared maps. */
export interface SharedRef {
  $ref: string;
}

export interface RoutesApplication extends KiteApplication {
  routes: RouteOnWire[];
  /**
   * Schemas the routes share, each sent once and referred to as `{ "$ref": "#/$defs/Name" }` from
   * route schemas and from one another (cycles stay references). Hosts that inline every schema
   * leave it out.
   */
  $defs?: Record<string, JsonSchema>;
  /** The document's security schemes by name, as routes' `security` refers to them. */
  securitySchemes?: Record<string, SecurityScheme>;
  /**
   * Parameters and responses several routes share, each sent once and referred to from a route as
   * `{ "$ref": "#/parameters/ID" }` / `{ "$ref": "#/responses/ID" }` (format 2). Hosts that inline
   * every entry (Laravel) leave them out.
   */
  parameters?: Record<string, RouteParameter>;
  responses?: Record<string, RouteResponseDoc>;
}

export interface RoutesResponse {
  /**
   * 2 when routes may refer to shared parameters and responses and may leave out what a reader
   * derives (RouteAsSent); absent means 1 (every entry inline, every field sent). A reader refuses
   * a format above the one it knows (protocol/route-refs.js).
   */
  format?: number;
  /** The first (default) application, kept for hosts that serve one. */
  application: string;
  applications: RoutesApplication[];
  /** Changes whenever the route list changes, so the app can tell a refresh brought news. */
  revision: string;
}

/** What the route explorer lists and searches of a route. */
export type ListedRoute = Pick<RouteOnWire, 'id' | 'methods' | 'uri' | 'name' | 'summary' | 'tags' | 'group' | 'extractionErrors'>;

/**
 * The route index a host's main page may carry (script#kite-routes) when its whole RoutesResponse
 * is over PAGE_ROUTES_MAX_BYTES, and what GET `routes/index` answers (API_ENDPOINTS.routeIndex):
 * the list draws from it while the app fetches `routes` for the rest
 * (route-index.schema.json; protocol/route-refs.js `routeIndexAsSent`).
 */
export interface RouteIndex {
  index: true;
  format?: number;
  application: string;
  applications: Array<{ id: string; name?: string; routes: ListedRoute[] }>;
  /** The revision of the routes response it is the index of. */
  revision: string;
}

/** The route index as a page carries it: `id` and `extractionErrors` left out as in RouteAsSent. */
export interface RouteIndexAsSent extends Omit<RouteIndex, 'applications'> {
  applications: Array<{ id: string; name?: string; routes: Array<Omit<ListedRoute, 'id' | 'extractionErrors'> & Partial<Pick<ListedRoute, 'id' | 'extractionErrors'>>> }>;
}

/** The routes response as a host sends it: format 2 may leave derivable fields of its routes out (RouteAsSent). */
export interface RoutesResponseAsSent extends Omit<RoutesResponse, 'applications'> {
  applications: Array<Omit<RoutesApplication, 'routes'> & { routes: RouteAsSent[] }>;
}

// ---------------------------------------------------------------------------------------------
// POST {apiUrl}/relay

export type RelayBody =
  | { type: 'none' }
  | { type: 'json'; text: string }
  | { type: 'form'; fields: Array<{ name: string; value: string }> }
  | {
      type: 'multipart';
      /** Files travel as base64 so the relay request stays one JSON document. */
      fields: Array<
        | { name: string; kind: 'text'; value: string }
        | { name: string; kind: 'file'; filename: string; contentType: string; base64: string }
      >;
    }
  | { type: 'raw'; text: string; contentType?: string };

export type RelayAuthorization =
  | { type: 'none' }
  | { type: 'current-user' }
  | { type: 'bearer'; token: string }
  | { type: 'basic'; username: string; password: string }
  /**
   * HTTP Digest (RFC 7616): a challenge and a response, so the host answers it, not the browser. The
   * host sends the request without credentials; when the target answers 401 with a
   * `WWW-Authenticate: Digest` challenge (MD5 or SHA-256, `-sess` too; qop `auth`, or `auth-int`
   * alone), it sends the same request, body unchanged, once more with the answer. A second 401
   * comes back as it is. Like `basic`, no other credential goes out.
   */
  | { type: 'digest'; username: string; password: string }
  | { type: 'impersonate'; userId: string }
  /** A named key in a header, the query or a cookie; like `none`, no other credential goes out. */
  | { type: 'api-key'; in: ApiKeyLocation; name: string; value: string };

export interface RelayRequest {
  /** Application id from the routes response; the first application when omitted. */
  application?: string;
  method: HttpMethod;
  /** Path (and optional query string) relative to the application's base URL, or a full URL on an allowed origin. */
  url: string;
  headers: Array<{ name: string; value: string }>;
  query: Array<{ name: string; value: string }>;
  body: RelayBody;
  authorization: RelayAuthorization;
  /**
   * Per-request timeout in whole ms, from RELAY_TIMEOUT_MIN_MS (1) to RELAY_TIMEOUT_MAX_MS (600000,
   * protocol/endpoints.js); the host's default (30000) when omitted. Anything else is a 422 naming
   * the field `timeoutMs`.
   */
  timeoutMs?: number;
  /**
   * Transaction mode: every database write of this one call is rolled back once its response is
   * taken, and mails, notifications and queued jobs are recorded instead of sent or queued. Only
   * hosts that run the app in-process can honour it (Laravel, for the app itself); the answer's
   * `trace.rolledBack` says whether it was, `trace.notUndone` what it did not undo. Other hosts and
   * targets ignore it.
   */
  transaction?: boolean;
  /**
   * Hold outgoing HTTP: the app's own `Http::` calls are answered by a fake (an empty 200) instead
   * of being sent, and recorded in `trace.http` with `held: true`. Only hosts that run the app
   * in-process can honour it (Laravel); other hosts accept the flag and ignore it.
   */
  holdOutgoingHttp?: boolean;
}

export interface RelayCookie {
  name: string;
  value: string;
  /** The value decrypted by the host (e.g. Laravel's encrypter), when it could. */
  decryptedValue?: string;
  /**
   * True when the host could decrypt the value but left `decryptedValue` out because the cookie's
   * name looks secret (protocol/secret-names.json): a credential never travels in plain text.
   */
  decryptedMasked?: boolean;
  attributes: Record<string, string | true>;
  /** The whole `Set-Cookie` header line. */
  raw: string;
}

export interface RelayResponseMeta {
  status: number;
  statusText: string;
  /** In the order the target sent them; repeated headers appear once per occurrence. */
  headers: Array<[string, string]>;
  cookies: RelayCookie[];
  /**
   * The full size of the target's body in bytes. When `truncated`, the host stopped reading at its
   * limit and closed the target's connection: `bodySize` is then the length the target declared
   * (Content-Length of an uncompressed body), or, when it declared none (chunked, compressed,
   * endless), the bytes that had arrived when the host stopped, a lower bound, and `bodySizeKnown`
   * is false. Always greater than `bodyBytes` when truncated.
   */
  bodySize: number;
  /** Bytes that follow the metadata line in this response. */
  bodyBytes: number;
  /** The host kept only the first `bodyBytes` bytes (its `maxBodyMb` limit). */
  truncated: boolean;
  /** `false` when `bodySize` is only a lower bound (see `bodySize`); absent when it is exact. */
  bodySizeKnown?: false;
  /** The redirect target when the status is 3xx; redirects are reported, not followed. */
  redirectLocation?: string;
  /** The final URL the host sent the request to. */
  url: string;
  timing: RelayTiming;
  /**
   * The host's current routes revision, equal to `RoutesResponse.revision` at the time of this
   * answer. When it differs from the revision of the routes the app shows, the host's routes have
   * changed (an edited OpenAPI file, a new Laravel route) and the app may fetch them again.
   */
  routesRevision?: string;
  /**
   * What happened inside the target while it answered, where the host can know: the Laravel host
   * fills it for calls to the app itself (in-process); for other targets hosts send at most
   * `timings` (from a `Server-Timing` response header). Absent when the host knows nothing.
   * Every field is optional: a missing list means "not recorded", an empty one "none happened".
   */
  trace?: RelayTrace;
  /** The body came in the streaming form (see {@link RelayStreamHead}); then `end` says why it ended. */
  streaming?: true;
  end?: RelayStreamEnd;
  message?: string;
}

/**
 * The metadata line of a streamed relay frame (protocol/frame-stream.js): the host sends it at the
 * target's first byte, for bodies that arrive over time (`text/event-stream`, NDJSON, a slow
 * chunked body; each host documents its rule). The body follows in length-prefixed pieces as it
 * arrives, then a {@link RelayStreamTrailer}; the answer's {@link RelayResponseMeta} is this head
 * with the trailer merged over it (`streaming` stays true). Every other body keeps the plain frame.
 */
export type RelayStreamHead = Omit<RelayResponseMeta, 'bodySize' | 'bodyBytes' | 'truncated' | 'bodySizeKnown' | 'timing'> & {
  streaming: true;
  /** `totalMs` is not known yet; the trailer has it. */
  timing: Omit<RelayTiming, 'totalMs'>;
};

/** Why a streamed body ended: the target finished, or the host stopped reading it. */
export type RelayStreamEnd =
  /** The target ended the body. */
  | 'complete'
  /** The host's body limit (`maxBodyMb`): `truncated` is true, the target's connection was closed. */
  | 'limit'
  /** The relay timeout: still sending when it ran out; the target's connection was closed. */
  | 'timeout'
  /** The target's connection failed mid-body (`message` says how). */
  | 'error';

/** The last line of a streamed relay frame: what is only known once the body has ended. */
export interface RelayStreamTrailer {
  bodySize: number;
  bodyBytes: number;
  truncated: boolean;
  bodySizeKnown?: false;
  timing: Partial<RelayTiming> & { totalMs: number };
  end: RelayStreamEnd;
  /** For `timeout` and `error`: what happened, for the user. */
  message?: string;
  /**
   * What happened inside the target, when the host only knows it once the body has ended (the
   * Laravel host's in-process calls: the app's code runs while it writes the body); it replaces
   * the head's `trace`.
   */
  trace?: RelayTrace;
}

/**
 * A value as the app dumped it, turned into plain JSON: scalars as themselves, lists as arrays,
 * other arrays and objects as objects. An object carries its class under `@class` (a resource its
 * type under `@resource`); a cut collection or string says how much is left out under `…`;
 * a value already shown higher up is `{ "@class": …, "@ref": n }`. Floats JSON cannot hold
 * (NAN, INF) are strings.
 */
export type DumpValue = null | boolean | number | string | DumpValue[] | { [key: string]: DumpValue };

export interface TraceQuery {
  sql: string;
  /** Bound values in order (dates as strings, binary as a placeholder). */
  bindings: Array<string | number | boolean | null>;
  timeMs: number;
  /** The connection's name, e.g. `mysql`. */
  connection: string;
}

export interface TraceLog {
  level: string;
  message: string;
  /** Values under keys that look secret (protocol/secret-names.json), at any depth, are `********`; a model is its toArray(). */
  context: Record<string, DumpValue>;
}

export interface TraceDump {
  value: DumpValue;
  /** Where dump()/dd() was called, relative to the app's base path when inside it. */
  file?: string;
  line?: number;
  /** A dd(): the request ended there. */
  isDd?: boolean;
}

export interface TraceMail {
  to: string[];
  cc?: string[];
  bcc?: string[];
  from?: string[];
  subject: string;
  /** The rendered body: HTML when the mail has it, else its text. */
  body: string;
  /** False when transaction mode held it back. */
  sent: boolean;
}

export interface TraceNotification {
  /** The notification's class. */
  notification: string;
  channel: string;
  /** The notifiable: its class and key, e.g. `App\Models\User#3`. */
  notifiable: string;
  /** False when transaction mode held it back. */
  sent: boolean;
}

export interface TraceJob {
  /** The job's class (or display name). */
  job: string;
  connection?: string;
  queue?: string;
  /** False when transaction mode recorded it instead of queueing it. */
  queued: boolean;
}

export interface TraceHttp {
  method: string;
  url: string;
  /** Absent when no response came (then `error` says why). */
  status?: number;
  timeMs?: number;
  error?: string;
  /** True when "hold outgoing HTTP" answered it with a fake instead of sending it. */
  held?: boolean;
}

export interface TraceFrame {
  file?: string;
  line?: number;
  /** `Class->method`, `Class::method` or `function`. */
  call?: string;
  /** A frame in the app's own code (not its vendor folder or the framework). */
  app: boolean;
}

export interface TraceException {
  class: string;
  message: string;
  file: string;
  line: number;
  /** The app's own frames first, then the rest, each group in stack order. */
  frames: TraceFrame[];
}

/** One `Server-Timing` entry (or a host's own measure). */
export interface TraceTiming {
  name: string;
  durationMs?: number;
  description?: string;
}

/** One gate or policy check of the call (Laravel's GateEvaluated event). */
export interface TraceAuthorization {
  ability: string;
  /** The policy class and method that answered, when a policy did (else a Gate::define'd ability or a before hook). */
  policy?: string;
  method?: string;
  /** The user checked, as class and key (`App\Models\User#3`); absent for a guest. */
  user?: string;
  /** Each argument: a model as class and key (`App\Models\Post#12`), a class name, or a type. */
  arguments: string[];
  allowed: boolean;
  /** The denial's own message (Response::deny('…')), when it has one. */
  message?: string;
  /** Where the check was made: the first frame in the app's own code, else the nearest one. */
  file?: string;
  line?: number;
}

/** The route middleware that refused the call before it reached the route's action. */
export interface TraceRefusal {
  /** As the route names it: `auth`, `can:update,post`, `verified`, `throttle:60,1`. */
  middleware: string;
  status: number;
  message: string;
}

export interface RelayTrace {
  /** Gate and policy checks in the order they ran. */
  authorization?: TraceAuthorization[];
  /** Set when route middleware refused the call. */
  refusedBy?: TraceRefusal;
  queries?: TraceQuery[];
  logs?: TraceLog[];
  dumps?: TraceDump[];
  mails?: TraceMail[];
  notifications?: TraceNotification[];
  jobs?: TraceJob[];
  http?: TraceHttp[];
  /** The exception the app's handler reported for this call, if any. */
  exception?: TraceException;
  /** Time spent inside the app handling the call. */
  appTimeMs?: number;
  /**
   * How many values the host shows as `********` because their key, column or query parameter
   * name looks secret (protocol/secret-names.json): in log context and dumps at any depth, query
   * bindings, outgoing URLs. Absent when none was.
   */
  masked?: number;
  timings?: TraceTiming[];
  /**
   * True when transaction mode rolled every database write of the call back; false when it could
   * not (a transaction the app ended itself: `notUndone.lostTransactions`). A host that does not
   * run transaction mode leaves it out.
   */
  rolledBack?: boolean;
  /** In transaction mode: what the rollback did not undo and what was not held back. */
  notUndone?: TraceNotUndone;
}

/**
 * What escaped transaction mode. The rollback covers database writes only, and only while the
 * call leaves Kite's transaction open; mails, notifications and queued jobs are held back; the
 * rest below happened for real.
 */
export interface TraceNotUndone {
  /**
   * Connections whose transaction the app ended itself (its own COMMIT or ROLLBACK, or a lost
   * connection): their writes persisted. `message` says what was found.
   */
  lostTransactions: Array<{ connection: string; message: string }>;
  /** Files written, deleted, copied or moved on the app's filesystem disks (through the filesystem manager, `Storage::`). */
  files: Array<{ disk: string; path: string; operation: TraceFileOperation }>;
  /** Cache keys written or forgotten. */
  cache: Array<{ key: string; operation: 'write' | 'forget' }>;
  /** Outgoing HTTP requests that were sent, not held: `trace.http`'s entries without `held`. */
  outgoingRequests: number;
  /** The app's events whose listeners ran in the request, with how many (their database writes are rolled back, nothing else of theirs). */
  listeners: Array<{ event: string; listeners: number }>;
  /** Jobs that ran in the request itself (`dispatch_sync` of a job that is not queued, `dispatchNow`): they ran, held back or not. */
  syncJobs: string[];
}

export type TraceFileOperation = 'write' | 'append' | 'delete' | 'copy' | 'move' | 'makeDirectory' | 'deleteDirectory' | 'visibility';

/**
 * What the host measured of the target call. `totalMs` runs from sending the request to the last
 * body byte, `ttfbMs` to the status line. Each phase is optional: a host gives those it can see
 * (the Node host all of them for an outside target; a reused connection has no DNS, connect or
 * TLS phase). `appMs` is the time spent inside the application when the host ran the request
 * in-process (the Laravel host's same-app calls), where there is no network to measure.
 */
export interface RelayTiming {
  ttfbMs: number;
  /** From the first byte sent to the last received, the Digest challenge's exchange included. */
  totalMs: number;
  /**
   * Digest auth: the first exchange (the request sent without credentials and the target's 401
   * challenge), in ms; `ttfbMs` and `phases` are then those of the second, answered, exchange.
   */
  challengeMs?: number;
  phases?: {
    dnsMs?: number;
    connectMs?: number;
    tlsMs?: number;
    /** From the request sent to the first byte of the answer. */
    waitMs?: number;
    /** From the first byte to the last. */
    downloadMs?: number;
  };
  appMs?: number;
}

/** Content type of a framed relay response: one line of JSON metadata, `\n`, then raw body bytes (or the streaming form, see RelayStreamHead). */
export const RELAY_FRAME_CONTENT_TYPE = 'application/vnd.kite.relay-frame';

// ---------------------------------------------------------------------------------------------
// GET {apiUrl}/status

export interface StatusResponse {
  host: { kind: string; version: string };
  /** The host's current routes revision, equal to `RoutesResponse.revision` (hosts may leave it out). */
  routesRevision?: string;
  bundleVersion: string;
  environment: string;
  applications: Array<{
    id: string;
    name: string;
    baseUrl: string;
    routeCount: number;
    extractionErrors: Array<{ route: string } & ExtractionError>;
  }>;
  /** How the relay is set up (hosts may leave it out). */
  relay?: {
    /** Origins the relay reaches: every application's and the explicitly allowed ones. */
    allowedOrigins: string[];
    /**
     * The base URLs behind those origins: a target must lie at or below one of them, on a path
     * segment boundary, after dot segments and encoded dots are resolved (hosts may leave it out).
     */
    allowedUrls?: string[];
    /** Target bodies above this are cut and flagged `truncated`. */
    maxBodyMb: number;
    /** Response-body megabytes all relays may hold at once; beyond it a relay is a 503 RELAY_BUSY. */
    maxHeldMb?: number;
    defaultTimeoutMs: number;
    /** Whether `impersonate` requests are possible on this host. */
    impersonation: boolean;
  };
}

// ---------------------------------------------------------------------------------------------
// GET {apiUrl}/workspace, and GET / PUT / DELETE {apiUrl}/workspace/files/{path}
// Saved requests and environments in a folder of the project (Node `--workspace`, Laravel
// `kite.workspace`). Paths match WORKSPACE_FILE_PATTERN (endpoints.js); files are written as
// workspaceFileText() makes them. PUT and DELETE carry the X-XSRF-TOKEN header, like relay.
// A PUT of a file the app read carries WORKSPACE_MODIFIED_HEADER (its `modifiedMs` as read): when
// the file changed on disk since, the host writes nothing and answers 409 WORKSPACE_CONFLICT.
// A file is at most WORKSPACE_MAX_FILE_BYTES (413) and WORKSPACE_MAX_DEPTH deep (422); a disk that
// is full is a 507 WORKSPACE_DISK_FULL, and the half-written temporary file is removed.

export interface WorkspaceFileInfo {
  /** `environments/local.json`, `requests/login.json`. */
  path: string;
  size: number;
  /** Last modification, ms since the epoch: the app reads a file again when it changes. */
  modifiedMs: number;
}

export interface WorkspaceListing {
  /** The folder as the host names it (relative to where it runs when it can). */
  folder: string;
  /** False when the host may not write there; `readOnlyReason` says why. */
  writable: boolean;
  readOnlyReason?: string;
  files: WorkspaceFileInfo[];
}

/** `environments/NAME.json`: never holds secret variables (those stay in the browser). */
export interface EnvironmentFile {
  name: string;
  /**
   * name → value; a secret variable is named with no value, `{ "value": "", "secret": true }`, so
   * teammates learn it exists while its value stays in each browser (hosts refuse a secret's value).
   */
  variables: Record<string, string | SecretVariableEntry>;
}

export interface SecretVariableEntry {
  value: '';
  secret: true;
}

export interface SavedRow {
  name: string;
  value: string;
  enabled: boolean;
}

/** `requests/SLUG.json`: a request as typed (`{{variables}}` kept), without any credential. */
export interface SavedRequestFile {
  name: string;
  /** Folder in the saved-requests pane, `''` for the top level; `/` nests. */
  folder: string;
  application: string;
  method: HttpMethod;
  url: string;
  pathParams: Record<string, string>;
  query: SavedRow[];
  headers: SavedRow[];
  body:
    | { type: 'none' }
    | { type: 'json'; text: string }
    | { type: 'raw'; text: string; contentType: string }
    | { type: 'form'; fields: SavedRow[] }
    | { type: 'multipart'; fields: Array<SavedRow & { kind: 'text' | 'file' }> };
  /**
   * The type, and for its fields only `{{variable}}` references (`{"type":"bearer","token":"{{token}}"}`):
   * a literal token, password, username or user id is never written to a file (hosts answer 422).
   */
  auth: SavedAuth;
  captures: Array<{ variable: string; source: 'body' | 'header' | 'cookie'; path: string; secret: boolean }>;
  /** What an import could not translate (another tool's scripts and tests), kept verbatim. */
  notes?: string;
  /** The Tests tab's checks of each response, in the order they are listed (absent in older files). */
  assertions?: SavedAssertion[];
  /** "Send as…": the identities the request is sent as, each with the status it should get (absent in older files). */
  identities?: SavedIdentity[];
}

/**
 * A saved auth: the type, and for its fields only `{{variable}}` references. `inherit` (the default
 * of a newly saved request) takes the nearest folder's auth, then the workspace's
 * (FolderSettingsFile), then none (in the app: the default authorization type of the settings,
 * which is the spec's `current-user`; `kite run` has no session and sends none).
 */
export interface SavedAuth {
  type: AuthorizationType | 'inherit';
  token?: string;
  username?: string;
  password?: string;
  userId?: string;
  /** OAuth 2.0's client secret: a `{{variable}}` reference too. */
  clientSecret?: string;
  /** Public settings, kept as typed (SAVED_AUTH_PLAIN_FIELDS): the scheme, where an API key goes, the OAuth 2.0 client. */
  scheme?: string;
  keyIn?: ApiKeyLocation;
  keyName?: string;
  grant?: 'client_credentials' | 'authorization_code' | 'password' | 'device_code';
  tokenUrl?: string;
  /** The authorization endpoint; for the device code grant (RFC 8628) the device authorization endpoint. */
  authorizationUrl?: string;
  clientId?: string;
  scope?: string;
}

/**
 * `folders/SLUG.json`: the settings a folder of saved requests gives the requests in it (and in its
 * sub-folders), as Bruno's `folder.bru` and Postman's folder auth do. Kite's folders are a field of
 * each request file, not directories, so the file names its folder; `folder: ""` is the workspace's
 * own settings (Bruno's `collection.bru`), conventionally `folders/workspace.json`.
 */
export interface FolderSettingsFile {
  /** The folder as requests name it (`users`, `users/admin`), `''` for the whole workspace. */
  folder: string;
  /** Same rules as a saved request's auth; `inherit` (or no file) takes the parent folder's. */
  auth: SavedAuth;
}

/**
 * One identity of "Send as…": a guest (no credentials), the logged-in user, a user by id
 * (impersonation), a bearer token, or the request's own auth with another environment's variables.
 * In a file a token is only a `{{variable}}` reference and a user id a plain id (hosts answer 422
 * otherwise). `expectStatus` is the authorization assertion of that identity (guest 401, user 3 403).
 */
export type SavedIdentity = (
  | { kind: 'guest' }
  | { kind: 'current-user' }
  | { kind: 'user'; userId: string }
  | { kind: 'token'; token: string }
  | { kind: 'environment'; environment: string }
) & { expectStatus?: number };

/**
 * What an assertion looks at: the status, a header, a JSONPath of the body, the body against the
 * documented schema, the time; and, on the Laravel host only, the call's trace (RelayTrace): its
 * `queries`, `mail`s, `dispatched` jobs and notifications, `log`, reported `exception`, and a `row`
 * of the app's database after the call (only a table and column the data pickers may read).
 */
export type AssertionSource = 'status' | 'header' | 'body' | 'schema' | 'time' | 'queries' | 'mail' | 'dispatched' | 'log' | 'exception' | 'row';

export type AssertionOperator =
  | 'equals'
  | 'not-equals'
  | 'class'
  | 'exists'
  | 'matches'
  | 'type'
  | 'length'
  | 'contains'
  | 'less-than'
  | 'greater-than'
  | 'documented'
  /** queries: no SQL shape (the statement with its literals as `?`) ran 3 times or more (a likely N+1, as the Trace tab flags it). */
  | 'no-repeated-shape'
  /** mail: a mail went to this address (to, cc or bcc). */
  | 'sent-to'
  | 'subject-contains'
  /** dispatched: a job or notification of this class (full name or its last segment). */
  | 'of-class'
  /** log: no entry at this level (`error` when empty) or above. */
  | 'nothing-at-or-above'
  /** exception: the app's handler reported none. */
  | 'none'
  /** row: `path` is `table.column`; a row has `expected` in it. */
  | 'exists-where';

/**
 * One line of the Tests tab: `status class 2xx`, `header Content-Type matches ^application/json`,
 * `body $.data.id equals {{id}}`, `schema documented`, `time less-than 500` (milliseconds).
 * `expected` keeps `{{variables}}` as typed. Which operators a source takes: ASSERTION_OPERATORS.
 */
export interface SavedAssertion {
  source: AssertionSource;
  /** The header's name, the body's JSONPath or the row's `table.column`; `''` for the other sources. */
  path: string;
  operator: AssertionOperator;
  expected: string;
}

export interface WorkspaceFile {
  path: string;
  modifiedMs: number;
  content: EnvironmentFile | SavedRequestFile | FolderSettingsFile;
}

// ---------------------------------------------------------------------------------------------
// POST {apiUrl}/oauth/token (API_ENDPOINTS.oauthToken): an OAuth 2.0 token request, sent by the host
// (a browser cannot reach most token endpoints: CORS). The device code grant's device authorization
// request (RFC 8628 3.1) is sent the same way, its endpoint in `tokenUrl`, under the same allow-list. The app builds the form (grant, code, PKCE
// verifier, refresh token…) and reads the answer (resources/js/model/auth); the host only posts it.

export interface OAuthTokenRequest {
  /** The token endpoint: a full URL under the relay's allow-list (an application's base URL or `--allow`/`kite.allowed_urls`). */
  tokenUrl: string;
  /** The `application/x-www-form-urlencoded` fields, in order. */
  form: Array<{ name: string; value: string }>;
  /** Client authentication as HTTP Basic (`client_secret_basic`), when the app chose it. */
  basicAuth?: { username: string; password: string };
  /** Whole ms, 1 to 60000; the host's default (15000) when omitted. */
  timeoutMs?: number;
}

/** The token endpoint's answer as it came (any status): the app tells a token from an OAuth error or an HTML page. */
export interface OAuthTokenResponse {
  status: number;
  contentType: string;
  /** The body as text, at most OAUTH_TOKEN_MAX_BODY_BYTES. */
  body: string;
}

// ---------------------------------------------------------------------------------------------
// POST {apiUrl}/run (API_ENDPOINTS.run): saved requests run by the host in one call, answered as
// newline-delimited JSON (RUN_CONTENT_TYPE), one RunEvent per line. Schemas: run-request and
// run-event. Secrets travel in the call (the browser holds them) and never come back: every text
// of every event has secret values put back as `{{name}}`.

export interface RunRequest {
  /** The saved requests to send, in this order (1 to RUN_MAX_REQUESTS); `path` names each in the events (`requests/login.json`). */
  requests: Array<{ path: string; file: SavedRequestFile }>;
  /** The active environment's values by name, secret ones included (resolved in the browser). */
  variables: Record<string, string>;
  /** Which of `variables` (and which captured values) are secret: masked in every event. */
  secretNames: string[];
  /**
   * A data file's rows (at most RUN_MAX_ROWS): the whole sequence runs once per row, the row's
   * values as variables over `variables`. Absent or empty: one iteration with no row. Captured
   * values flow within an iteration and start empty in the next.
   */
  rows?: Array<Record<string, string>>;
  /** Stop after the first request that failed (an assertion or no answer). Default false. */
  bail?: boolean;
  /** Whole ms to wait between two requests, 0 to RUN_DELAY_MAX_MS. Default 0. */
  delayMs?: number;
  /** The application whose base URL the requests go to (a request's own `application` wins); the first one when absent. */
  application?: string;
}

/** One assertion's outcome in a run: the saved line, whether it passed, the actual value (masked when secret) and why, in words. */
export interface RunAssertionResult {
  assertion: SavedAssertion;
  passed: boolean;
  actual: string;
  message: string;
}

/** One request of one iteration, sent and checked. */
export interface RunResultEvent {
  type: 'result';
  /** 0-based row of `rows` (0 when there are none). */
  iteration: number;
  /** 0-based position in `requests`. */
  index: number;
  path: string;
  method: HttpMethod;
  /** The URL as sent, secret values masked. */
  url: string;
  /** The answer's status; 0 when the request failed before an answer (`error` says why). */
  status: number;
  /** The target's own time for the request, in ms (no host floor in it). */
  durationMs: number;
  /** Bytes of the response body. */
  size: number;
  assertions: RunAssertionResult[];
  /** Values this request captured; secret ones masked. */
  captured: Record<string, string>;
  /** Why the request got no answer (an unresolved variable, a refused or unreachable target, a timeout). */
  error?: string;
  /** The answer, for the app's "open in a tab"; absent when none came. */
  response?: {
    headers: Array<[string, string]>;
    /** The body as UTF-8 text, at most RUN_RESPONSE_BODY_MAX_BYTES, secret values masked. */
    body: string;
    truncated: boolean;
  };
}

/** The last line of a run. */
export interface RunDoneEvent {
  type: 'done';
  /** Results (request × iteration) whose request was answered and whose assertions all passed. */
  passed: number;
  /** Results that failed: an assertion failed or no answer came. */
  failed: number;
  /** Wall time of the whole run on the host, in ms. */
  durationMs: number;
  /** True when the run stopped early (bail after a failure). A run the app cancels sends no `done`. */
  cancelled: boolean;
}

export type RunEvent = RunResultEvent | RunDoneEvent;

// ---------------------------------------------------------------------------------------------
// Errors from any endpoint.

export type ErrorCode =
  | 'INVALID_RELAY_REQUEST'
  /** 422: an OAuth token request (POST oauth/token) with a bad field, named in `field`. */
  | 'INVALID_TOKEN_REQUEST'
  | 'TARGET_NOT_ALLOWED'
  | 'TARGET_UNREACHABLE'
  | 'TARGET_TIMEOUT'
  | 'XSRF_MISMATCH'
  | 'IMPERSONATION_UNAVAILABLE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'RELAY_REQUEST_TOO_LARGE'
  | 'INVALID_WORKSPACE_PATH'
  | 'INVALID_WORKSPACE_FILE'
  | 'WORKSPACE_READ_ONLY'
  /** 409: the file changed on disk since the app read it (WORKSPACE_MODIFIED_HEADER); nothing written. */
  | 'WORKSPACE_CONFLICT'
  /** 507: the disk holding the workspace is full; nothing written, no temporary file left. */
  | 'WORKSPACE_DISK_FULL'
  /** 403: the Host header names a host the host does not answer to (DNS rebinding). */
  | 'HOST_NOT_ALLOWED'
  /** 403: a call made from a page (Origin header) on a host that is not allowed, or `Origin: null`. */
  | 'ORIGIN_NOT_ALLOWED'
  /** 503: the host holds as many response-body bytes as it may (Node: --max-held-mb); try again. */
  | 'RELAY_BUSY'
  /** 422: a run request (POST run) with a bad field, named in `field`. */
  | 'INVALID_RUN_REQUEST'
  /** 413: a run request larger than the host reads. */
  | 'RUN_REQUEST_TOO_LARGE'
  | 'INTERNAL';

export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; field?: string };
}

// ---------------------------------------------------------------------------------------------
// GET {apiUrl}/data?source=…&q=… (see API_ENDPOINTS.data in endpoints.js)

/** One row a picker offers: the value it puts in the field, and what the person reads. */
export interface DataRow {
  value: string | number;
  label: string;
}

/**
 * At most DATA_MAX_ROWS rows; read-only. A host without data pickers answers 404 DATA_UNAVAILABLE.
 * For `source=unique:TABLE,COLUMN&candidates=[…]` the rows are the candidates the column does not
 * hold yet (value and label the candidate itself), in the order they were sent.
 */
export interface DataResponse {
  source: string;
  rows: DataRow[];
}
