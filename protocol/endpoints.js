// @ts-check
// Paths, header and cookie names of the host protocol, shared by the browser app and every host
// written in JavaScript. Hosts in other languages copy these constants (see protocol/types.ts).

/** Endpoint names under the page config's `apiUrl`. */
export const API_ENDPOINTS = Object.freeze({
  routes: 'routes',
  /**
   * GET: the route index of what `routes` answers (RouteIndex, route-index.schema.json): per route
   * only what the route list shows and searches, so a catalogue too large for the page draws its
   * list from a fraction of the bytes (Graph: 2.8 MB of 9.3 MB) while `routes` brings the rest.
   */
  routeIndex: 'routes/index',
  relay: 'relay',
  status: 'status',
  /** GET: the workspace folder's files (WorkspaceListing). */
  workspace: 'workspace',
  /** GET, PUT, DELETE `workspace/files/{path}`: one workspace file (WorkspaceFile). */
  workspaceFiles: 'workspace/files',
  /**
   * GET `data?source=…&q=…`: at most DATA_MAX_ROWS rows of the app's own data for the pickers
   * (DataResponse). `source` is `users` (users to impersonate, searched by name or email),
   * `table:TABLE,COLUMN` (values of the column an `exists:` rule names), `unique:TABLE,COLUMN` with
   * `candidates` (a JSON array of 1 to DATA_MAX_CANDIDATES strings or numbers; the rows are those the
   * column does not hold, for a `unique:` rule; no `q`) or a model-bound path parameter's
   * `RouteBinding.source` (rows of the model searched by its readable columns; the value is the
   * route key). A host without data pickers
   * (the Node host; the Laravel host with `kite.data_pickers` off) answers 404 DATA_UNAVAILABLE,
   * and the app hides them; an unknown source is a 422 INVALID_DATA_SOURCE naming `source` (bad
   * `candidates`: naming `candidates`).
   */
  data: 'data',
  /**
   * POST: an OAuth 2.0 token request (OAuthTokenRequest) sent by the host to a token endpoint under
   * the relay's allow-list; answers OAuthTokenResponse (the endpoint's status and body, whatever
   * they are), 403 TARGET_NOT_ALLOWED, 422 INVALID_TOKEN_REQUEST, 502 TARGET_UNREACHABLE or 504
   * TARGET_TIMEOUT. Behind the same XSRF check as the relay.
   */
  oauthToken: 'oauth/token',
  /**
   * POST: a run of saved requests (RunRequest) that the host sends in order, values captured by one
   * flowing to the next, each request's assertions evaluated, once per data row. One call for the
   * whole run, so the spec's 200 ms floor holds for the run, not per request. Answers 200 with
   * RUN_CONTENT_TYPE: one RunEvent per line, a `result` as each request finishes, then `done`;
   * the host stops when the app closes the call (cancel). Refusals before the first line: 419
   * XSRF_MISMATCH, 413 RUN_REQUEST_TOO_LARGE, 422 INVALID_RUN_REQUEST naming `field`. Behind the
   * same guards as the relay; a request whose target is outside the allow-list, or that times out,
   * is a result with `status: 0` and `error`, and the run goes on.
   */
  run: 'run',
});

/** Content type of a run's answer: newline-delimited JSON, one RunEvent per line. */
export const RUN_CONTENT_TYPE = 'application/x-ndjson';

/** Longest pause between two requests of a run (RunRequest.delayMs), in ms. */
export const RUN_DELAY_MAX_MS = 60_000;

/** Most saved requests one run sends per row, and most data rows it takes. */
export const RUN_MAX_REQUESTS = 500;
export const RUN_MAX_ROWS = 1000;

/**
 * Most bytes of a response's body a run's result carries (RunResultEvent.response.body, as UTF-8
 * text); a longer body is cut there and flagged `truncated`. Assertions see the whole body.
 */
export const RUN_RESPONSE_BODY_MAX_BYTES = 256 * 1024;

/** Most bytes of a token endpoint's answer a host passes on (a token response is a few KB). */
export const OAUTH_TOKEN_MAX_BODY_BYTES = 1024 * 1024;

/** The token request's default and largest timeout, in ms. */
export const OAUTH_TOKEN_TIMEOUT_MS = 15000;
export const OAUTH_TOKEN_TIMEOUT_MAX_MS = 60000;

/**
 * The prefix of a global header's value that names a generator of the palette (`generator:uuid`):
 * the app draws a fresh value at each send. Hosts write it in their config (`kite serve --header`,
 * `config/kite.php` `global_headers`).
 */
export const GENERATOR_PREFIX = 'generator:';

/** Most rows one `data` answer holds. */
export const DATA_MAX_ROWS = 20;

/** Most candidates one `data?source=unique:…` question sends (each also looked up in lower case). */
export const DATA_MAX_CANDIDATES = 10;

/**
 * The only files a workspace holds: `environments/NAME.json`, `requests/SLUG.json` and
 * `folders/SLUG.json` (a folder's settings, FolderSettingsFile), one level
 * deep, a name of letters, digits, `.`, `_` and `-` that starts with a letter or digit. Anything
 * else (`..`, absolute paths, sub-folders) is refused before the disk is touched.
 */
export const WORKSPACE_FILE_PATTERN = /^(environments|requests|folders)\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.json$/;

/**
 * @param {string} path
 * @returns {boolean}
 */
export function isWorkspaceFilePath(path) {
  return typeof path === 'string' && WORKSPACE_FILE_PATTERN.test(path) && !path.includes('..');
}

/** A saved request's or folder's auth types: a relay's, and `inherit` (the nearest folder's, then the workspace's). */
export const SAVED_AUTH_TYPES = Object.freeze(['inherit', 'current-user', 'impersonate', 'none', 'bearer', 'basic', 'digest', 'api-key', 'oauth2']);

/** Auth fields a saved request may keep, each as `{{variable}}` references only (never a credential). */
export const SAVED_AUTH_REFERENCE_FIELDS = Object.freeze(['token', 'username', 'password', 'userId', 'clientSecret']);

/**
 * Auth fields a saved request keeps as typed: where an API key goes and the OAuth 2.0 client's
 * public settings (never a credential: the key and the client secret are reference fields).
 */
export const SAVED_AUTH_PLAIN_FIELDS = Object.freeze(['scheme', 'keyIn', 'keyName', 'grant', 'tokenUrl', 'authorizationUrl', 'clientId', 'scope']);

/**
 * The operators each assertion source takes (SavedAssertion in types.ts), the first being a new
 * line's. The hosts refuse a saved request whose assertion is not one of these; the JSON Schema
 * (saved-request-file.schema.json) and the Laravel host's WorkspaceFolder list the same pairs.
 */
export const ASSERTION_OPERATORS = Object.freeze(
  /** @type {Record<import('./types').AssertionSource, readonly import('./types').AssertionOperator[]>} */ ({
    status: ['equals', 'class'],
    header: ['exists', 'equals', 'matches'],
    body: ['equals', 'not-equals', 'exists', 'matches', 'type', 'length', 'contains', 'less-than', 'greater-than'],
    schema: ['documented'],
    time: ['less-than'],
    // The Laravel host's own checks, read from the call's trace (RelayTrace) or, for `row`, from
    // the app's database through the data pickers' rule-bounded access (API_ENDPOINTS.data).
    queries: ['less-than', 'no-repeated-shape'],
    mail: ['sent-to', 'subject-contains'],
    dispatched: ['of-class'],
    log: ['nothing-at-or-above'],
    exception: ['none'],
    row: ['exists-where'],
  }),
);

/**
 * The prefix of the process environment variables a runner reads secret values from
 * (`KITE_VAR_token=…` for `{{token}}`): `kite run`, and the tests Kite exports.
 */
export const SECRET_ENV_PREFIX = 'KITE_VAR_';

/** `{{name}}` references only (or empty), the form of a saved auth field; the schema's `references`. */
export const VARIABLE_REFERENCES_PATTERN = /^(\s*\{\{\s*[A-Za-z0-9_.-]+\s*\}\})*\s*$/;

/**
 * "Send as…" identities of a saved request (SavedIdentity, the schema's `identities`): their kinds,
 * a user as a plain id or one `{{variable}}`, a token only as one `{{variable}}` reference.
 */
export const IDENTITY_KINDS = Object.freeze(['guest', 'current-user', 'user', 'token', 'environment']);
export const IDENTITY_USER_ID_PATTERN = /^([A-Za-z0-9_-]+|\{\{\s*[A-Za-z0-9_.-]+\s*\}\})$/;
export const IDENTITY_TOKEN_PATTERN = /^\s*\{\{\s*[A-Za-z0-9_.-]+\s*\}\}\s*$/;

/**
 * A workspace file's JSON as both hosts write it: keys sorted at every level, two-space indent,
 * a final newline, so the same content is the same bytes and diffs stay small.
 * @param {unknown} value
 * @returns {string}
 */
export function workspaceFileText(value) {
  /** @param {unknown} item @returns {unknown} */
  const sorted = (item) => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item && typeof item === 'object') {
      return Object.fromEntries(Object.keys(item).sort().map((key) => [key, sorted(/** @type {Record<string, unknown>} */ (item)[key])]));
    }
    return item;
  };
  return `${JSON.stringify(sorted(value), null, 2)}\n`;
}

/**
 * A save's precondition: the PUT of a workspace file carries the `modifiedMs` the app read the file
 * with. When the file on disk has another one (changed by hand, by git, by another tab) or is gone,
 * the host writes nothing and answers 409 WORKSPACE_CONFLICT; a PUT without the header writes
 * whatever is there (a new file, or "Overwrite" after a conflict).
 */
export const WORKSPACE_MODIFIED_HEADER = 'X-Kite-Modified-Ms';

/** Largest workspace file (bytes of JSON) a host writes: a larger PUT is a 413 INVALID_WORKSPACE_FILE. */
export const WORKSPACE_MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Deepest nesting a workspace file may have, counted as PHP's json_decode counts it (an array or
 * object inside N - 1 others needs depth N + 1, empty or not): deeper content is a 422 INVALID_WORKSPACE_FILE on both
 * hosts, instead of a stack overflow in a recursive walk.
 */
export const WORKSPACE_MAX_DEPTH = 512;

/**
 * Whether a parsed JSON value nests deeper than `maxDepth` ({@link WORKSPACE_MAX_DEPTH}'s count),
 * walked without recursion so that the check itself cannot overflow the stack.
 * @param {unknown} value
 * @param {number} maxDepth
 * @returns {boolean}
 */
export function jsonDeeperThan(value, maxDepth) {
  /** @type {Array<[unknown, number]>} */
  const pending = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = /** @type {[unknown, number]} */ (pending.pop());
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Cookie the host sets with the page; its value comes back in {@link XSRF_HEADER} on relay calls. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Marker header every call from the app carries. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';

/**
 * Id of the `<script type="application/json">` element in which a host puts its RoutesResponse into
 * the page of the main screen, so that the screen shows the routes without a first routes call.
 */
export const PAGE_ROUTES_ELEMENT_ID = 'kite-routes';

/**
 * Largest RoutesResponse (bytes of JSON) a host puts into the page. A larger catalogue is fetched
 * from `routes` instead: the page should not grow by megabytes for an app with thousands of routes.
 * A host may then carry the catalogue's route index (RouteIndex, `index: true`) in the same element
 * when that is within this size, so the route list draws before the routes call answers.
 */
export const PAGE_ROUTES_MAX_BYTES = 256 * 1024;

/**
 * Name of the `window` property under which the main screen's page of a catalogue too large to
 * carry even as its route index holds the GET `routes/index` call it started (a Promise of the
 * fetch Response; stubs/route-index-call.html), so the index travels while the entry loads; the app
 * takes the call over instead of asking again.
 */
export const PAGE_ROUTE_INDEX_CALL = 'KiteRouteIndexCall';

/** Default timeout of one relayed request (ms), when the relay request names none. */
export const DEFAULT_RELAY_TIMEOUT_MS = 30_000;

/**
 * Bounds of a relay request's `timeoutMs`: an integer number of milliseconds from MIN to MAX, both
 * included. Anything else (0.5, 0, -1, 1e19, 600001, "100") is a 422 naming the field `timeoutMs`.
 * relay-request.schema.json states the same bounds.
 */
export const RELAY_TIMEOUT_MIN_MS = 1;
export const RELAY_TIMEOUT_MAX_MS = 600_000;

/**
 * Whether `value` is an acceptable relay `timeoutMs`.
 * @param {unknown} value
 * @returns {value is number}
 */
export function isRelayTimeoutMs(value) {
  return typeof value === 'number' && Number.isInteger(value) && value >= RELAY_TIMEOUT_MIN_MS && value <= RELAY_TIMEOUT_MAX_MS;
}

/**
 * Normalises a mount path: one leading slash, no trailing slash, `''` for the root.
 * @param {string} path
 * @returns {string}
 */
export function normalizeMountPath(path) {
  const trimmed = String(path ?? '').trim().replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * The URL of one endpoint under an `apiUrl` (`/http-client/api` + `routes`).
 * @param {string} apiUrl
 * @param {keyof typeof API_ENDPOINTS} endpoint
 * @returns {string}
 */
export function endpointUrl(apiUrl, endpoint) {
  return `${apiUrl.replace(/\/+$/, '')}/${API_ENDPOINTS[endpoint]}`;
}

/**
 * The URL of one workspace file under an `apiUrl`.
 * @param {string} apiUrl
 * @param {string} path e.g. `requests/login.json`
 * @returns {string}
 */
export function workspaceFileUrl(apiUrl, path) {
  return `${endpointUrl(apiUrl, 'workspaceFiles')}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Whether `pathname` is the main screen (the page at the mount path itself), where the app opens
 * and where a host puts the routes into the page.
 * @param {string} pathname
 * @param {string} basePath a normalised mount path ({@link normalizeMountPath})
 * @returns {boolean}
 */
export function isMainScreenPath(pathname, basePath) {
  return pathname === basePath || pathname === `${basePath}/`;
}
