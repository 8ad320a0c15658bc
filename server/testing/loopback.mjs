// @ts-check
// Loopback servers for tests and benchmarks: a (req, res, next) handler mounted on its own server,
// and a target body that never ends.
import { createServer } from 'node:http';

/**
 * Serves `handler` on a free port of 127.0.0.1; what it passes on gets `fallback` (a 404 when none).
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next?: () => void) => void} handler
 * @param {string} [fallback] text the surrounding app answers with what Kite passes on
 * @returns {Promise<{ origin: string; close: () => Promise<void> }>}
 */
export async function serveHandler(handler, fallback) {
  const server = createServer((req, res) =>
    handler(
      req,
      res,
      fallback === undefined
        ? undefined
        : () => {
            res.writeHead(200, { 'Content-Type': 'text/plain' });
            res.end(fallback);
          },
    ),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Answers 200 with `chunk` after `chunk` for as long as the connection stays open.
 * @param {import('node:http').ServerResponse} res
 * @param {Buffer} chunk
 * @returns {Promise<true>} resolves when the connection has closed
 */
export function streamForever(res, chunk) {
  res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
  let closed = false;
  const done = new Promise((resolve) => res.on('close', () => resolve((closed = true))));
  const pump = () => {
    while (!closed && res.write(chunk));
    if (!closed) res.once('drain', pump);
  };
  pump();
  return /** @type {Promise<true>} */ (done);
}
