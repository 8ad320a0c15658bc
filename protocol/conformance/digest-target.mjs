// @ts-check
// A Digest-protected target on loopback (RFC 7616), for the conformance suite and the hosts' tests.
// It verifies answers on its own (node:crypto), apart from any host's code: every path asks for
// Digest, with SHA-256 under /sha-256/ and MD5 elsewhere, qop "auth", and answers a correct
// answer with 200 `{ user, algorithm, method, url, body }`.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export const DIGEST_TARGET_REALM = 'kite-digest@127.0.0.1';

/**
 * @param {{ users: Record<string, string>; port?: number }} options user name → password; the port (any free one by default)
 * @returns {Promise<{ origin: string; requests: Array<{ method: string; url: string; authorization?: string }>; close: () => Promise<void> }>}
 */
export async function startDigestTarget({ users, port = 0 }) {
  const nonces = new Set();
  const opaque = randomBytes(8).toString('hex');
  /** @type {Array<{ method: string; url: string; authorization?: string }>} */
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = String(req.url);
      const method = String(req.method);
      requests.push({ method, url, authorization: req.headers.authorization });
      const algorithm = url.startsWith('/sha-256/') ? 'SHA-256' : 'MD5';
      const hash = (/** @type {string} */ text) => createHash(algorithm === 'SHA-256' ? 'sha256' : 'md5').update(text).digest('hex');
      const given = Object.fromEntries([...String(req.headers.authorization ?? '').matchAll(/(\w+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]+))/g)].map((m) => [m[1], m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]]));
      const password = users[given.username];
      const expected =
        password !== undefined && nonces.has(given.nonce) && given.uri === url && given.qop === 'auth'
          ? hash(`${hash(`${given.username}:${DIGEST_TARGET_REALM}:${password}`)}:${given.nonce}:${given.nc}:${given.cnonce}:auth:${hash(`${method}:${url}`)}`)
          : null;
      if (/^Digest\s/i.test(String(req.headers.authorization)) && expected !== null && given.response === expected && given.opaque === opaque) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ user: given.username, algorithm, method, url, body: Buffer.concat(chunks).toString('utf8') }));
        return;
      }
      const nonce = randomBytes(16).toString('hex');
      nonces.add(nonce);
      res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': `Digest realm="${DIGEST_TARGET_REALM}", qop="auth", algorithm=${algorithm}, nonce="${nonce}", opaque="${opaque}"` });
      res.end('Digest authentication required');
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    origin: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
