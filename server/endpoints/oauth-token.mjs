// POST {path}/api/oauth/token: an OAuth 2.0 token request sent for the page (token endpoints rarely
// answer a browser: CORS), behind the same XSRF check and allow-list as the relay
// (server/oauth-token.mjs builds and reads the exchange). Mirrors OAuthTokenController.php.
import { BodyTooLargeError, readBody, sendError, sendJson } from '../http.mjs';
import { isUnderBase } from '../relay/target.mjs';
import { sendTokenRequest, TokenRequestError, validateTokenRequest } from '../oauth-token.mjs';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/** A token request is a handful of form fields: 1 MB is far above any real one. */
const MAX_TOKEN_REQUEST_BYTES = 1024 * 1024;

/**
 * @param {{ xsrf: { verify: (req: IncomingMessage) => boolean; refuse: (res: ServerResponse) => void };
 *   applications: (req: IncomingMessage) => Array<{ baseUrl: string }>;
 *   relayBases: (apps: Array<{ baseUrl: string }>) => string[];
 *   userAgent: string }} options
 */
export function oauthTokenEndpoint({ xsrf, applications, relayBases, userAgent }) {
  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  return async function serveOAuthToken(req, res) {
    if (!xsrf.verify(req)) return xsrf.refuse(res);
    try {
      let parsed;
      try {
        parsed = JSON.parse((await readBody(req, MAX_TOKEN_REQUEST_BYTES)).toString('utf8'));
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw new TokenRequestError(413, 'RELAY_REQUEST_TOO_LARGE', 'The token request is larger than 1 MB');
        throw new TokenRequestError(422, 'INVALID_TOKEN_REQUEST', 'The token request is not valid JSON');
      }
      const request = validateTokenRequest(parsed);
      const bases = relayBases(applications(req));
      if (!bases.some((base) => isUnderBase(request.tokenUrl, base))) {
        throw new TokenRequestError(403, 'TARGET_NOT_ALLOWED', `The token endpoint ${request.tokenUrl.href} is not under the base URLs this host relays to (${bases.join(', ')}); start it with --allow ${request.tokenUrl.origin} to allow it`, 'tokenUrl');
      }
      sendJson(res, 200, await sendTokenRequest(request, userAgent));
    } catch (error) {
      if (error instanceof TokenRequestError) sendError(res, error.status, error.code, error.message, error.field || undefined);
      else throw error;
    }
  };
}
