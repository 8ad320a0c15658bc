// @ts-check
// POST {apiPrefix}/relay on the Node host, as RelayController.php is on the Laravel host: the XSRF
// check, the relay request read and validated, the target checked against the bases this host
// relays to, then sent (server/relay/) and answered as one frame or a stream.
import { XSRF_COOKIE } from '../../protocol/endpoints.js';
import { decodeCookieValue, parseCookieHeader } from '../../protocol/cookies.js';
import { BodyTooLargeError, readBody, sendError } from '../http.mjs';
import { RelayRequestError, validateRelayRequest } from '../relay/validate.mjs';
import { buildTargetUrl, isSameSite, isUnderBase } from '../relay/target.mjs';
import { buildOutgoing, sentQuery } from '../relay/outgoing.mjs';
import { RelayTargetError, sendToTarget, writeRelayFrame } from '../relay/perform.mjs';
import { sendAnsweringDigest } from '../relay/digest.mjs';
import { streamTrailer, streamWriter } from '../relay/stream.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/**
 * @typedef {object} RelayEndpointOptions
 * @property {{ verify: (req: IncomingMessage) => boolean; refuse: (res: ServerResponse) => void; isGenuine: (token: string) => boolean }} xsrf
 *   the host's XSRF check (a refusal brings a fresh token); `isGenuine` tells its own cookie, never forwarded
 * @property {(req: IncomingMessage) => Array<{ id: string; baseUrl: string }>} applications the applications as this request sees them
 * @property {(apps: Array<{ baseUrl: string }>) => string[]} relayBases the base URLs the relay may reach
 * @property {() => string} routesRevision the routes' revision now, reported with every answer
 * @property {string | null} impersonateHeader the header that makes the target act as a user, or null
 * @property {number} maxBodyBytes the largest body sent or received, in bytes
 * @property {number} defaultTimeoutMs the timeout of a relay request that names none
 * @property {ReturnType<typeof import('../relay/budget.mjs').createHeldBudget>} heldBudget the bytes all relays may hold at once
 * @property {{ http: import('node:http').Agent; https: import('node:https').Agent }} agents kept-alive connections to the targets
 * @property {string} userAgent sent when the request names none
 */

/**
 * Serves the relay endpoint.
 * @param {RelayEndpointOptions} options
 */
export function relayEndpoint({ xsrf, applications, relayBases, routesRevision, impersonateHeader, maxBodyBytes, defaultTimeoutMs, heldBudget, agents, userAgent }) {
  // The relay request carries files as base64 (4/3 of their size) plus JSON around them.
  const maxRelayRequestBytes = Math.ceil(maxBodyBytes * 1.4) + 1024 * 1024;

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  return async function serveRelay(req, res) {
    if (!xsrf.verify(req)) return xsrf.refuse(res);
    let raw;
    try {
      raw = await readBody(req, maxRelayRequestBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) sendError(res, 413, 'RELAY_REQUEST_TOO_LARGE', `The relay request is larger than ${Math.round(maxRelayRequestBytes / 1024 / 1024)} MB`);
      else res.destroy();
      return;
    }
    let parsed;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      sendError(res, 422, 'INVALID_RELAY_REQUEST', 'The relay request is not valid JSON');
      return;
    }

    /** @type {import('../../protocol/types').RelayRequest} */
    let request;
    let target, app;
    const apps = applications(req);
    try {
      request = validateRelayRequest(parsed);
      app = request.application === undefined ? apps[0] : apps.find((candidate) => candidate.id === request.application);
      if (!app) throw new RelayRequestError('application', `There is no application '${request.application}' (known: ${apps.map((a) => a.id).join(', ') || 'none'})`);
      target = buildTargetUrl(app.baseUrl, request.url, sentQuery(request));
    } catch (error) {
      if (error instanceof RelayRequestError) sendError(res, 422, 'INVALID_RELAY_REQUEST', error.message, error.field || undefined);
      else throw error;
      return;
    }
    if (request.authorization.type === 'impersonate' && !impersonateHeader) {
      sendError(res, 422, 'IMPERSONATION_UNAVAILABLE', 'Impersonation is not configured for this host', 'authorization.type');
      return;
    }
    const bases = relayBases(apps);
    if (!bases.some((base) => isUnderBase(target, base))) {
      sendError(res, 403, 'TARGET_NOT_ALLOWED', `${target.href} is not under the base URLs this host relays to (${bases.join(', ')}); start it with --allow ${target.origin} to add its origin`, 'url');
      return;
    }

    const browserCookies = parseCookieHeader(req.headers.cookie).filter((cookie) => !(cookie.name === XSRF_COOKIE && xsrf.isGenuine(decodeCookieValue(cookie.value))));
    const outgoing = buildOutgoing(request, {
      impersonateHeader,
      browserCookies,
      sameSite: isSameSite(String(req.headers.host ?? ''), target),
      userAgent,
    });
    const browserGone = new AbortController();
    // The body's bytes count against the host's budget until the answer is sent or the browser is gone.
    const held = heldBudget.lease();
    res.on('close', () => {
      held.release();
      if (!res.writableFinished) browserGone.abort();
    });
    try {
      const response = await sendAnsweringDigest(request, { target, headers: outgoing.headers, body: outgoing.body, held }, (headers) =>
        sendToTarget({
          method: request.method,
          target,
          headers,
          body: outgoing.body,
          timeoutMs: request.timeoutMs ?? defaultTimeoutMs,
          maxBodyBytes,
          agents,
          signal: browserGone.signal,
          held,
          stream: streamWriter(res, (head) => ({ ...head, routesRevision: routesRevision() })),
        }),
      );
      response.meta.routesRevision = routesRevision();
      if (response.streamed) streamWriter(res).end(streamTrailer(response.meta, response.streamed.end, response.streamed.message));
      else await writeRelayFrame(res, response);
    } catch (error) {
      // A streamed answer that has begun cannot become an error body; only a cancel gets here.
      if (res.headersSent) res.destroy();
      else if (error instanceof RelayTargetError) sendError(res, error.status, error.code, error.message);
      else throw error;
    }
  };
}
