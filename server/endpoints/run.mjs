// @ts-check
// POST {apiPrefix}/run on the Node host: the app's folder run as one call. Behind the relay's
// guards (the handler's Host/Origin check, the XSRF check, a body cap, the allow-list per request,
// the relay timeout per request); the sequence itself is server/run-sequence.mjs, the loop `kite
// run` uses. Each result is written as one NDJSON line as it finishes, then `done`; when the app
// closes the call (Cancel), the request under way is aborted and nothing more is sent.
import { RUN_CONTENT_TYPE, RUN_RESPONSE_BODY_MAX_BYTES } from '../../protocol/endpoints.js';
import { BodyTooLargeError, readBody, sendError } from '../http.mjs';
import { isUnderBase } from '../relay/target.mjs';
import { RunRequestError, validateRunRequest } from '../run-request.mjs';
import { failed, keptAliveAgents, requestModel, responsesByRoute, routeIdOf, runSequence } from '../run-sequence.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('../../protocol/types').RunEvent} RunEvent */

/** Largest run request read: up to RUN_MAX_REQUESTS saved files and the data rows, as JSON. */
export const RUN_REQUEST_MAX_BYTES = 16 * 1024 * 1024;

/**
 * @typedef {object} RunEndpointOptions
 * @property {{ verify: (req: IncomingMessage) => boolean; refuse: (res: ServerResponse) => void }} xsrf
 * @property {(req: IncomingMessage) => Array<{ id: string; baseUrl: string; routes: any[]; $defs?: any }>} applications the applications as this request sees them
 * @property {(apps: Array<{ baseUrl: string }>) => string[]} relayBases the base URLs the relay may reach
 * @property {string | null} impersonateHeader
 * @property {number} maxBodyBytes the largest body received from a target
 * @property {number} timeoutMs the longest one request may take
 * @property {string} userAgent
 */

/**
 * Serves the run endpoint.
 * @param {RunEndpointOptions} options
 */
export function runEndpoint({ xsrf, applications, relayBases, impersonateHeader, maxBodyBytes, timeoutMs, userAgent }) {
  // Kept-alive connections to the targets, for this endpoint's runs only (the relay has its own).
  const agents = keptAliveAgents();

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  async function serveRun(req, res) {
    if (!xsrf.verify(req)) return xsrf.refuse(res);
    let raw;
    try {
      raw = await readBody(req, RUN_REQUEST_MAX_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) sendError(res, 413, 'RUN_REQUEST_TOO_LARGE', `The run request is larger than ${RUN_REQUEST_MAX_BYTES / 1024 / 1024} MB`);
      else res.destroy();
      return;
    }
    /** @type {import('../../protocol/types').RunRequest} */
    let run;
    try {
      run = validateRunRequest(JSON.parse(raw.toString('utf8')));
    } catch (error) {
      if (error instanceof SyntaxError) return sendError(res, 422, 'INVALID_RUN_REQUEST', 'The run request is not valid JSON');
      if (error instanceof RunRequestError) return sendError(res, 422, 'INVALID_RUN_REQUEST', error.message, error.field || undefined);
      throw error;
    }
    const apps = applications(req);
    const defaultApp = run.application === undefined ? apps[0] : apps.find((app) => app.id === run.application);
    if (!defaultApp) return sendError(res, 422, 'INVALID_RUN_REQUEST', `There is no application '${run.application}' (known: ${apps.map((app) => app.id).join(', ') || 'none'})`, 'application');
    const bases = relayBases(apps);
    const model = await requestModel();
    const appOf = (/** @type {any} */ file) => apps.find((app) => app.id === file.application) ?? defaultApp;
    /** @type {Map<string, Map<string, any[]>>} */
    const responsesByApp = new Map();

    // Secret values come in the call and never go back out: each event's texts pass the redactor.
    const secretNames = new Set(run.secretNames);
    const secrets = Object.fromEntries(Object.entries(run.variables).filter(([name]) => secretNames.has(name)));
    /** @type {Record<string, string>} */
    const secretValues = { ...secrets };
    const environment = { name: 'run', variables: Object.fromEntries(Object.entries(run.variables).map(([name, value]) => [name, secretNames.has(name) ? { value: '', secret: true } : value])) };

    const cancel = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) cancel.abort();
    });
    res.writeHead(200, { 'Content-Type': `${RUN_CONTENT_TYPE}; charset=utf-8`, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    // The status line goes out at once, so the app knows the run started before its first result.
    res.flushHeaders();
    /** @param {RunEvent} event */
    const send = async (event) => {
      if (cancel.signal.aborted) return;
      if (!res.write(`${JSON.stringify(event)}\n`)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
    };
    const started = performance.now();
    let passed = 0;
    let failures = 0;
    try {
      const outcome = await runSequence({
        files: run.requests.map(({ path, file }) => ({ path, content: file })),
        environment,
        secrets,
        secretValues,
        rows: run.rows,
        bail: run.bail,
        delayMs: run.delayMs,
        baseUrlOf: (file) => appOf(file).baseUrl,
        refusal: (target) => (bases.some((base) => isUnderBase(target, base)) ? null : `TARGET_NOT_ALLOWED: ${target.href} is not under the base URLs this host relays to (${bases.join(', ')})`),
        responsesOf: (file) => {
          const app = appOf(file);
          if (!responsesByApp.has(app.id)) responsesByApp.set(app.id, responsesByRoute(app));
          return responsesByApp.get(app.id)?.get(routeIdOf(file));
        },
        timeoutMs,
        signal: cancel.signal,
        agents,
        userAgent,
        impersonateHeader,
        maxBodyBytes,
        model,
        onResult: async (result) => {
          if (failed(result)) failures += 1;
          else passed += 1;
          await send(resultEvent(result, model.secretRedactor(secretValues), model.reportedResult));
        },
      });
      if (outcome.cancelled) {
        res.destroy();
        return;
      }
      await send({ type: 'done', passed, failed: failures, durationMs: performance.now() - started, cancelled: outcome.bailed });
      res.end();
    } catch (error) {
      // The answer has begun: an error cannot become an error body.
      res.destroy();
      throw error;
    }
  }
  serveRun.close = agents.close;
  return serveRun;
}

/**
 * One result as the protocol's event, every text redacted.
 * @param {import('../run-sequence.mjs').SequenceResult} result
 * @param {(text: string) => string} redact
 * @param {(result: any, redact: (text: string) => string) => { actual: string }} reported the model's reportedResult (masks secret-looking values)
 * @returns {import('../../protocol/types').RunResultEvent}
 */
export function resultEvent(result, redact, reported) {
  const body = result.response?.body;
  return {
    type: 'result',
    iteration: result.iteration,
    index: result.index,
    path: result.file,
    method: /** @type {any} */ (result.method),
    url: redact(result.url),
    status: result.status ?? 0,
    durationMs: result.durationMs,
    size: result.size,
    assertions: result.results.map((outcome) => ({ assertion: outcome.assertion, passed: outcome.passed, actual: reported(outcome, redact).actual, message: redact(outcome.message) })),
    captured: Object.fromEntries(Object.entries(result.captured).map(([name, value]) => [name, redact(value)])),
    ...(result.error !== undefined ? { error: redact(result.error) } : {}),
    ...(result.response && body
      ? {
          response: {
            headers: result.response.headers.map(([name, value]) => /** @type {[string, string]} */ ([name, redact(value)])),
            body: redact(body.subarray(0, RUN_RESPONSE_BODY_MAX_BYTES).toString('utf8')),
            truncated: result.response.truncated || body.length > RUN_RESPONSE_BODY_MAX_BYTES,
          },
        }
      : {}),
  };
}
