// @ts-check
// A small client of a running Kite host for tests and benchmarks: it loads the page once (to get
// the XSRF cookie) and then sends relay requests the way the browser app does.
import { isRelayFrame } from '../../protocol/frame.js';
import { decodeWholeRelayFrame } from '../../protocol/frame-whole.js';
import { parseSetCookie } from '../../protocol/cookies.js';
import { XSRF_COOKIE, XSRF_HEADER, endpointUrl } from '../../protocol/endpoints.js';

/** @typedef {import('../../protocol/types').RelayRequest} RelayRequest */
/** @typedef {import('../../protocol/types').RelayResponseMeta} RelayResponseMeta */

/**
 * @param {string} pageUrl e.g. http://127.0.0.1:PORT/http-client
 */
export async function openKite(pageUrl) {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const config = JSON.parse(/** @type {RegExpExecArray} */ (/window\.Kite = (\{.*?\});<\/script>/s.exec(html))[1]);
  const xsrf = page.headers.getSetCookie().map(parseSetCookie).find((cookie) => cookie?.name === XSRF_COOKIE);
  if (!xsrf) throw new Error('the page set no XSRF-TOKEN cookie');
  const origin = new URL(pageUrl).origin;
  const relayUrl = new URL(endpointUrl(config.apiUrl, 'relay'), origin).href;

  /**
   * @param {Partial<RelayRequest> & { url: string }} request method GET, no headers, no body and `none` auth unless given
   * @param {{ cookies?: string; token?: string | null; raw?: string }} [how] extra browser cookies, another token
   * @returns {Promise<{ status: number; contentType: string; meta?: RelayResponseMeta; body?: Buffer; error?: { code: string; message: string; field?: string } }>}
   */
  async function relay(request, how = {}) {
    /** @type {Record<string, string>} */
    const headers = { 'Content-Type': 'application/json', Cookie: [`${XSRF_COOKIE}=${xsrf?.value}`, how.cookies].filter(Boolean).join('; ') };
    const token = how.token === undefined ? xsrf?.value : how.token;
    if (token) headers[XSRF_HEADER] = token;
    const body = how.raw ?? JSON.stringify({ method: 'GET', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' }, ...request });
    const response = await fetch(relayUrl, { method: 'POST', headers, body });
    const contentType = response.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await response.arrayBuffer());
    if (isRelayFrame(contentType)) {
      const frame = decodeWholeRelayFrame(bytes);
      return { status: response.status, contentType, meta: frame.meta, body: Buffer.from(frame.body.buffer, frame.body.byteOffset, frame.body.byteLength) };
    }
    return { status: response.status, contentType, error: JSON.parse(bytes.toString('utf8')).error };
  }

  return { config, token: xsrf.value, relay, html, pageResponse: page };
}
