// @ts-check
// The run loop that `kite run` (./run-cli.mjs) and the Node host's `POST run`
// (./endpoints/run.mjs) share: saved requests sent in order with the relay's own code, straight to
// the target (Kite's 200 ms floor is for the browser's calls to the host), values captured by one
// request flowing to the next, each request's assertions evaluated; the whole sequence once per
// data row, the row's values as variables over the environment's; stop at the first failure
// (bail), a pause between requests, and a stop when the caller's signal aborts.
import http from 'node:http';
import https from 'node:https';
import { setTimeout as wait } from 'node:timers/promises';
import { DEFAULT_RELAY_TIMEOUT_MS } from '../protocol/endpoints.js';
import { resolveRoute } from '../protocol/route-refs.js';
import { buildOutgoing, sentQuery } from './relay/outgoing.mjs';
import { RelayTargetError, sendToTarget } from './relay/perform.mjs';
import { sendAnsweringDigest } from './relay/digest.mjs';
import { buildTargetUrl } from './relay/target.mjs';
import { RelayRequestError, validateRelayRequest } from './relay/validate.mjs';

/** Thrown when the request model bundle is missing: the caller turns it into its own error. */
export class ModelMissingError extends Error {}

/** What the runners take from the bundle: a bundle built before one of these existed is refused by name. */
const MODEL_EXPORTS = ['relayRequestFromSavedFile', 'evaluateSavedAssertions', 'captureFromRelayResult', 'secretRedactor', 'reportedResult', 'summaryText', 'junitXml', 'jsonReport'];

/** @returns {Promise<any>} the request model bundle (dist/node/model.mjs) */
export async function requestModel() {
  let model;
  try {
    // Named by URL: the bundle exists only once built, so the type checker does not look for it.
    model = await import(new URL('../dist/node/model.mjs', import.meta.url).href);
  } catch (error) {
    throw new ModelMissingError(`the request model is not built (dist/node/model.mjs): run \`node build.mjs\` (${error instanceof Error ? error.message : String(error)})`);
  }
  const missing = MODEL_EXPORTS.filter((name) => typeof model[name] !== 'function');
  if (missing.length > 0) throw new ModelMissingError(`the request model (dist/node/model.mjs) is older than this host (it has no ${missing.join(', ')}): run \`node build.mjs\``);
  return model;
}

/**
 * A JSON Schema validator for the schema assertion: ajv, loaded when a line asks for it.
 * @returns {Promise<(value: unknown, schema: object) => string[]>}
 */
export async function ajvSchemaProblems() {
  const module = /** @type {any} */ (await import('ajv/dist/2020.js'));
  const Ajv2020 = module.default?.default ?? module.default ?? module;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  /** @type {WeakMap<object, import('ajv').ValidateFunction>} */
  const compiled = new WeakMap();
  return (value, schema) => {
    /** @type {import('ajv').ValidateFunction} */
    let validate;
    try {
      validate = compiled.get(schema) ?? ajv.compile(schema);
    } catch (error) {
      // A documented schema ajv cannot use fails its line, saying why; the run goes on.
      return [`the documented schema cannot be checked: ${error instanceof Error ? error.message : String(error)}`];
    }
    compiled.set(schema, validate);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((/** @type {any} */ error) => `${error.instancePath || '$'} ${error.message}`);
  };
}

/**
 * The documented responses of each route of an application, by route id (`GET /pets/{id}`), each
 * schema carrying the application's shared `$defs` at its root so that ajv resolves its `$ref`s.
 * @param {Pick<import('../protocol/types').RoutesApplication, 'routes' | '$defs' | 'parameters' | 'responses'>} application
 * @returns {Map<string, import('../protocol/types').RouteResponseDoc[]>}
 */
export function responsesByRoute(application) {
  const defs = application.$defs;
  return new Map(
    application.routes.map((route) => [
      route.id,
      (resolveRoute(route, application).responses ?? []).map((response) => (response.schema && defs && Object.keys(defs).length ? { ...response, schema: { ...response.schema, $defs: defs } } : response)),
    ]),
  );
}

/**
 * The route a saved request is, by its method and its path template as saved (`/pets/{id}`).
 * @param {{ method?: string; url?: string }} file
 */
export const routeIdOf = (file) => `${String(file.method ?? 'GET').toUpperCase()} /${String(file.url ?? '').split(/[?#]/)[0].replace(/^\/+/, '')}`;

/** Whether any of the files has a schema assertion (then ajv is loaded). */
export const needsSchemaCheck = (/** @type {Array<{ content: any }>} */ files) => files.some(({ content }) => (content.assertions ?? []).some((/** @type {any} */ line) => line?.source === 'schema'));

/**
 * One request of one iteration as it ran: the reporters' RequestRun plus what the endpoint streams.
 * @typedef {object} SequenceResult
 * @property {number} iteration 0-based data row (0 without rows)
 * @property {number} index 0-based position in the sequence
 * @property {string} file the request's workspace path
 * @property {string} name
 * @property {string} method
 * @property {string} url the URL as sent (the file's as typed when it was not sent)
 * @property {number} [status] absent when no answer came (`error` says why)
 * @property {number} durationMs the target's own time
 * @property {number} size bytes of the body
 * @property {string} [error]
 * @property {any[]} results the assertions' results (model AssertionResult)
 * @property {Record<string, string>} captured the values this request captured
 * @property {{ headers: Array<[string, string]>; body: Buffer; truncated: boolean }} [response]
 */

/**
 * @typedef {object} SequenceOptions
 * @property {Array<{ path: string; content: any }>} files the saved request files, in order
 * @property {any} [environment] an EnvironmentFile (secret variables named with no value)
 * @property {Record<string, string>} secrets the values of the environment's secret variables
 * @property {any[]} [folders] the workspace's folder settings files (FolderSettingsFile): the auth a
 *   request saved as `inherit` sends
 * @property {Record<string, string>} [secretValues] the values the caller keeps out of every text
 *   (its redactor's): the run adds each value a request captures as secret
 * @property {Array<Record<string, string>>} [rows] data rows: the sequence runs once per row
 * @property {(file: any, index: number) => string} baseUrlOf the target base URL of a request
 *   (throws a RelayRequestError when it has none)
 * @property {(target: URL) => string | null} [refusal] why the target may not be reached, or null
 * @property {(file: any) => any[] | undefined} [responsesOf] the route's documented responses
 * @property {boolean} [bail] stop after the first request that failed
 * @property {number} [delayMs] pause between two requests
 * @property {number} [timeoutMs] the longest any one request may take (default DEFAULT_RELAY_TIMEOUT_MS)
 * @property {AbortSignal} [signal] stops the run (the caller went away)
 * @property {{ http: import('node:http').Agent; https: import('node:https').Agent }} agents
 * @property {string} userAgent
 * @property {string | null} [impersonateHeader] the header that makes the target act as a user (none: `impersonate` sends nothing)
 * @property {number} maxBodyBytes
 * @property {any} model the request model bundle ({@link requestModel})
 * @property {(index: number, total: number, file: { path: string; content: any }) => void} [onStart]
 * @property {(result: SequenceResult) => void | Promise<void>} [onResult] each result as it finishes
 * @property {(savedRun: any) => Promise<any[]>} [moreResults] results to add to a request's own
 *   assertions once it was answered (`kite run`'s "Send as…" identities)
 */

/**
 * Kept-alive connections to the targets for a run's requests (`kite run`'s, or the endpoint's runs):
 * the relay keeps its own. `close` ends them.
 */
export function keptAliveAgents() {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  return {
    ...agents,
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/**
 * How a run sends: where, through which agents, as what, within which limits.
 * @typedef {object} SendSettings
 * @property {string} baseUrl the target base URL the request's URL is put after
 * @property {(target: URL) => string | null} [refusal] why the target may not be reached, or null
 * @property {string | null} [impersonateHeader] the header that makes the target act as a user (none: `impersonate` sends nothing)
 * @property {string} userAgent
 * @property {{ http: import('node:http').Agent; https: import('node:https').Agent }} agents
 * @property {number} maxBodyBytes
 * @property {number} [timeoutMs] the longest it may take (default DEFAULT_RELAY_TIMEOUT_MS); a request's own shorter timeout wins
 * @property {AbortSignal} [signal]
 * @property {(url: URL) => void} [onTarget] told the URL once built, before it is checked or sent
 */

/**
 * One request of a run (a saved file's, or a "Send as…" identity's) sent straight to the target
 * with the relay's own code. Throws a RelayRequestError (a bad request, a refused target) or a
 * RelayTargetError (no answer).
 * @param {any} prepared a RelayRequest, as the model's relayRequestFromSavedFile makes it
 * @param {SendSettings} settings
 */
export async function sendRunRequest(prepared, settings) {
  const request = validateRelayRequest(prepared);
  const url = buildTargetUrl(settings.baseUrl, request.url, sentQuery(request));
  settings.onTarget?.(url);
  const refused = settings.refusal?.(url);
  if (refused) throw new RelayRequestError('url', refused);
  const outgoing = buildOutgoing(request, { impersonateHeader: settings.impersonateHeader ?? null, browserCookies: [], sameSite: false, userAgent: settings.userAgent });
  const cap = settings.timeoutMs ?? DEFAULT_RELAY_TIMEOUT_MS;
  // A Digest challenge is answered once, as the relay does (relay/digest.mjs), with the body unchanged.
  const send = (/** @type {Array<[string, string]>} */ headers) => sendToTarget({ method: request.method, target: url, headers, body: outgoing.body, timeoutMs: Math.min(request.timeoutMs ?? cap, cap), maxBodyBytes: settings.maxBodyBytes, agents: settings.agents, signal: settings.signal });
  const response = await sendAnsweringDigest(request, { target: url, headers: outgoing.headers, body: outgoing.body }, send);
  return { meta: response.meta, body: Buffer.concat(response.chunks) };
}

/** Whether a request of the run failed: no answer, or an assertion that did not pass. */
export const failed = (/** @type {{ error?: string; results: Array<{ passed: boolean }> }} */ run) => run.error !== undefined || run.results.some((result) => !result.passed);

/**
 * Runs the sequence.
 * @param {SequenceOptions} options
 * @returns {Promise<{ results: SequenceResult[]; bailed: boolean; cancelled: boolean }>}
 */
export async function runSequence(options) {
  const { files, model, signal } = options;
  const rows = options.rows && options.rows.length > 0 ? options.rows : [undefined];
  const schemaProblems = needsSchemaCheck(files) ? await ajvSchemaProblems() : undefined;
  const secretValues = options.secretValues ?? {};
  /** @type {SequenceResult[]} */
  const results = [];
  let first = true;
  for (const [iteration, row] of rows.entries()) {
    // A row's values are variables over the environment's; captured values start empty in each row.
    const environment = row ? { name: options.environment?.name ?? 'data row', variables: { ...(options.environment?.variables ?? {}), ...row } } : options.environment;
    /** @type {Record<string, string>} */
    let captured = {};
    for (const [index, { path, content }] of files.entries()) {
      if (signal?.aborted) return { results, bailed: false, cancelled: true };
      if (!first && options.delayMs) {
        try {
          await wait(options.delayMs, undefined, { signal });
        } catch {
          return { results, bailed: false, cancelled: true };
        }
      }
      first = false;
      options.onStart?.(index, files.length, { path, content });
      const savedRun = { file: content, environment, secrets: options.secrets, captured, folders: options.folders };
      const prepared = model.relayRequestFromSavedFile(savedRun);
      /** @type {SequenceResult} */
      const run = { iteration, index, file: path, name: String(content.name ?? path), method: prepared.request.method, url: String(content.url ?? ''), durationMs: 0, size: 0, results: [], captured: {} };
      try {
        if (prepared.problem) throw new RelayRequestError('', `${path}: ${prepared.problem.title}`);
        const { meta, body } = await sendRunRequest(prepared.request, { ...options, baseUrl: options.baseUrlOf(content, index), onTarget: (url) => (run.url = url.href) });
        run.status = meta.status;
        run.durationMs = meta.timing.totalMs;
        run.size = meta.bodySize;
        run.response = { headers: meta.headers, body, truncated: meta.truncated };
        run.results = model.evaluateSavedAssertions(savedRun, { status: meta.status, headers: meta.headers, bodyText: body.toString('utf8'), durationMs: meta.timing.totalMs }, { schemaProblems, responses: options.responsesOf?.(content) });
        const capture = model.captureFromRelayResult(content.captures, { body, meta });
        run.captured = capture.captured;
        captured = { ...captured, ...capture.captured };
        for (const value of capture.values) if (value.secret) secretValues[value.name] = value.value;
        if (options.moreResults) run.results.push(...(await options.moreResults(savedRun)));
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
