// @ts-check
// Against DNS rebinding: a page on another site can point a name of its own at this machine and
// then call Kite through it, as its own origin. Kite answers only when the browser addressed it by
// a name it is meant to have (the Host header), and a protocol call made from a page (the Origin
// header) only from a page on such a name.
import { isIPv6 } from 'node:net';

/** Always allowed, on any port. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1'];
/** Listen addresses that mean every interface. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '0:0:0:0:0:0:0:0']);
/** `name`, `name:port`, `[v6]`, `[v6]:port`: what a browser puts in a Host header. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9._~-]+)(?::\d{1,5})?$/i;

/**
 * Whether a listen address means every network interface (`0.0.0.0`, `::`).
 * @param {string} address
 */
export function isWildcardAddress(address) {
  return WILDCARD_ADDRESSES.has(bare(address));
}

/**
 * A host name as it is compared: lower case, IPv6 without brackets; null when `name` is not a bare
 * host name or address (a scheme, a port, a path, a space).
 * @param {string} name
 * @returns {string | null}
 */
export function normalizeHostName(name) {
  const value = bare(String(name).trim());
  return isIPv6(value) || /^[a-z0-9._~-]+$/.test(value) ? value : null;
}

/**
 * @param {{ allowedHosts?: string[] }} options names (or addresses) the browser may use besides
 *   loopback and the address a request arrived on
 */
export function createHostCheck(options = {}) {
  const allowed = new Set([...LOOPBACK_HOSTS, ...(options.allowedHosts ?? []).map((name) => normalizeHostName(name) ?? bare(name))]);

  /**
   * @param {string} hostname from {@link hostNameOf}
   * @param {import('node:http').IncomingMessage} req
   */
  const isAllowed = (hostname, req) => allowed.has(hostname) || hostname === bare(String(req.socket.localAddress ?? '').replace(/^::ffff:/i, ''));

  /**
   * Why the request's Host header is refused, or null when it is allowed.
   * @param {import('node:http').IncomingMessage} req
   * @returns {string | null}
   */
  function hostRefusal(req) {
    const header = req.headers.host;
    const hostname = typeof header === 'string' && HOST_HEADER.test(header) ? hostNameOf(header) : null;
    if (hostname === null) return `Kite refused this request: its Host header ${header ? `'${header}' is malformed` : 'is missing'}.`;
    if (isAllowed(hostname, req)) return null;
    return `Kite refused this request: the Host header '${display(hostname)}' is not allowed. Start Kite with --allowed-host ${display(hostname)} to allow it (createKiteHandler: allowedHosts). Kite answers only to the names it is meant to have, so that no page on the internet can reach it through a name of its own (DNS rebinding).`;
  }

  /**
   * Why a call's Origin header is refused, or null when it has none or an allowed one.
   * @param {import('node:http').IncomingMessage} req
   * @returns {string | null}
   */
  function originRefusal(req) {
    const origin = req.headers.origin;
    if (origin === undefined) return null;
    if (origin === 'null') return "Kite refused this call: its Origin is 'null' (a sandboxed frame, a file: page or a redirect from another site), which is never an allowed host.";
    let hostname;
    try {
      hostname = bare(new URL(origin).hostname);
    } catch {
      return `Kite refused this call: its Origin '${origin}' is not a URL.`;
    }
    if (isAllowed(hostname, req)) return null;
    return `Kite refused this call: it comes from a page at ${origin}, whose host '${display(hostname)}' is not allowed. Start Kite with --allowed-host ${display(hostname)} to allow it (createKiteHandler: allowedHosts).`;
  }

  return { hostRefusal, originRefusal };
}

/** @param {string} header a Host header that matched HOST_HEADER */
function hostNameOf(header) {
  return bare(header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.replace(/:\d+$/, ''));
}

/** @param {string} name lower case, without IPv6 brackets */
function bare(name) {
  return name.toLowerCase().replace(/^\[|\]$/g, '');
}

/** @param {string} hostname as compared: brackets back on an IPv6 address */
function display(hostname) {
  return hostname.includes(':') ? `[${hostname}]` : hostname;
}
