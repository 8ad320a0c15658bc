// The host protocol: the one contract between the browser app and every host (Node, Laravel, …).
// The JSON Schemas in ./schemas describe the same shapes for hosts' tests and the conformance suite;
// change both here first when the contract changes.

/** Authentication types, in the order the UI lists them (special types first). */
export type AuthorizationType = 'current-user' | 'impersonate' | 'none' | 'bearer' | 'basic';

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
  items?: JsonSchema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  multipleOf?: number;
  format?: string;
  pattern?: string;
  description?: string;
  default?: unknown;
  example?: unknown;
  /** Free-form notes from extraction (e.g. an unknown Laravel rule, a cut `$ref` cycle). */
  $comment?: string;
}

// ---------------------------------------------------------------------------------------------
// GET {apiUrl}/routes

export interface RouteParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema?: JsonSchema;
  description?: string;
}

export interface ExtractionError {
  message: string;
  /** `file:line` where the host can tell, or a JSON pointer into the API document. */
  location?: string;
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
  name?: string;
  summary?: string;
  /** Longer documentation of the route; may be Markdown or HTML, which the app shows as plain text. */
  description?: string;
  /** Resource group shown in the route explorer (a tag or the first path segment). */
  group: string;
  parameters: RouteParameter[];
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
}

export interface RoutesApplication extends KiteApplication {
  routes: RouteInfo[];
}

export interface RoutesResponse {
  /** The first (default) application, kept for hosts that serve one. */
  application: string;
  applications: RoutesApplication[];
  /** Changes whenever the route list changes, so the app can tell a refresh brought news. */
  revision: string;
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
  | { type: 'impersonate'; userId: string };

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
  /** Per-request timeout in ms; the host's default (30000) when omitted. */
  timeoutMs?: number;
}

export interface RelayCookie {
  name: string;
  value: string;
  /** The value decrypted by the host (e.g. Laravel's encrypter), when it could. */
  decryptedValue?: string;
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
  /** The full size of the target's body in bytes (also when truncated). */
  bodySize: number;
  /** Bytes that follow the metadata line in this response. */
  bodyBytes: number;
  truncated: boolean;
  /** The redirect target when the status is 3xx; redirects are reported, not followed. */
  redirectLocation?: string;
  /** The final URL the host sent the request to. */
  url: string;
  timing: { ttfbMs: number; totalMs: number };
  /**
   * The host's current routes revision, equal to `RoutesResponse.revision` at the time of this
   * answer. When it differs from the revision of the routes the app shows, the host's routes have
   * changed (an edited OpenAPI file, a new Laravel route) and the app may fetch them again.
   */
  routesRevision?: string;
}

/** Content type of a framed relay response: one line of JSON metadata, `\n`, then raw body bytes. */
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
    /** Target bodies above this are cut and flagged `truncated`. */
    maxBodyMb: number;
    defaultTimeoutMs: number;
    /** Whether `impersonate` requests are possible on this host. */
    impersonation: boolean;
  };
}

// ---------------------------------------------------------------------------------------------
// Errors from any endpoint.

export type ErrorCode =
  | 'INVALID_RELAY_REQUEST'
  | 'TARGET_NOT_ALLOWED'
  | 'TARGET_UNREACHABLE'
  | 'TARGET_TIMEOUT'
  | 'XSRF_MISMATCH'
  | 'IMPERSONATION_UNAVAILABLE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'RELAY_REQUEST_TOO_LARGE'
  | 'INTERNAL';

export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; field?: string };
}
