// @ts-check
// HTTP Digest authentication (RFC 7616) for the relay's `digest` authorization: reads the target's
// `WWW-Authenticate: Digest …` challenge and computes the `Authorization` answer. Written on
// node:crypto rather than the digest-header package, which knows MD5 only, ignores `algorithm`,
// splits the challenge on every comma (a quoted realm with a comma breaks it) and cuts a password
// at its first colon.
import { createHash, randomBytes } from 'node:crypto';

/** The algorithms Kite answers, strongest first (RFC 7616 §3.3: a client picks the one it prefers). */
const HASHES = /** @type {const} */ ({ 'SHA-256': 'sha256', MD5: 'md5' });

/**
 * @typedef {object} DigestChallenge
 * @property {string} realm
 * @property {string} nonce
 * @property {string} [opaque]
 * @property {'MD5' | 'SHA-256'} algorithm
 * @property {boolean} session the `-sess` variant
 * @property {'auth' | 'auth-int' | ''} qop '' when the challenge offers none (RFC 2069)
 */

/**
 * The challenges of a response's `WWW-Authenticate` headers (one header may hold several), as
 * scheme and parameters.
 * @param {string[]} values
 * @returns {Array<{ scheme: string; params: Record<string, string> }>}
 */
export function parseChallenges(values) {
  /** @type {Array<{ scheme: string; params: Record<string, string> }>} */
  const challenges = [];
  for (const value of values) {
    // A scheme, then `name=token` or `name="quoted"` parameters separated by commas.
    const part = /\s*,?\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))|\s+(?=[^\s=,]+\s*=)|\s*(?=,|$))/gy;
    let match;
    while (part.lastIndex < value.length && (match = part.exec(value))) {
      const [, name, quoted, token] = match;
      if (quoted === undefined && token === undefined) challenges.push({ scheme: name.toLowerCase(), params: {} });
      else if (challenges.length) challenges[challenges.length - 1].params[name.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : token;
    }
  }
  return challenges;
}

/**
 * The Digest challenge Kite can answer among a 401's `WWW-Authenticate` headers, preferring
 * SHA-256 over MD5; null when there is none (another scheme, an unknown algorithm or qop).
 * @param {string[]} values
 * @returns {DigestChallenge | null}
 */
export function digestChallenge(values) {
  const usable = parseChallenges(values)
    .filter(({ scheme, params }) => scheme === 'digest' && params.realm !== undefined && params.nonce)
    .map(({ params }) => {
      const named = (params.algorithm ?? 'MD5').toUpperCase();
      const session = named.endsWith('-SESS');
      const algorithm = /** @type {'MD5' | 'SHA-256' | undefined} */ (Object.keys(HASHES).find((name) => name === named.replace(/-SESS$/, '')));
      const offered = (params.qop ?? '').split(',').map((qop) => qop.trim().toLowerCase());
      const qop = /** @type {DigestChallenge['qop'] | null} */ (params.qop === undefined ? '' : offered.includes('auth') ? 'auth' : offered.includes('auth-int') ? 'auth-int' : null);
      return algorithm && qop !== null ? { realm: params.realm, nonce: params.nonce, opaque: params.opaque, algorithm, session, qop } : null;
    })
    .filter((challenge) => challenge !== null);
  return usable.find((challenge) => challenge.algorithm === 'SHA-256') ?? usable[0] ?? null;
}

/**
 * The `Authorization` header value answering `challenge` for one request.
 * @param {DigestChallenge} challenge
 * @param {{ method: string; uri: string; username: string; password: string; body: Buffer | null; cnonce?: string }} request
 *   `uri` the request target as sent (path and query)
 */
export function digestAuthorization(challenge, { method, uri, username, password, body, cnonce = randomBytes(16).toString('hex') }) {
  const hash = (/** @type {string | Buffer} */ text) => createHash(HASHES[challenge.algorithm]).update(text).digest('hex');
  // Kite answers each challenge once, so the nonce count is always 1.
  const nc = '00000001';
  let ha1 = hash(`${username}:${challenge.realm}:${password}`);
  if (challenge.session) ha1 = hash(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = hash(challenge.qop === 'auth-int' ? `${method}:${uri}:${hash(body ?? Buffer.alloc(0))}` : `${method}:${uri}`);
  const response = challenge.qop ? hash(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${challenge.qop}:${ha2}`) : hash(`${ha1}:${challenge.nonce}:${ha2}`);
  const quote = (/** @type {string} */ text) => `"${text.replace(/["\\]/g, '\\$&')}"`;
  const params = [
    `username=${quote(username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(uri)}`,
    `algorithm=${challenge.algorithm}${challenge.session ? '-sess' : ''}`,
    `response=${quote(response)}`,
    ...(challenge.opaque !== undefined ? [`opaque=${quote(challenge.opaque)}`] : []),
    ...(challenge.qop ? [`qop=${challenge.qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`] : []),
  ];
  return `Digest ${params.join(', ')}`;
}

/**
 * Sends a relayed request, and when its authorization is `digest` and the target answers 401 with a
 * Digest challenge, sends it once more, body unchanged, with the answer. A second 401 (a wrong
 * password) is the answer, as is any first answer without a challenge Kite can answer.
 * `timing.challengeMs` is the first exchange; `totalMs` counts both.
 * @param {import('../../protocol/types').RelayRequest} request
 * @param {{ target: URL; headers: Array<[string, string]>; body: Buffer | null; held?: { give?: (bytes: number) => void } }} outgoing
 * @param {(headers: Array<[string, string]>) => Promise<import('./perform.mjs').TargetResponse>} send
 */
export async function sendAnsweringDigest(request, outgoing, send) {
  const first = await send(outgoing.headers);
  const auth = request.authorization;
  if (auth.type !== 'digest' || first.streamed || first.meta.status !== 401) return first;
  const challenge = digestChallenge(first.meta.headers.filter(([name]) => name.toLowerCase() === 'www-authenticate').map(([, value]) => value));
  if (!challenge) return first;
  // The challenge's body is not answered: its bytes leave the host's budget.
  outgoing.held?.give?.(first.meta.bodyBytes);
  const uri = `${outgoing.target.pathname}${outgoing.target.search}`;
  const answer = digestAuthorization(challenge, { method: request.method, uri, username: auth.username, password: auth.password, body: outgoing.body });
  const second = await send([...outgoing.headers.filter(([name]) => name.toLowerCase() !== 'authorization'), ['Authorization', answer]]);
  const challengeMs = first.meta.timing.totalMs;
  second.meta.timing = { ...second.meta.timing, challengeMs, totalMs: challengeMs + second.meta.timing.totalMs };
  return second;
}
