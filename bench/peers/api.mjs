// The loopback API every client calls: one JSON endpoint per response size, with CORS headers so
// the peers can call it from their own pages, and the OpenAPI 3.1 document that describes it.
// Each body opens with a first-line token and closes with a last-line token, so a page can tell
// from its DOM alone when the start and the end of the body are on screen.
import { createServer } from 'node:http';

/** The response sizes, largest last; `bytes` is the upper bound of the body (1024-based units). */
export const SIZES = [
  { id: '1kb', label: '1 KB', bytes: 1024 },
  { id: '1mb', label: '1 MB', bytes: 1024 ** 2 },
  { id: '10mb', label: '10 MB', bytes: 10 * 1024 ** 2 },
  { id: '50mb', label: '50 MB', bytes: 50 * 1024 ** 2 },
  { id: '100mb', label: '100 MB', bytes: 100 * 1024 ** 2 },
];

export const firstToken = (sizeId) => `bench-first-line-${sizeId}`;
export const lastToken = (sizeId) => `bench-last-line-${sizeId}`;
export const pathFor = (sizeId) => `/json/${sizeId}`;

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];

/** One realistic record; the index makes every record's text different. */
function record(index) {
  const word = WORDS[index % WORDS.length];
  return {
    id: index + 1,
    name: `${word} ${index}`,
    email: `${word}.${index}@example.test`,
    active: index % 3 !== 0,
    score: Math.round(((index * 7919) % 10000) / 3) / 100,
    tags: [word, WORDS[(index + 5) % WORDS.length]],
    address: { city: `City ${index % 97}`, zip: String(10000 + (index % 89999)) },
  };
}

/**
 * A compact JSON body of at most `bytes` bytes (and within a record of it): `first` is the first
 * member, `last` the last, records in between.
 */
export function jsonBody(sizeId, bytes) {
  const head = `{"first":"${firstToken(sizeId)}","items":[`;
  const tail = `],"last":"${lastToken(sizeId)}"}`;
  const parts = [head];
  let length = head.length + tail.length;
  for (let index = 0; ; index += 1) {
    const text = (index ? ',' : '') + JSON.stringify(record(index));
    if (length + text.length > bytes) break;
    parts.push(text);
    length += text.length;
  }
  parts.push(tail);
  return Buffer.from(parts.join(''), 'utf8');
}

export function openApiDocument(baseUrl) {
  const paths = {};
  for (const size of SIZES) {
    paths[pathFor(size.id)] = {
      get: {
        operationId: `json${size.id}`,
        summary: `JSON body of ${size.label}`,
        tags: ['bodies'],
        responses: { 200: { description: `A ${size.label} JSON document`, content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Bench API', version: '1.0.0' }, servers: [{ url: baseUrl }], paths };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
  'access-control-max-age': '600',
};

/** Starts the API on 127.0.0.1 (free port); bodies are built once, before it listens, and the document once it does. */
export async function startApi() {
  const bodies = new Map(SIZES.map((size) => [pathFor(size.id), jsonBody(size.id, size.bytes)]));
  let documentText = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end();
      return;
    }
    if (path === '/openapi.json') {
      response.writeHead(200, { ...CORS, 'content-type': 'application/json', 'cache-control': 'no-store' }).end(documentText);
      return;
    }
    const body = bodies.get(path);
    if (!body) {
      response.writeHead(404, { ...CORS, 'content-type': 'application/json' }).end('{"message":"not found"}');
      return;
    }
    response.writeHead(200, { ...CORS, 'content-type': 'application/json', 'content-length': body.length, 'cache-control': 'no-store' });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  const document = openApiDocument(baseUrl);
  documentText = JSON.stringify(document, null, 2);
  return {
    baseUrl,
    document,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
