// server/run-cli.mjs
import { promises as fs2 } from "node:fs";
import { isAbsolute, join as join2, relative as relative2, resolve as resolve2, sep as sep2 } from "node:path";

// server/workspace.mjs
import { randomBytes } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

// protocol/endpoints.js
var API_ENDPOINTS = Object.freeze({
  routes: "routes",
  /**
   * GET: the route index of what `routes` answers (RouteIndex, route-index.schema.json): per route
   * only what the route list shows and searches, so a catalogue too large for the page draws its
   * list from a fraction of the bytes (Graph: 2.8 MB of 9.3 MB) while `routes` brings the rest.
   */
  routeIndex: "routes/index",
  relay: "relay",
  status: "status",
  /** GET: the workspace folder's files (WorkspaceListing). */
  workspace: "workspace",
  /** GET, PUT, DELETE `workspace/files/{path}`: one workspace file (WorkspaceFile). */
  workspaceFiles: "workspace/files",
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
  data: "data",
  /**
   * POST: an OAuth 2.0 token request (OAuthTokenRequest) sent by the host to a token endpoint under
   * the relay's allow-list; answers OAuthTokenResponse (the endpoint's status and body, whatever
   * they are), 403 TARGET_NOT_ALLOWED, 422 INVALID_TOKEN_REQUEST, 502 TARGET_UNREACHABLE or 504
   * TARGET_TIMEOUT. Behind the same XSRF check as the relay.
   */
  oauthToken: "oauth/token",
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
  run: "run"
});
var RUN_RESPONSE_BODY_MAX_BYTES = 256 * 1024;
var OAUTH_TOKEN_MAX_BODY_BYTES = 1024 * 1024;
var WORKSPACE_FILE_PATTERN = /^(environments|requests|folders)\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.json$/;
function isWorkspaceFilePath(path) {
  return typeof path === "string" && WORKSPACE_FILE_PATTERN.test(path) && !path.includes("..");
}
var SAVED_AUTH_TYPES = Object.freeze(["inherit", "current-user", "impersonate", "none", "bearer", "basic", "digest", "api-key", "oauth2"]);
var SAVED_AUTH_REFERENCE_FIELDS = Object.freeze(["token", "username", "password", "userId", "clientSecret"]);
var SAVED_AUTH_PLAIN_FIELDS = Object.freeze(["scheme", "keyIn", "keyName", "grant", "tokenUrl", "authorizationUrl", "clientId", "scope"]);
var ASSERTION_OPERATORS = Object.freeze(
  /** @type {Record<import('./types').AssertionSource, readonly import('./types').AssertionOperator[]>} */
  {
    status: ["equals", "class"],
    header: ["exists", "equals", "matches"],
    body: ["equals", "not-equals", "exists", "matches", "type", "length", "contains", "less-than", "greater-than"],
    schema: ["documented"],
    time: ["less-than"],
    // The Laravel host's own checks, read from the call's trace (RelayTrace) or, for `row`, from
    // the app's database through the data pickers' rule-bounded access (API_ENDPOINTS.data).
    queries: ["less-than", "no-repeated-shape"],
    mail: ["sent-to", "subject-contains"],
    dispatched: ["of-class"],
    log: ["nothing-at-or-above"],
    exception: ["none"],
    row: ["exists-where"]
  }
);
var SECRET_ENV_PREFIX = "KITE_VAR_";
var VARIABLE_REFERENCES_PATTERN = /^(\s*\{\{\s*[A-Za-z0-9_.-]+\s*\}\})*\s*$/;
var IDENTITY_KINDS = Object.freeze(["guest", "current-user", "user", "token", "environment"]);
var IDENTITY_USER_ID_PATTERN = /^([A-Za-z0-9_-]+|\{\{\s*[A-Za-z0-9_.-]+\s*\}\})$/;
var IDENTITY_TOKEN_PATTERN = /^\s*\{\{\s*[A-Za-z0-9_.-]+\s*\}\}\s*$/;
function workspaceFileText(value) {
  const sorted = (item) => {
    if (Array.isArray(item)) return item.map(sorted);
    if (item && typeof item === "object") {
      return Object.fromEntries(Object.keys(item).sort().map((key) => [key, sorted(
        /** @type {Record<string, unknown>} */
        item[key]
      )]));
    }
    return item;
  };
  return `${JSON.stringify(sorted(value), null, 2)}
`;
}
var WORKSPACE_MAX_FILE_BYTES = 2 * 1024 * 1024;
var WORKSPACE_MAX_DEPTH = 512;
function jsonDeeperThan(value, maxDepth) {
  const pending = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = (
      /** @type {[unknown, number]} */
      pending.pop()
    );
    if (item === null || typeof item !== "object") continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}
var PAGE_ROUTES_MAX_BYTES = 256 * 1024;
var DEFAULT_RELAY_TIMEOUT_MS = 3e4;
var RELAY_TIMEOUT_MIN_MS = 1;
var RELAY_TIMEOUT_MAX_MS = 6e5;
function isRelayTimeoutMs(value) {
  return typeof value === "number" && Number.isInteger(value) && value >= RELAY_TIMEOUT_MIN_MS && value <= RELAY_TIMEOUT_MAX_MS;
}

// server/workspace.mjs
var WorkspaceError = class extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {string} [field]
   */
  constructor(status, code, message, field) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
};
var isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
function workspaceContentProblem(path, content) {
  if (!isRecord(content)) return "a workspace file holds one JSON object";
  const value = (
    /** @type {Record<string, unknown>} */
    content
  );
  if (path.startsWith("folders/")) {
    if (typeof value.folder !== "string") return `"folder" must be the folder's name as requests give it ("" for the whole workspace)`;
    const extra = Object.keys(value).filter((key) => key !== "folder" && key !== "auth");
    if (extra.length > 0) return `a folder's settings hold "folder" and "auth" only, not ${extra.join(", ")}`;
    return value.auth === void 0 ? '"auth" must be { "type": … }' : savedAuthProblem(value.auth);
  }
  if (typeof value.name !== "string" || value.name.trim() === "") return '"name" must be a non-empty string';
  if (path.startsWith("environments/")) {
    if (!isRecord(value.variables)) return '"variables" must be an object of name: value';
    for (const [name, item] of Object.entries(
      /** @type {object} */
      value.variables
    )) {
      if (typeof item === "string") continue;
      if (isRecord(item) && item.secret === true) {
        if (item.value !== "" || Object.keys(item).some((key) => key !== "value" && key !== "secret")) return `secret variable "${name}" keeps no value in a file: { "value": "", "secret": true }`;
        continue;
      }
      return `variable "${name}" must be a string, or { "value": "", "secret": true }`;
    }
    return null;
  }
  if (typeof value.method !== "string" || typeof value.url !== "string") return '"method" and "url" must be strings';
  if (value.auth !== void 0) {
    const problem = savedAuthProblem(value.auth);
    if (problem) return problem;
  }
  if (value.assertions !== void 0) {
    const problem = assertionsProblem(value.assertions);
    if (problem) return problem;
  }
  if (value.identities !== void 0) return identitiesProblem(value.identities);
  return null;
}
function identitiesProblem(identities) {
  if (!Array.isArray(identities)) return '"identities" must be an array';
  const needs = {
    user: { field: "userId", valid: (text) => IDENTITY_USER_ID_PATTERN.test(text), rule: "a plain id or a {{variable}}" },
    token: { field: "token", valid: (text) => IDENTITY_TOKEN_PATTERN.test(text), rule: "a {{variable}} reference, never the token itself" },
    environment: { field: "environment", valid: (text) => text.trim() !== "", rule: "an environment name" }
  };
  for (const [index, item] of identities.entries()) {
    const identity = (
      /** @type {Record<string, unknown>} */
      item
    );
    if (!isRecord(item) || !IDENTITY_KINDS.includes(
      /** @type {any} */
      identity.kind
    )) return `identity ${index + 1} must be { "kind": ${IDENTITY_KINDS.map((kind) => `"${kind}"`).join(" | ")} }`;
    const need = needs[
      /** @type {string} */
      identity.kind
    ];
    const allowed = ["kind", "expectStatus", ...need ? [need.field] : []];
    const extra = Object.keys(identity).filter((key) => !allowed.includes(key));
    if (extra.length > 0) return `identity ${index + 1} (${identity.kind}) keeps only ${allowed.join(", ")}, not ${extra.join(", ")}`;
    if (need && !(typeof identity[need.field] === "string" && need.valid(
      /** @type {string} */
      identity[need.field]
    ))) return `identity ${index + 1}: "${need.field}" must be ${need.rule}`;
    const status = identity.expectStatus;
    if (status !== void 0 && !(Number.isInteger(status) && /** @type {number} */
    status >= 100 && /** @type {number} */
    status <= 599)) return `identity ${index + 1}: "expectStatus" must be an HTTP status (100-599)`;
  }
  return null;
}
function savedAuthProblem(value) {
  if (!isRecord(value) || !SAVED_AUTH_TYPES.includes(
    /** @type {any} */
    value.type
  )) return `"auth" must be { "type": … }, the type one of ${SAVED_AUTH_TYPES.join(", ")}`;
  const auth = (
    /** @type {Record<string, unknown>} */
    value
  );
  const extra = Object.keys(auth).filter(
    (key) => key !== "type" && !(SAVED_AUTH_PLAIN_FIELDS.includes(key) && typeof auth[key] === "string") && !(SAVED_AUTH_REFERENCE_FIELDS.includes(key) && typeof auth[key] === "string" && VARIABLE_REFERENCES_PATTERN.test(
      /** @type {string} */
      auth[key]
    ))
  );
  return extra.length > 0 ? `"auth" keeps only its type and {{variable}} references; credentials (${extra.join(", ")}) never go into a file` : null;
}
function assertionsProblem(assertions) {
  if (!Array.isArray(assertions)) return '"assertions" must be an array';
  for (const [index, item] of assertions.entries()) {
    const line = (
      /** @type {Record<string, unknown>} */
      item
    );
    if (!isRecord(item) || ["source", "path", "operator", "expected"].some((key) => typeof line[key] !== "string")) {
      return `assertion ${index + 1} must be { "source", "path", "operator", "expected" } with string values`;
    }
    const operators = Object.hasOwn(
      ASSERTION_OPERATORS,
      /** @type {string} */
      line.source
    ) ? ASSERTION_OPERATORS[
      /** @type {keyof typeof ASSERTION_OPERATORS} */
      line.source
    ] : void 0;
    if (!operators) return `assertion ${index + 1}: "source" is one of ${Object.keys(ASSERTION_OPERATORS).join(", ")}, not "${line.source}"`;
    if (!operators.includes(
      /** @type {any} */
      line.operator
    )) return `assertion ${index + 1}: ${line.source} takes ${operators.join(", ")}, not "${line.operator}"`;
  }
  return null;
}
var tooDeep = (what, field) => new WorkspaceError(422, "INVALID_WORKSPACE_FILE", `${what} nests deeper than ${WORKSPACE_MAX_DEPTH} levels`, field);
var DISK_FULL_CODES = ["ENOSPC", "EDQUOT"];
function createWorkspace(folder, io = {}) {
  const root = resolve(folder);
  const writeFile = io.writeFile ?? fs.writeFile;
  const shown = () => {
    const rel = relative(process.cwd(), root);
    return rel && !rel.startsWith("..") && !rel.startsWith(sep) ? rel : root;
  };
  async function locate(path) {
    if (!isWorkspaceFilePath(path)) {
      throw new WorkspaceError(422, "INVALID_WORKSPACE_PATH", `'${path}' is not a workspace file: use environments/NAME.json, requests/NAME.json or folders/NAME.json`, "path");
    }
    const file = join(root, path);
    for (const step of [root, dirname(file), file]) {
      const stat = await fs.lstat(step).catch(() => null);
      if (stat?.isSymbolicLink()) throw new WorkspaceError(422, "INVALID_WORKSPACE_PATH", `${relative(root, step) || "the workspace folder"} is a symbolic link; Kite does not follow links in the workspace`, "path");
    }
    return file;
  }
  async function readOnlyReason() {
    let probe = root;
    while (!await fs.stat(probe).catch(() => null)) {
      const parent = dirname(probe);
      if (parent === probe) break;
      probe = parent;
    }
    try {
      await fs.access(probe, constants.W_OK);
      return null;
    } catch {
      return `The host has no write permission for ${probe === root ? shown() : probe}`;
    }
  }
  async function list() {
    const files = [];
    for (const kind of ["environments", "requests", "folders"]) {
      if ((await fs.lstat(join(root, kind)).catch(() => null))?.isSymbolicLink()) continue;
      const names = await fs.readdir(join(root, kind)).catch(() => (
        /** @type {string[]} */
        []
      ));
      for (const name of names.sort()) {
        const path = `${kind}/${name}`;
        if (!isWorkspaceFilePath(path)) continue;
        const stat = await fs.lstat(join(root, path)).catch(() => null);
        if (!stat?.isFile()) continue;
        files.push({ path, size: stat.size, modifiedMs: Math.floor(stat.mtimeMs) });
      }
    }
    const reason = await readOnlyReason();
    return { folder: shown(), writable: reason === null, ...reason ? { readOnlyReason: reason } : {}, files };
  }
  async function read(path) {
    const file = await locate(path);
    const [text, stat] = await Promise.all([fs.readFile(file, "utf8"), fs.stat(file)]).catch(() => {
      throw new WorkspaceError(404, "NOT_FOUND", `There is no ${path} in the workspace`);
    });
    let content;
    try {
      content = JSON.parse(text);
    } catch (error) {
      throw new WorkspaceError(422, "INVALID_WORKSPACE_FILE", `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, "path");
    }
    if (jsonDeeperThan(content, WORKSPACE_MAX_DEPTH)) throw tooDeep(path, "path");
    const problem = workspaceContentProblem(path, content);
    if (problem) throw new WorkspaceError(422, "INVALID_WORKSPACE_FILE", `${path}: ${problem}`, "path");
    return { path, modifiedMs: Math.floor(stat.mtimeMs), content };
  }
  async function assertUnchanged(path, file, modifiedMs) {
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat) throw new WorkspaceError(409, "WORKSPACE_CONFLICT", `${path} was deleted on disk since it was read; nothing was written`);
    const onDisk = Math.floor(stat.mtimeMs);
    if (onDisk !== modifiedMs) throw new WorkspaceError(409, "WORKSPACE_CONFLICT", `${path} changed on disk since it was read (at ${new Date(onDisk).toISOString()}); nothing was written`);
  }
  async function write(path, content, precondition = {}) {
    const file = await locate(path);
    if (jsonDeeperThan(content, WORKSPACE_MAX_DEPTH)) throw tooDeep("The file content", "content");
    const problem = workspaceContentProblem(path, content);
    if (problem) throw new WorkspaceError(422, "INVALID_WORKSPACE_FILE", problem, "content");
    const reason = await readOnlyReason();
    if (reason) throw new WorkspaceError(403, "WORKSPACE_READ_ONLY", `The workspace is read-only: ${reason}`);
    if (precondition.modifiedMs !== void 0) await assertUnchanged(path, file, precondition.modifiedMs);
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.mkdir(dirname(file), { recursive: true });
      await locate(path);
      await writeFile(temporary, workspaceFileText(content), { flag: "wx" });
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.unlink(temporary).catch(() => {
      });
      const code = (
        /** @type {NodeJS.ErrnoException} */
        error?.code
      );
      if (code && DISK_FULL_CODES.includes(code)) throw new WorkspaceError(507, "WORKSPACE_DISK_FULL", `The disk holding the workspace is full (${code}): ${path} was not written`);
      throw error;
    }
    const stat = await fs.stat(file);
    return { path, modifiedMs: Math.floor(stat.mtimeMs), content };
  }
  async function remove(path) {
    const file = await locate(path);
    const reason = await readOnlyReason();
    if (reason) throw new WorkspaceError(403, "WORKSPACE_READ_ONLY", `The workspace is read-only: ${reason}`);
    await fs.unlink(file).catch(() => {
      throw new WorkspaceError(404, "NOT_FOUND", `There is no ${path} in the workspace`);
    });
    return { path, deleted: true };
  }
  return { root, list, read, write, remove };
}

// server/import-cli.mjs
var CommandError = class extends Error {
};
function parse(argv, flags, valued) {
  const options = {};
  const positional = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, void 0];
    if (flags.includes(flag)) options[flag] = true;
    else if (valued.includes(flag)) {
      const value = inline ?? argv[i += 1];
      if (value === void 0 || value.startsWith("--")) throw new CommandError(`${flag} needs a value`);
      options[flag] = value;
    } else if (arg.startsWith("--")) throw new CommandError(`Unknown option '${arg}'`);
    else positional.push(arg);
  }
  return { options, positional };
}

// server/relay/perform.mjs
import http from "node:http";
import https from "node:https";
import { performance as performance2 } from "node:perf_hooks";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

// protocol/cookies.js
function parseSetCookie(line) {
  const raw = String(line);
  const [pair, ...attributeParts] = raw.split(";");
  const eq = pair.indexOf("=");
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  if (name === "") return null;
  const value = stripQuotes(pair.slice(eq + 1).trim());
  const attributes = {};
  for (const part of attributeParts) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    const at = trimmed.indexOf("=");
    if (at === -1) attributes[trimmed] = true;
    else attributes[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim();
  }
  return { name, value, attributes, raw };
}
function parseCookieHeader(header) {
  if (!header) return [];
  const cookies = [];
  for (const part of String(header).split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name === "") continue;
    cookies.push({ name, value: stripQuotes(part.slice(eq + 1).trim()) });
  }
  return cookies;
}
function formatCookieHeader(cookies) {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}
function stripQuotes(value) {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

// protocol/frame.js
var YIELD_EVERY_BYTES = 2 * 1024 * 1024;

// server/relay/server-timing.mjs
function serverTimings(headers) {
  const timings = [];
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== "server-timing") continue;
    for (const entry of splitOutsideQuotes(value, ",")) {
      const [metric, ...params] = splitOutsideQuotes(entry, ";").map((part) => part.trim());
      if (!metric || !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(metric)) continue;
      const timing = { name: metric };
      for (const param of params) {
        const eq = param.indexOf("=");
        if (eq < 0) continue;
        const key = param.slice(0, eq).trim().toLowerCase();
        let text = param.slice(eq + 1).trim();
        if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1).replace(/\\(.)/g, "$1");
        if (key === "dur" && timing.durationMs === void 0) {
          const duration = Number(text);
          if (text !== "" && Number.isFinite(duration) && duration >= 0) timing.durationMs = duration;
        } else if (key === "desc" && timing.description === void 0) {
          timing.description = text;
        }
      }
      timings.push(timing);
    }
  }
  return timings;
}
function splitOutsideQuotes(text, separator) {
  const parts = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === "\\" && i + 1 < text.length) {
      current += char + text[++i];
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

// server/relay/stream.mjs
var STREAM_CONTENT_TYPES = /* @__PURE__ */ new Set(["text/event-stream", "application/x-ndjson", "application/jsonl", "application/json-seq"]);
var SLOW_BODY_MS = 250;
var SLOW_BODY_BYTES = 64 * 1024;
function streamRule(method, status, headers) {
  if (method === "HEAD" || status === 204 || status === 304) return "buffer";
  const type = String(headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (STREAM_CONTENT_TYPES.has(type)) return "stream";
  return headers["content-length"] === void 0 ? "when-slow" : "buffer";
}

// server/relay/perform.mjs
var IDEMPOTENT = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
var RelayTargetError = class extends Error {
  /**
   * @param {number} status
   * @param {'TARGET_UNREACHABLE' | 'TARGET_TIMEOUT' | 'RELAY_BUSY'} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.name = "RelayTargetError";
    this.status = status;
    this.code = code;
  }
};
function sendToTarget(options) {
  const { target, method, maxBodyBytes } = options;
  const started = performance2.now();
  const client = target.protocol === "https:" ? https : http;
  const agent = target.protocol === "https:" ? options.agents.https : options.agents.http;
  return new Promise((resolve3, reject) => {
    let settled = false;
    let timedOut = false;
    const finish = (action) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      action();
    };
    const rawHeaders = options.headers.some(([name]) => name.toLowerCase() === "host") ? options.headers : [["Host", target.host], ...options.headers];
    let marks = { sent: started, lookup: 0, connect: 0, secure: 0 };
    const send = (retried) => {
      const sent = client.request(target, { method, agent: retried ? false : agent, headers: (
        /** @type {any} */
        rawHeaders.flat()
      ), setHost: false });
      marks = { sent: performance2.now(), lookup: 0, connect: 0, secure: 0 };
      sent.once("socket", (socket) => {
        if (!socket.connecting) return;
        socket.once("lookup", () => marks.lookup = performance2.now());
        socket.once("connect", () => marks.connect = performance2.now());
        socket.once("secureConnect", () => marks.secure = performance2.now());
      });
      let responded = false;
      sent.on("error", (error) => {
        const reset = (
          /** @type {{ code?: string }} */
          error.code === "ECONNRESET" && sent.reusedSocket && !responded
        );
        if (reset && !retried && !timedOut && !settled && !options.signal?.aborted && IDEMPOTENT.has(method)) {
          request = send(true);
          return;
        }
        finish(() => reject(timedOut ? timeoutError(target, options.timeoutMs) : unreachableError(target, error)));
      });
      sent.on("response", (upstream) => {
        responded = true;
        collect(upstream);
      });
      if (options.body) sent.end(options.body);
      else sent.end();
      return sent;
    };
    let request = send(false);
    let endStream = (
      /** @type {((end: 'timeout' | 'error', message: string) => void) | null} */
      null
    );
    const timer = setTimeout(() => {
      timedOut = true;
      endStream?.("timeout", `The target was still sending after ${options.timeoutMs} ms (the relay timeout); Kite closed its connection`);
      request.destroy(new Error("timeout"));
    }, options.timeoutMs);
    const onAbort = () => request.destroy(new Error("aborted by the browser"));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const collect = (upstream) => {
      const ttfbMs = performance2.now() - started;
      const chunks = [];
      let kept = 0;
      let total = 0;
      const encoding = String(upstream.headers["content-encoding"] ?? "");
      const decoded = decodeStream(upstream, encoding);
      let streamed;
      const answer = (size) => finish(() => {
        const endedAt = performance2.now();
        clearTimeout(slowTimer);
        resolve3({ meta: responseMeta(upstream, target, { ...size, bodyBytes: kept, ttfbMs, totalMs: endedAt - started, phases: connectionPhases(marks, started + ttfbMs, endedAt) }), chunks, streamed });
      });
      const sink = options.stream;
      const rule = sink ? streamRule(method, upstream.statusCode ?? 0, upstream.headers) : "buffer";
      const forward = (piece) => {
        const ok = (
          /** @type {StreamSink} */
          sink.write(piece, () => options.held?.give?.(piece.length))
        );
        if (!ok) {
          decoded.pause();
          sink.onDrain(() => decoded.resume());
        }
      };
      const startStreaming = () => {
        if (settled || streamed) return;
        streamed = { end: "complete" };
        sink.start(responseMeta(upstream, target, { bodySize: 0, bodyBytes: 0, truncated: false, ttfbMs, totalMs: ttfbMs, phases: connectionPhases(marks, started + ttfbMs, started + ttfbMs) }));
        for (const chunk of chunks.splice(0)) forward(chunk);
        endStream = (end, message) => {
          if (streamed) streamed = { end, message };
          answer({ bodySize: total, truncated: false });
        };
      };
      if (rule === "stream") startStreaming();
      const slowTimer = rule === "when-slow" ? setTimeout(() => kept < SLOW_BODY_BYTES && startStreaming(), SLOW_BODY_MS) : void 0;
      decoded.on("data", (chunk) => {
        if (settled) return;
        total += chunk.length;
        const room = maxBodyBytes - kept;
        const slice = chunk.length > room ? chunk.subarray(0, room) : chunk;
        if (options.held && !options.held.take(slice.length)) {
          if (streamed) {
            streamed = { end: "error", message: busyError(options.held.limitBytes).message };
            answer({ bodySize: total, truncated: true, bodySizeKnown: false });
          } else finish(() => reject(busyError(options.held?.limitBytes ?? 0)));
          request.destroy();
          return;
        }
        if (slice.length) {
          if (streamed) forward(slice);
          else chunks.push(slice);
        }
        kept += slice.length;
        if (chunk.length <= room) return;
        if (streamed) streamed = { end: "limit" };
        const declared = encoding.trim() === "" ? Number(upstream.headers["content-length"]) : Number.NaN;
        answer(Number.isSafeInteger(declared) && declared >= total ? { bodySize: declared, truncated: true } : { bodySize: total, truncated: true, bodySizeKnown: false });
        request.destroy();
      });
      decoded.on("error", (error) => {
        if (streamed && !options.signal?.aborted) endStream?.(timedOut ? "timeout" : "error", timedOut ? timeoutError(target, options.timeoutMs).message : unreachableError(target, error).message);
        finish(() => reject(timedOut ? timeoutError(target, options.timeoutMs) : unreachableError(target, error)));
        request.destroy();
      });
      decoded.on("end", () => answer({ bodySize: total, truncated: false }));
    };
  });
}
function connectionPhases(marks, firstByteAt, endedAt) {
  const phases = {};
  let at = marks.sent;
  if (marks.lookup) {
    phases.dnsMs = round(marks.lookup - at);
    at = marks.lookup;
  }
  if (marks.connect) {
    phases.connectMs = round(marks.connect - at);
    at = marks.connect;
  }
  if (marks.secure) {
    phases.tlsMs = round(marks.secure - at);
    at = marks.secure;
  }
  phases.waitMs = round(Math.max(0, firstByteAt - at));
  phases.downloadMs = round(Math.max(0, endedAt - firstByteAt));
  return phases;
}
function responseMeta(upstream, target, body) {
  const headers = [];
  for (let i = 0; i < upstream.rawHeaders.length; i += 2) headers.push([upstream.rawHeaders[i], upstream.rawHeaders[i + 1]]);
  const cookies = headers.filter(([name]) => name.toLowerCase() === "set-cookie").map(([, value]) => parseSetCookie(value)).filter((cookie) => cookie !== null);
  const status = upstream.statusCode ?? 0;
  const location = upstream.headers.location;
  const meta = {
    status,
    statusText: upstream.statusMessage ?? "",
    headers,
    cookies: (
      /** @type {import('../../protocol/types').RelayCookie[]} */
      cookies
    ),
    bodySize: body.bodySize,
    bodyBytes: body.bodyBytes,
    truncated: body.truncated,
    ...body.bodySizeKnown === false ? { bodySizeKnown: false } : {},
    url: target.href,
    timing: { ttfbMs: round(body.ttfbMs), totalMs: round(body.totalMs), phases: body.phases }
  };
  if (status >= 300 && status < 400 && location) meta.redirectLocation = resolveLocation(location, target);
  const timings = serverTimings(headers);
  if (timings.length > 0) meta.trace = { timings };
  return meta;
}
function decodeStream(upstream, encoding) {
  const kind = encoding.trim().toLowerCase();
  const decoder = kind === "gzip" || kind === "x-gzip" ? createGunzip() : kind === "deflate" ? createInflate() : kind === "br" ? createBrotliDecompress() : null;
  if (!decoder) return upstream;
  upstream.on("error", (error) => decoder.destroy(error));
  return upstream.pipe(decoder);
}
function resolveLocation(location, base) {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}
function timeoutError(target, timeoutMs) {
  return new RelayTargetError(504, "TARGET_TIMEOUT", `${target.origin} did not answer within ${timeoutMs} ms`);
}
function busyError(limitBytes) {
  const mb = Math.round(limitBytes / 1024 / 1024);
  return new RelayTargetError(503, "RELAY_BUSY", `Kite would hold more than ${mb} MB of response bodies at once (other answers are still being read or sent); try again, or raise --max-held-mb (now ${mb})`);
}
var REASONS = (
  /** @type {Record<string, string>} */
  {
    ECONNREFUSED: "connection refused",
    ENOTFOUND: "host name not found",
    EAI_AGAIN: "host name lookup failed",
    ECONNRESET: "connection reset",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    EPIPE: "connection closed",
    CERT_HAS_EXPIRED: "its TLS certificate has expired",
    DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
    SELF_SIGNED_CERT_IN_CHAIN: "its TLS certificate chain is self-signed",
    ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate is for another host name",
    Z_DATA_ERROR: "its compressed body is corrupt"
  }
);
function unreachableError(target, error) {
  const code = (
    /** @type {{ code?: string }} */
    error?.code
  );
  const reason = (code && REASONS[code]) ?? (error instanceof Error ? error.message : String(error));
  return new RelayTargetError(502, "TARGET_UNREACHABLE", `Could not reach ${target.origin}: ${reason}${code ? ` (${code})` : ""}`);
}
function round(ms) {
  return Math.round(ms * 100) / 100;
}

// server/relay/validate.mjs
var RELAY_METHODS = (
  /** @type {const} */
  ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
);
var BODY_TYPES = ["none", "json", "form", "multipart", "raw"];
var AUTH_TYPES = ["none", "current-user", "bearer", "basic", "digest", "impersonate", "api-key"];
var API_KEY_LOCATIONS = ["header", "query", "cookie"];
var TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
var isHeaderName = (name) => TOKEN.test(name);
var BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;
var HEADER_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;
var CONTROL = /[\x00-\x1f\x7f]/;
var RelayRequestError = class extends Error {
  /**
   * @param {string} field
   * @param {string} message
   */
  constructor(field, message) {
    super(message);
    this.name = "RelayRequestError";
    this.field = field;
  }
};
function validateRelayRequest(input) {
  if (!isObject(input)) throw new RelayRequestError("", "The relay request must be a JSON object");
  const fail = (field, message) => {
    throw new RelayRequestError(field, message);
  };
  if (input.application !== void 0 && (typeof input.application !== "string" || input.application === "")) fail("application", "application must be a non-empty string when given");
  if (typeof input.method !== "string" || !RELAY_METHODS.includes(
    /** @type {any} */
    input.method
  )) {
    fail("method", `method must be one of ${RELAY_METHODS.join(", ")}`);
  }
  if (typeof input.url !== "string") fail("url", "url must be a string (a path relative to the application, or a full URL)");
  if (/[\x00-\x1f\x7f\\]/.test(
    /** @type {string} */
    input.url
  )) fail("url", "url must not contain backslashes, line breaks or other control characters");
  const headers = pairs(input.headers, "headers", fail);
  headers.forEach((header, index) => {
    if (!isHeaderName(header.name)) fail(`headers[${index}].name`, `'${header.name}' is not a valid header name`);
    headerText(header.value, `headers[${index}].value`, fail);
  });
  const query = pairs(input.query, "query", fail);
  const body = input.body;
  if (!isObject(body)) fail("body", `body must be an object with a type (${BODY_TYPES.join(", ")})`);
  const bodyObject = (
    /** @type {Record<string, any>} */
    body
  );
  if (!BODY_TYPES.includes(bodyObject.type)) fail("body.type", `body.type must be one of ${BODY_TYPES.join(", ")}`);
  if ((bodyObject.type === "json" || bodyObject.type === "raw") && typeof bodyObject.text !== "string") fail("body.text", `body.text must be a string for a ${bodyObject.type} body`);
  if (bodyObject.type === "raw" && bodyObject.contentType !== void 0) headerText(bodyObject.contentType, "body.contentType", fail);
  if (bodyObject.type === "form") pairs(bodyObject.fields, "body.fields", fail, true);
  if (bodyObject.type === "multipart") {
    if (!Array.isArray(bodyObject.fields)) fail("body.fields", "body.fields must be an array");
    bodyObject.fields.forEach((field, index) => {
      const at = `body.fields[${index}]`;
      if (!isObject(field)) return fail(at, `${at} must be an object`);
      if (typeof field.name !== "string") fail(`${at}.name`, `${at}.name must be a string`);
      if (field.kind === "text") {
        if (typeof field.value !== "string") fail(`${at}.value`, `${at}.value must be a string`);
      } else if (field.kind === "file") {
        if (typeof field.filename !== "string") fail(`${at}.filename`, `${at}.filename must be a string`);
        headerText(field.contentType, `${at}.contentType`, fail);
        if (typeof field.base64 !== "string" || !BASE64.test(field.base64)) fail(`${at}.base64`, `${at}.base64 must be the file's bytes in base64`);
      } else {
        fail(`${at}.kind`, `${at}.kind must be 'text' or 'file'`);
      }
    });
  }
  const authorization = input.authorization;
  if (!isObject(authorization)) fail("authorization", `authorization must be an object with a type (${AUTH_TYPES.join(", ")})`);
  const auth = (
    /** @type {Record<string, any>} */
    authorization
  );
  if (!AUTH_TYPES.includes(auth.type)) fail("authorization.type", `authorization.type must be one of ${AUTH_TYPES.join(", ")}`);
  if (auth.type === "bearer") headerText(auth.token, "authorization.token", fail);
  if (auth.type === "digest") {
    headerText(auth.username, "authorization.username", fail);
    if (typeof auth.password !== "string" || CONTROL.test(auth.password)) fail("authorization.password", "authorization.password must be a string without control characters");
  }
  if (auth.type === "basic") {
    if (typeof auth.username !== "string" || auth.username.includes(":") || CONTROL.test(auth.username)) fail("authorization.username", "authorization.username must be a string without a colon or control characters");
    if (typeof auth.password !== "string" || CONTROL.test(auth.password)) fail("authorization.password", "authorization.password must be a string without control characters");
  }
  if (auth.type === "impersonate") {
    const id = typeof auth.userId === "number" && Number.isFinite(auth.userId) ? String(auth.userId) : auth.userId;
    if (typeof id !== "string" || id.trim() === "") fail("authorization.userId", "authorization.userId must be the id of the user to act as");
    headerText(id, "authorization.userId", fail);
    auth.userId = id.trim();
  }
  if (auth.type === "api-key") {
    if (!API_KEY_LOCATIONS.includes(auth.in)) fail("authorization.in", `authorization.in must be one of ${API_KEY_LOCATIONS.join(", ")}`);
    if (typeof auth.name !== "string" || !TOKEN.test(auth.name)) fail("authorization.name", "authorization.name must be the name of the header, query parameter or cookie that carries the key");
    headerText(auth.value, "authorization.value", fail);
  }
  if (input.timeoutMs !== void 0 && !isRelayTimeoutMs(input.timeoutMs)) {
    fail("timeoutMs", `timeoutMs must be a whole number of milliseconds from ${RELAY_TIMEOUT_MIN_MS} to ${RELAY_TIMEOUT_MAX_MS}`);
  }
  for (
    const flag of
    /** @type {const} */
    ["transaction", "holdOutgoingHttp"]
  ) {
    if (input[flag] !== void 0 && typeof input[flag] !== "boolean") fail(flag, `${flag} must be true or false`);
  }
  return (
    /** @type {RelayRequest} */
    { ...input, headers, query, body: bodyObject, authorization: auth }
  );
}
function headerText(value, field, fail) {
  if (typeof value !== "string") fail(field, `${field} must be a string`);
  if (!HEADER_TEXT.test(
    /** @type {string} */
    value
  )) fail(field, `${field} must not contain line breaks, NUL or other control characters, nor characters outside Latin-1`);
}
function pairs(list, field, fail, required = false) {
  if (list === void 0 && !required) return [];
  if (!Array.isArray(list)) return fail(field, `${field} must be an array of { name, value }`);
  return list.map((item, index) => {
    if (!isObject(item)) return fail(`${field}[${index}]`, `${field}[${index}] must be an object with name and value`);
    if (typeof item.name !== "string" || item.name === "") fail(`${field}[${index}].name`, `${field}[${index}].name must be a non-empty string`);
    if (typeof item.value !== "string") fail(`${field}[${index}].value`, `${field}[${index}].value must be a string`);
    return { name: (
      /** @type {string} */
      item.name
    ), value: (
      /** @type {string} */
      item.value
    ) };
  });
}
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// server/run-sequence.mjs
import http2 from "node:http";
import https2 from "node:https";
import { setTimeout as wait } from "node:timers/promises";

// protocol/route-refs.js
var SHARED_PARAMETER_PREFIX = "#/parameters/";
var SHARED_RESPONSE_PREFIX = "#/responses/";
var isSharedRef = (entry) => typeof entry === "object" && entry !== null && typeof /** @type {any} */
entry.$ref === "string";
function resolveEntries(entries, shared, prefix, what, errors) {
  const result = [];
  for (const entry of entries) {
    if (!isSharedRef(entry)) {
      result.push(
        /** @type {T} */
        entry
      );
      continue;
    }
    const ref = (
      /** @type {import('./types').SharedRef} */
      entry.$ref
    );
    const id = ref.startsWith(prefix) ? decodeURIComponent(ref.slice(prefix.length)) : void 0;
    const found = id === void 0 || !shared || !Object.hasOwn(shared, id) ? void 0 : shared[id];
    if (found) result.push(found);
    else errors.push({ message: `The host refers to the shared ${what} '${ref}', which it did not send; the route is shown without it.` });
  }
  return result;
}
var resolved = /* @__PURE__ */ new WeakMap();
function resolveRoute(route, application) {
  const refers = route.parameters.some(isSharedRef) || (route.responses ?? []).some(isSharedRef);
  if (!refers) return (
    /** @type {RouteInfo} */
    route
  );
  const known = resolved.get(route);
  if (known) return known;
  const errors = [];
  const parameters = resolveEntries(route.parameters, application?.parameters, SHARED_PARAMETER_PREFIX, "parameter", errors);
  const responses = route.responses === void 0 ? void 0 : resolveEntries(route.responses, application?.responses, SHARED_RESPONSE_PREFIX, "response", errors);
  const result = { ...route, parameters, responses, extractionErrors: errors.length ? [...route.extractionErrors, ...errors] : route.extractionErrors };
  resolved.set(route, result);
  return result;
}

// server/multipart.mjs
import { randomBytes as randomBytes2 } from "node:crypto";
function buildMultipart(fields) {
  const boundary = `----KiteBoundary${randomBytes2(12).toString("hex")}`;
  const parts = [];
  for (const field of fields) {
    const name = quote(field.name);
    if (field.kind === "file") {
      parts.push(
        Buffer.from(
          `--${boundary}\r
Content-Disposition: form-data; name="${name}"; filename="${quote(field.filename)}"\r
Content-Type: ${field.contentType || "application/octet-stream"}\r
\r
`
        ),
        field.data,
        Buffer.from("\r\n")
      );
    } else {
      parts.push(Buffer.from(`--${boundary}\r
Content-Disposition: form-data; name="${name}"\r
\r
${field.value}\r
`));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r
`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
function quote(value) {
  return value.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
}

// server/relay/outgoing.mjs
var HOP_BY_HOP = /* @__PURE__ */ new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer", "content-length", "expect"]);
var CREDENTIAL_HEADERS = /* @__PURE__ */ new Set(["authorization", "proxy-authorization", "cookie"]);
function buildOutgoing(request, context) {
  const body = encodeBody(request.body);
  const auth = request.authorization;
  const impersonate = context.impersonateHeader?.toLowerCase();
  let headers = request.headers.filter(({ name }) => !HOP_BY_HOP.has(name.toLowerCase())).map(({ name, value }) => [name, value]);
  const has = (name) => headers.some(([n]) => n.toLowerCase() === name);
  const drop = (test) => {
    headers = headers.filter(([name]) => !test(name.toLowerCase()));
  };
  if (auth.type === "none" || auth.type === "api-key") {
    drop((name) => CREDENTIAL_HEADERS.has(name) || name === impersonate);
    if (auth.type === "api-key" && auth.in === "header") {
      drop((name) => name === auth.name.toLowerCase());
      headers.push([auth.name, auth.value]);
    }
    if (auth.type === "api-key" && auth.in === "cookie") headers.push(["Cookie", formatCookieHeader([{ name: auth.name, value: auth.value }])]);
  } else if (auth.type === "bearer") {
    drop((name) => name === "authorization");
    headers.push(["Authorization", `Bearer ${auth.token}`]);
  } else if (auth.type === "basic") {
    drop((name) => name === "authorization");
    headers.push(["Authorization", `Basic ${Buffer.from(`${auth.username}:${auth.password}`, "utf8").toString("base64")}`]);
  } else if (auth.type === "digest") {
    drop((name) => name === "authorization");
  } else if (auth.type === "impersonate" && context.impersonateHeader) {
    drop((name) => name === impersonate);
    headers.push([context.impersonateHeader, auth.userId]);
  } else if (auth.type === "current-user" && context.sameSite && context.browserCookies.length) {
    const typed = headers.filter(([name]) => name.toLowerCase() === "cookie").flatMap(([, value]) => parseCookieHeader(value));
    drop((name) => name === "cookie");
    const typedNames = new Set(typed.map((cookie) => cookie.name));
    const merged = [...context.browserCookies.filter((cookie) => !typedNames.has(cookie.name)), ...typed];
    headers.push(["Cookie", formatCookieHeader(merged)]);
  }
  if (body) {
    if (body.contentType && (body.forceContentType || !has("content-type"))) {
      drop((name) => name === "content-type");
      headers.push(["Content-Type", body.contentType]);
    }
    headers.push(["Content-Length", String(body.bytes.length)]);
  }
  if (!has("user-agent")) headers.push(["User-Agent", context.userAgent]);
  if (!has("accept")) headers.push(["Accept", "*/*"]);
  return { headers, body: body?.bytes ?? null };
}
function sentQuery(request) {
  const auth = request.authorization;
  if (auth.type !== "api-key" || auth.in !== "query") return request.query;
  return [...request.query.filter(({ name }) => name !== auth.name), { name: auth.name, value: auth.value }];
}
function encodeBody(body) {
  switch (body.type) {
    case "none":
      return null;
    case "json":
      return { bytes: Buffer.from(body.text, "utf8"), contentType: "application/json" };
    case "raw":
      return { bytes: Buffer.from(body.text, "utf8"), contentType: body.contentType || "text/plain; charset=utf-8" };
    case "form": {
      const encoded = body.fields.map(({ name, value }) => `${formEncode(name)}=${formEncode(value)}`).join("&");
      return { bytes: Buffer.from(encoded, "utf8"), contentType: "application/x-www-form-urlencoded" };
    }
    case "multipart": {
      const built = buildMultipart(
        body.fields.map(
          (field) => field.kind === "file" ? { name: field.name, kind: "file", filename: field.filename, contentType: field.contentType, data: Buffer.from(field.base64, "base64") } : field
        )
      );
      return { bytes: built.body, contentType: built.contentType, forceContentType: true };
    }
    default:
      return null;
  }
}
function formEncode(text) {
  return encodeURIComponent(text).replace(/%20/g, "+");
}

// server/relay/digest.mjs
import { createHash, randomBytes as randomBytes3 } from "node:crypto";
var HASHES = (
  /** @type {const} */
  { "SHA-256": "sha256", MD5: "md5" }
);
function parseChallenges(values) {
  const challenges = [];
  for (const value of values) {
    const part = /\s*,?\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))|\s+(?=[^\s=,]+\s*=)|\s*(?=,|$))/gy;
    let match;
    while (part.lastIndex < value.length && (match = part.exec(value))) {
      const [, name, quoted, token] = match;
      if (quoted === void 0 && token === void 0) challenges.push({ scheme: name.toLowerCase(), params: {} });
      else if (challenges.length) challenges[challenges.length - 1].params[name.toLowerCase()] = quoted !== void 0 ? quoted.replace(/\\(.)/g, "$1") : token;
    }
  }
  return challenges;
}
function digestChallenge(values) {
  const usable = parseChallenges(values).filter(({ scheme, params }) => scheme === "digest" && params.realm !== void 0 && params.nonce).map(({ params }) => {
    const named = (params.algorithm ?? "MD5").toUpperCase();
    const session = named.endsWith("-SESS");
    const algorithm = (
      /** @type {'MD5' | 'SHA-256' | undefined} */
      Object.keys(HASHES).find((name) => name === named.replace(/-SESS$/, ""))
    );
    const offered = (params.qop ?? "").split(",").map((qop2) => qop2.trim().toLowerCase());
    const qop = (
      /** @type {DigestChallenge['qop'] | null} */
      params.qop === void 0 ? "" : offered.includes("auth") ? "auth" : offered.includes("auth-int") ? "auth-int" : null
    );
    return algorithm && qop !== null ? { realm: params.realm, nonce: params.nonce, opaque: params.opaque, algorithm, session, qop } : null;
  }).filter((challenge) => challenge !== null);
  return usable.find((challenge) => challenge.algorithm === "SHA-256") ?? usable[0] ?? null;
}
function digestAuthorization(challenge, { method, uri, username, password, body, cnonce = randomBytes3(16).toString("hex") }) {
  const hash = (text) => createHash(HASHES[challenge.algorithm]).update(text).digest("hex");
  const nc = "00000001";
  let ha1 = hash(`${username}:${challenge.realm}:${password}`);
  if (challenge.session) ha1 = hash(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = hash(challenge.qop === "auth-int" ? `${method}:${uri}:${hash(body ?? Buffer.alloc(0))}` : `${method}:${uri}`);
  const response = challenge.qop ? hash(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${challenge.qop}:${ha2}`) : hash(`${ha1}:${challenge.nonce}:${ha2}`);
  const quote2 = (text) => `"${text.replace(/["\\]/g, "\\$&")}"`;
  const params = [
    `username=${quote2(username)}`,
    `realm=${quote2(challenge.realm)}`,
    `nonce=${quote2(challenge.nonce)}`,
    `uri=${quote2(uri)}`,
    `algorithm=${challenge.algorithm}${challenge.session ? "-sess" : ""}`,
    `response=${quote2(response)}`,
    ...challenge.opaque !== void 0 ? [`opaque=${quote2(challenge.opaque)}`] : [],
    ...challenge.qop ? [`qop=${challenge.qop}`, `nc=${nc}`, `cnonce=${quote2(cnonce)}`] : []
  ];
  return `Digest ${params.join(", ")}`;
}
async function sendAnsweringDigest(request, outgoing, send) {
  const first = await send(outgoing.headers);
  const auth = request.authorization;
  if (auth.type !== "digest" || first.streamed || first.meta.status !== 401) return first;
  const challenge = digestChallenge(first.meta.headers.filter(([name]) => name.toLowerCase() === "www-authenticate").map(([, value]) => value));
  if (!challenge) return first;
  outgoing.held?.give?.(first.meta.bodyBytes);
  const uri = `${outgoing.target.pathname}${outgoing.target.search}`;
  const answer = digestAuthorization(challenge, { method: request.method, uri, username: auth.username, password: auth.password, body: outgoing.body });
  const second = await send([...outgoing.headers.filter(([name]) => name.toLowerCase() !== "authorization"), ["Authorization", answer]]);
  const challengeMs = first.meta.timing.totalMs;
  second.meta.timing = { ...second.meta.timing, challengeMs, totalMs: challengeMs + second.meta.timing.totalMs };
  return second;
}

// server/relay/target.mjs
function buildTargetUrl(baseUrl, url, query) {
  let target;
  try {
    target = /^[a-z][a-z0-9+.-]*:/i.test(url) ? new URL(url) : new URL(`${baseUrl.replace(/\/+$/, "")}/${url.replace(/^\/+/, "")}`);
  } catch {
    throw new RelayRequestError("url", `'${url}' does not make a valid URL with the base ${baseUrl}`);
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") throw new RelayRequestError("url", `Only http and https URLs can be relayed, not ${target.protocol}`);
  if (query.length) {
    const extra = query.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
    target.search = target.search ? `${target.search}&${extra}` : `?${extra}`;
  }
  target.hash = "";
  return target;
}

// server/run-sequence.mjs
var ModelMissingError = class extends Error {
};
var MODEL_EXPORTS = ["relayRequestFromSavedFile", "evaluateSavedAssertions", "captureFromRelayResult", "secretRedactor", "reportedResult", "summaryText", "junitXml", "jsonReport"];
async function requestModel() {
  let model;
  try {
    model = await import(new URL("../dist/node/model.mjs", import.meta.url).href);
  } catch (error) {
    throw new ModelMissingError(`the request model is not built (dist/node/model.mjs): run \`node build.mjs\` (${error instanceof Error ? error.message : String(error)})`);
  }
  const missing = MODEL_EXPORTS.filter((name) => typeof model[name] !== "function");
  if (missing.length > 0) throw new ModelMissingError(`the request model (dist/node/model.mjs) is older than this host (it has no ${missing.join(", ")}): run \`node build.mjs\``);
  return model;
}
async function ajvSchemaProblems() {
  const module = (
    /** @type {any} */
    await import("ajv/dist/2020.js")
  );
  const Ajv2020 = module.default?.default ?? module.default ?? module;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  const compiled = /* @__PURE__ */ new WeakMap();
  return (value, schema) => {
    let validate;
    try {
      validate = compiled.get(schema) ?? ajv.compile(schema);
    } catch (error) {
      return [`the documented schema cannot be checked: ${error instanceof Error ? error.message : String(error)}`];
    }
    compiled.set(schema, validate);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || "$"} ${error.message}`);
  };
}
function responsesByRoute(application) {
  const defs = application.$defs;
  return new Map(
    application.routes.map((route) => [
      route.id,
      (resolveRoute(route, application).responses ?? []).map((response) => response.schema && defs && Object.keys(defs).length ? { ...response, schema: { ...response.schema, $defs: defs } } : response)
    ])
  );
}
var routeIdOf = (file) => `${String(file.method ?? "GET").toUpperCase()} /${String(file.url ?? "").split(/[?#]/)[0].replace(/^\/+/, "")}`;
var needsSchemaCheck = (files) => files.some(({ content }) => (content.assertions ?? []).some((line) => line?.source === "schema"));
function keptAliveAgents() {
  const agents = { http: new http2.Agent({ keepAlive: true }), https: new https2.Agent({ keepAlive: true }) };
  return {
    ...agents,
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    }
  };
}
async function sendRunRequest(prepared, settings) {
  const request = validateRelayRequest(prepared);
  const url = buildTargetUrl(settings.baseUrl, request.url, sentQuery(request));
  settings.onTarget?.(url);
  const refused = settings.refusal?.(url);
  if (refused) throw new RelayRequestError("url", refused);
  const outgoing = buildOutgoing(request, { impersonateHeader: settings.impersonateHeader ?? null, browserCookies: [], sameSite: false, userAgent: settings.userAgent });
  const cap = settings.timeoutMs ?? DEFAULT_RELAY_TIMEOUT_MS;
  const send = (headers) => sendToTarget({ method: request.method, target: url, headers, body: outgoing.body, timeoutMs: Math.min(request.timeoutMs ?? cap, cap), maxBodyBytes: settings.maxBodyBytes, agents: settings.agents, signal: settings.signal });
  const response = await sendAnsweringDigest(request, { target: url, headers: outgoing.headers, body: outgoing.body }, send);
  return { meta: response.meta, body: Buffer.concat(response.chunks) };
}
var failed = (run) => run.error !== void 0 || run.results.some((result) => !result.passed);
async function runSequence(options) {
  const { files, model, signal } = options;
  const rows = options.rows && options.rows.length > 0 ? options.rows : [void 0];
  const schemaProblems = needsSchemaCheck(files) ? await ajvSchemaProblems() : void 0;
  const secretValues = options.secretValues ?? {};
  const results = [];
  let first = true;
  for (const [iteration, row] of rows.entries()) {
    const environment = row ? { name: options.environment?.name ?? "data row", variables: { ...options.environment?.variables ?? {}, ...row } } : options.environment;
    let captured = {};
    for (const [index, { path, content }] of files.entries()) {
      if (signal?.aborted) return { results, bailed: false, cancelled: true };
      if (!first && options.delayMs) {
        try {
          await wait(options.delayMs, void 0, { signal });
        } catch {
          return { results, bailed: false, cancelled: true };
        }
      }
      first = false;
      options.onStart?.(index, files.length, { path, content });
      const savedRun = { file: content, environment, secrets: options.secrets, captured, folders: options.folders };
      const prepared = model.relayRequestFromSavedFile(savedRun);
      const run = { iteration, index, file: path, name: String(content.name ?? path), method: prepared.request.method, url: String(content.url ?? ""), durationMs: 0, size: 0, results: [], captured: {} };
      try {
        if (prepared.problem) throw new RelayRequestError("", `${path}: ${prepared.problem.title}`);
        const { meta, body } = await sendRunRequest(prepared.request, { ...options, baseUrl: options.baseUrlOf(content, index), onTarget: (url) => run.url = url.href });
        run.status = meta.status;
        run.durationMs = meta.timing.totalMs;
        run.size = meta.bodySize;
        run.response = { headers: meta.headers, body, truncated: meta.truncated };
        run.results = model.evaluateSavedAssertions(savedRun, { status: meta.status, headers: meta.headers, bodyText: body.toString("utf8"), durationMs: meta.timing.totalMs }, { schemaProblems, responses: options.responsesOf?.(content) });
        const capture = model.captureFromRelayResult(content.captures, { body, meta });
        run.captured = capture.captured;
        captured = { ...captured, ...capture.captured };
        for (const value of capture.values) if (value.secret) secretValues[value.name] = value.value;
        if (options.moreResults) run.results.push(...await options.moreResults(savedRun));
      } catch (error) {
        if (signal?.aborted) return { results, bailed: false, cancelled: true };
        if (!(error instanceof RelayRequestError || error instanceof RelayTargetError)) throw error;
        run.error = error.message;
      }
      results.push(run);
      await options.onResult?.(run);
      if (options.bail && failed(run)) return { results, bailed: true, cancelled: false };
    }
  }
  return { results, bailed: false, cancelled: false };
}

// server/secrets-file.mjs
var SecretsFileError = class extends Error {
};
var NAME = /^[A-Za-z0-9_.-]+$/;
var unprefixed = (name) => name.startsWith(SECRET_ENV_PREFIX) && name.length > SECRET_ENV_PREFIX.length ? name.slice(SECRET_ENV_PREFIX.length) : name;
function parseSecretsFile(name, text) {
  const body = text.replace(/^\uFEFF/, "");
  return /\.json$/i.test(name) || body.trimStart().startsWith("{") ? jsonSecrets(name, body) : dotenvSecrets(name, body);
}
function jsonSecrets(name, text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
    const line = position === void 0 ? void 0 : text.slice(0, Number(position)).split("\n").length;
    throw new SecretsFileError(`${name}${line ? ` line ${line}` : ""}: not valid JSON`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new SecretsFileError(`${name}: a JSON secrets file is an object of name: value`);
  const secrets = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!NAME.test(unprefixed(key))) throw new SecretsFileError(`${name}: '${key}' is not a variable name (letters, digits, _ . -)`);
    if (typeof value === "object" && value !== null) throw new SecretsFileError(`${name}: the value of ${key} is not text or a number`);
    secrets[unprefixed(key)] = value === null ? "" : String(value);
  }
  return secrets;
}
function dotenvSecrets(name, text) {
  const secrets = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([^=\s]+)\s*=\s*(.*)$/.exec(line);
    if (!match) throw new SecretsFileError(`${name} line ${index + 1}: expected NAME=value`);
    const key = unprefixed(match[1]);
    if (!NAME.test(key)) throw new SecretsFileError(`${name} line ${index + 1}: '${match[1]}' is not a variable name (letters, digits, _ . -)`);
    secrets[key] = dotenvValue(match[2], name, index + 1);
  }
  return secrets;
}
function dotenvValue(text, name, line) {
  const quote2 = text[0];
  if (quote2 === '"' || quote2 === "'") {
    let close = quote2 === "'" ? text.indexOf("'", 1) : -1;
    if (quote2 === '"') {
      for (let i = 1; i < text.length; i += 1) {
        if (text[i] === "\\") i += 1;
        else if (text[i] === '"') {
          close = i;
          break;
        }
      }
    }
    if (close === -1) throw new SecretsFileError(`${name} line ${line}: the quoted value is not closed`);
    const rest = text.slice(close + 1).trim();
    if (rest !== "" && !rest.startsWith("#")) throw new SecretsFileError(`${name} line ${line}: unexpected text after the quoted value`);
    const inner = text.slice(1, close);
    return quote2 === "'" ? inner : inner.replace(/\\(.)/g, (_whole, char) => char === "n" ? "\n" : char === "r" ? "\r" : char === "t" ? "	" : char);
  }
  return text.replace(/\s+#.*$/, "").trim();
}

// server/version.mjs
import { readFileSync } from "node:fs";
var HOST_VERSION = (
  /** @type {string} */
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version
);

// server/run-cli.mjs
var REPORTERS = ["cli", "junit", "json"];
var RUN_USAGE = `       kite run [FOLDER|FILE…] [--workspace DIR] [--env NAME] [--target URL] [--bail]
                [--reporter cli,junit,json] [--output DIR] [--openapi FILE]
                [--data rows.csv|rows.json] [--secrets FILE]
                           send the saved requests in file-name order, captures flowing
                           from one to the next, and check their assertions; secrets come
                           from KITE_VAR_<name>=… or a --secrets file (dotenv or JSON,
                           outside the workspace; KITE_VAR_ wins); --data runs the
                           requests once per row, its columns as variables; exit 0 all
                           passed, 1 a failure, 2 a usage or file error; --openapi FILE
                           documents the routes' responses for the schema assertion`;
function secretsFromEnvironment(env) {
  return Object.fromEntries(
    Object.entries(env).filter(([name, value]) => name.startsWith(SECRET_ENV_PREFIX) && name.length > SECRET_ENV_PREFIX.length && value !== void 0).map(([name, value]) => [name.slice(SECRET_ENV_PREFIX.length), String(value)])
  );
}
async function readFile(workspace, path) {
  try {
    return (await workspace.read(path)).content;
  } catch (error) {
    if (error instanceof WorkspaceError) throw new CommandError(error.message);
    throw error;
  }
}
async function selectRequests(workspace, root, selection) {
  const paths = (await workspace.list()).files.map((file) => file.path).filter((path) => path.startsWith("requests/"));
  const contents = /* @__PURE__ */ new Map();
  for (const path of paths) contents.set(path, await readFile(workspace, path));
  if (selection.length === 0) return paths.map((path) => ({ path, content: contents.get(path) }));
  const chosen = /* @__PURE__ */ new Set();
  for (const argument of selection) {
    const asFile = fileArgument(argument, root);
    if (asFile !== null && contents.has(asFile)) {
      chosen.add(asFile);
      continue;
    }
    const folder = argument.replace(/^\/+|\/+$/g, "");
    const inFolder = paths.filter((path) => {
      const own = String(contents.get(path)?.folder ?? "");
      return folder === "" || own === folder || own.startsWith(`${folder}/`);
    });
    if (inFolder.length === 0) {
      throw new CommandError(`${argument}: no saved request file or folder of that name in the workspace ${root} (the files are requests/NAME.json; a folder is the one the saved-requests pane shows)`);
    }
    for (const path of inFolder) chosen.add(path);
  }
  return paths.filter((path) => chosen.has(path)).map((path) => ({ path, content: contents.get(path) }));
}
function fileArgument(argument, root) {
  const onDisk = relative2(root, resolve2(argument)).split(sep2).join("/");
  if (onDisk.startsWith("requests/") && onDisk.endsWith(".json")) return onDisk;
  const name = argument.replace(/^requests\//, "");
  if (name.includes("/")) return null;
  return `requests/${name.endsWith(".json") ? name : `${name}.json`}`;
}
async function selectEnvironment(workspace, name) {
  const paths = (await workspace.list()).files.map((file) => file.path).filter((path) => path.startsWith("environments/"));
  const byFile = `environments/${name.replace(/\.json$/, "")}.json`;
  if (paths.includes(byFile)) return readFile(workspace, byFile);
  for (const path of paths) {
    const content = await readFile(workspace, path);
    if (content?.name === name) return content;
  }
  throw new CommandError(`--env ${name}: there is no environment of that name (environments/${name.replace(/\.json$/, "")}.json) in the workspace`);
}
async function workspaceOfOptions(options) {
  const folder = typeof options["--workspace"] === "string" ? options["--workspace"] : ".kite";
  const root = resolve2(folder);
  if (!(await fs2.stat(root).catch(() => null))?.isDirectory()) throw new CommandError(`--workspace ${folder}: no such folder`);
  return { folder, root, workspace: createWorkspace(folder) };
}
var commandModel = () => requestModel().catch((error) => {
  throw error instanceof ModelMissingError ? new CommandError(error.message) : error;
});
function targetBase(flag, environment) {
  const fromEnvironment = environment?.variables?.baseUrl;
  const base = flag ?? (typeof fromEnvironment === "string" ? fromEnvironment : void 0);
  if (!base) throw new CommandError("name where to send the requests: --target URL, or a baseUrl variable in the environment");
  let url;
  try {
    url = new URL(base);
  } catch {
    throw new CommandError(`${flag ? "--target" : "the environment's baseUrl"} must be a full URL like http://127.0.0.1:8000, got '${base}'`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CommandError(`${flag ? "--target" : "the environment's baseUrl"} must be an http or https URL, got '${base}'`);
  return base;
}
async function documentedResponses(file) {
  const { OpenApiLoadError, loadOpenApiFile } = await import("../server/openapi/load.mjs");
  const { openApiToApplication } = await import("../server/openapi/to-routes.mjs");
  try {
    return responsesByRoute(openApiToApplication(loadOpenApiFile(file), { file }));
  } catch (error) {
    if (error instanceof OpenApiLoadError) throw new CommandError(error.message);
    throw error;
  }
}
async function runRequests(argv, io) {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.write(`Usage: ${RUN_USAGE.trimStart()}
`);
    return 0;
  }
  const { options, positional } = parse(argv, ["--bail"], ["--workspace", "--env", "--target", "--reporter", "--output", "--openapi", "--data", "--secrets"]);
  const reporters = String(options["--reporter"] ?? "cli").split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = reporters.filter((name) => !REPORTERS.includes(name));
  if (unknown.length > 0) throw new CommandError(`--reporter ${unknown.join(",")}: the reporters are ${REPORTERS.join(", ")}`);
  const writesFiles = reporters.some((name) => name !== "cli");
  const output = typeof options["--output"] === "string" ? options["--output"] : void 0;
  if (writesFiles && !output) throw new CommandError("--reporter junit or json writes files: name their folder with --output DIR");
  const { folder, root, workspace } = await workspaceOfOptions(options);
  const environment = typeof options["--env"] === "string" ? await selectEnvironment(workspace, options["--env"]) : void 0;
  const base = targetBase(typeof options["--target"] === "string" ? options["--target"] : void 0, environment);
  const files = await selectRequests(workspace, root, positional);
  const folders = await Promise.all((await workspace.list()).files.filter((file) => file.path.startsWith("folders/")).map((file) => readFile(workspace, file.path)));
  if (files.length === 0) throw new CommandError(`the workspace ${folder} has no saved requests (requests/NAME.json)`);
  const routeResponses = typeof options["--openapi"] === "string" ? await documentedResponses(options["--openapi"]) : /* @__PURE__ */ new Map();
  const model = await commandModel();
  const rows = typeof options["--data"] === "string" ? await dataRows(options["--data"], model) : void 0;
  const secrets = { ...typeof options["--secrets"] === "string" ? await secretsOfFile(options["--secrets"], root) : {}, ...secretsFromEnvironment(io.env) };
  const secretValues = { ...secrets };
  const redact = (text) => model.secretRedactor(secretValues)(text);
  const agents = keptAliveAgents();
  const userAgent = `Kite/${HOST_VERSION}`;
  const maxBodyBytes = 100 * 1024 * 1024;
  const identityEnvironments = await environmentsOfIdentities(workspace, files);
  const sendIdentity = async (prepared) => {
    const { meta } = await sendRunRequest(prepared, { baseUrl: base, userAgent, agents, maxBodyBytes });
    return { status: meta.status, durationMs: meta.timing.totalMs };
  };
  const showProgress = reporters.includes("cli");
  const startedAt = /* @__PURE__ */ new Date();
  const runStarted = performance.now();
  let requests;
  try {
    ({ results: requests } = await runSequence({
      files,
      rows,
      environment,
      secrets,
      secretValues,
      baseUrlOf: () => base,
      responsesOf: (content) => routeResponses.get(routeIdOf(content)),
      bail: Boolean(options["--bail"]),
      agents,
      userAgent,
      maxBodyBytes,
      model,
      folders,
      // A terminal shows the request under way on one line that the next one replaces.
      onStart: (index, total, { path, content }) => {
        if (showProgress && io.isTTY) io.write(`\r\x1B[K[${index + 1}/${total}] ${redact(String(content.name ?? path))}…`);
      },
      // "Send as…" identities that expect a status are checked after their request's own assertions.
      moreResults: (savedRun) => identityResults(model, savedRun, identityEnvironments, sendIdentity),
      onResult: (result) => {
        if (rows) result.name = `${result.name} (row ${result.iteration + 1})`;
        if (showProgress) io.write(io.isTTY ? `\r\x1B[K` : `[${result.index + 1}/${files.length}${rows ? ` row ${result.iteration + 1}/${rows.length}` : ""}] ${redact(progressLine(result))}
`);
      }
    }));
  } finally {
    agents.close();
  }
  const report = { name: positional.join(" ") || "kite run", startedAt: startedAt.toISOString(), durationMs: performance.now() - runStarted, requests };
  if (showProgress) io.write(redact(model.summaryText(report, redact)));
  if (output) {
    await fs2.mkdir(output, { recursive: true });
    if (reporters.includes("junit")) await fs2.writeFile(join2(output, "kite-junit.xml"), redact(model.junitXml(report, redact)));
    if (reporters.includes("json")) await fs2.writeFile(join2(output, "kite-report.json"), redact(model.jsonReport(report, redact)));
  }
  return requests.some(failed) ? 1 : 0;
}
async function environmentsOfIdentities(workspace, files) {
  const found = /* @__PURE__ */ new Map();
  for (const { content } of files) {
    for (const identity of Array.isArray(content.identities) ? content.identities : []) {
      if (identity?.kind !== "environment" || typeof identity.environment !== "string" || found.has(identity.environment)) continue;
      found.set(identity.environment, await selectEnvironment(workspace, identity.environment).catch(() => void 0));
    }
  }
  return found;
}
async function identityResults(model, savedRun, environments, send) {
  const results = [];
  for (const item of model.identityRunsFromSavedFile(savedRun, (name) => environments.get(name))) {
    let problem = item.problem;
    if (item.request) {
      try {
        const answer = await send(item.request);
        results.push(model.checkExpectation(item.identity, answer.status, answer.durationMs));
        continue;
      } catch (error) {
        if (!(error instanceof RelayRequestError || error instanceof RelayTargetError)) throw error;
        problem = error.message;
      }
    }
    results.push({ ...model.checkExpectation(item.identity, void 0), message: `As ${item.label}: ${problem}` });
  }
  return results;
}
async function runCommand(argv) {
  try {
    return await runRequests(argv, { write: (text) => process.stdout.write(text), env: process.env, isTTY: process.stdout.isTTY === true });
  } catch (error) {
    console.error(`kite run: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}
async function dataRows(path, model) {
  const text = await fs2.readFile(path, "utf8").catch((error) => {
    throw new CommandError(`--data ${path}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
  });
  try {
    return model.parseDataFile(path, text);
  } catch (error) {
    if (error instanceof Error && error.name === "DataFileError") throw new CommandError(`--data ${error.message}`);
    throw error;
  }
}
async function secretsOfFile(path, workspaceRoot) {
  const inside = relative2(workspaceRoot, resolve2(path));
  if (!inside.startsWith("..") && !isAbsolute(inside)) throw new CommandError(`--secrets ${path}: the file lies in the workspace ${workspaceRoot}, which is shared; keep secrets outside it`);
  const text = await fs2.readFile(path, "utf8").catch((error) => {
    throw new CommandError(`--secrets ${path}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
  });
  try {
    return parseSecretsFile(path, text);
  } catch (error) {
    if (error instanceof SecretsFileError) throw new CommandError(`--secrets ${error.message}`);
    throw error;
  }
}
function progressLine(run) {
  const passed = run.results.filter((result) => result.passed).length;
  const outcome = run.error !== void 0 ? `no answer: ${run.error}` : `${run.status} in ${Math.round(run.durationMs)} ms, ${passed}/${run.results.length} assertions passed`;
  return `${failed(run) ? "FAIL" : "PASS"} ${run.name} — ${run.method} ${run.url} — ${outcome}`;
}
export {
  RUN_USAGE,
  SECRET_ENV_PREFIX,
  commandModel,
  runCommand,
  runRequests,
  secretsFromEnvironment,
  selectEnvironment,
  selectRequests,
  workspaceOfOptions
};
