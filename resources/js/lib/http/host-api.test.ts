// The relay call's decoding against a real HTTP server on 127.0.0.1 standing in for a host: a
// framed answer becomes a RelayResult, every kind of failure a RelayFailure with the host's message.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_FRAME_CONTENT_TYPE, type RelayRequest } from '../../../../protocol/types';
import { createHostClient } from './client';
import { RELAY_RECEIVED_MARK, RelayFailureError, relay } from './host-api';

const request: RelayRequest = { method: 'GET', url: '/x', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } };

function frame(body: Uint8Array, status = 201) {
  const meta = {
    status,
    statusText: 'Created',
    headers: [['content-type', 'application/json']],
    cookies: [],
    bodySize: body.length,
    bodyBytes: body.length,
    truncated: false,
    url: 'http://t/x',
    timing: { ttfbMs: 1, totalMs: 2 },
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), Buffer.from(body)]);
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  // The path of the client's prefix URL picks the answer.
  server = createServer((req, res) => {
    const scenario = (req.url ?? '').split('/')[1];
    if (scenario === 'ok') {
      res.writeHead(200, { 'content-type': RELAY_FRAME_CONTENT_TYPE });
      res.end(frame(new Uint8Array([...Buffer.from('{"ok":true}')])));
    } else if (scenario === 'stream') {
      // A streamed frame: the head, one piece at once, another 600 ms later, then the trailer.
      const head = { streaming: true, status: 200, statusText: 'OK', headers: [['content-type', 'text/event-stream']], cookies: [], url: 'http://t/x', timing: { ttfbMs: 1 } };
      res.writeHead(200, { 'content-type': RELAY_FRAME_CONTENT_TYPE });
      res.write(`${JSON.stringify(head)}\n9\ndata: 1\n\n`);
      setTimeout(() => res.end(`9\ndata: 2\n\n0\n${JSON.stringify({ bodySize: 18, bodyBytes: 18, truncated: false, timing: { totalMs: 160 }, end: 'complete' })}\n`), 600);
    } else if (scenario === 'refused') {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'TARGET_NOT_ALLOWED', message: 'Not an allowed origin' } }));
    } else if (scenario === 'html') {
      res.writeHead(500, 'Internal Server Error', { 'content-type': 'text/html' });
      res.end('<h1>oops</h1>');
    } else if (scenario === 'plain') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    } else if (scenario === 'hang') {
      // never answers
    } else {
      req.socket.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (scenario: string) => createHostClient({ prefixUrl: `${baseUrl}/${scenario}/`, minimumDurationMs: 0, notify: () => {} });

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RelayFailureError) return error.failure;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('relay', () => {
  it('decodes a framed answer into the metadata and the raw body bytes', async () => {
    const result = await relay(request, undefined, client('ok'));
    expect(result.meta.status).toBe(201);
    expect(new TextDecoder().decode(result.body)).toBe('{"ok":true}');
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.now() - result.receivedAt).toBeLessThan(5000);
  });

  it('shows a streamed answer piece by piece as it arrives, then resolves with the whole body and the arrivals', async () => {
    await import('../../../../protocol/frame-stream.js'); // loaded once, as the page does on its first stream
    const seen: Array<[string, number]> = [];
    let status = 0;
    const result = await relay(request, undefined, client('stream'), (head) => {
      status = head.status;
      return (bytes, at) => seen.push([new TextDecoder().decode(bytes), at]);
    });
    expect(status).toBe(200);
    expect(seen.map(([text]) => text)).toEqual(['data: 1\n\n', 'data: 2\n\n']);
    expect(seen[1][1] - seen[0][1]).toBeGreaterThan(100);
    expect(new TextDecoder().decode(result.body)).toBe('data: 1\n\ndata: 2\n\n');
    expect(result.meta).toMatchObject({ streaming: true, bodyBytes: 18, end: 'complete', timing: { ttfbMs: 1, totalMs: 160 } });
    expect(result.arrivals?.map(([end]) => end)).toEqual([9, 18]);
  });

  it("turns the host's error body into a failure with its code and message", async () => {
    expect(await failureOf(relay(request, undefined, client('refused')))).toEqual({
      status: 403,
      code: 'TARGET_NOT_ALLOWED',
      message: 'Not an allowed origin',
      field: undefined,
    });
  });

  it('names a non-JSON error by its status', async () => {
    expect(await failureOf(relay(request, undefined, client('html')))).toMatchObject({
      status: 500,
      code: 'HTTP_500',
      message: 'The host answered 500 Internal Server Error',
    });
  });

  it('reports an answer that is not a relay frame', async () => {
    expect(await failureOf(relay(request, undefined, client('plain')))).toMatchObject({ code: 'INVALID_RELAY_RESPONSE' });
  });

  it('reports a cancel as ABORTED', async () => {
    const controller = new AbortController();
    const pending = failureOf(relay(request, controller.signal, client('hang')));
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ code: 'ABORTED', message: 'The request was cancelled.' });
  });

  describe("under the spec's minimum duration (a floor one minute away, so nothing here waits for it)", () => {
    const heldClient = (scenario: string) => createHostClient({ prefixUrl: `${baseUrl}/${scenario}/`, minimumDurationMs: 60_000, notify: () => {} });

    it('hands the decoded answer over during the hold, and a cancel then wins: nothing resolves', async () => {
      const controller = new AbortController();
      let prepared: string | undefined;
      const failure = await failureOf(
        relay(request, controller.signal, heldClient('ok'), undefined, (result) => {
          prepared = new TextDecoder().decode(result.body);
          controller.abort();
        }),
      );
      expect(prepared).toBe('{"ok":true}');
      expect(failure).toMatchObject({ code: 'ABORTED' });
    });

    it('shows a streamed answer only from the floor on: a cancel before it shows nothing', async () => {
      await import('../../../../protocol/frame-stream.js');
      performance.clearMarks(RELAY_RECEIVED_MARK);
      const controller = new AbortController();
      let shown = false;
      let prepared = false;
      const call = failureOf(
        relay(
          request,
          controller.signal,
          heldClient('stream'),
          () => {
            shown = true;
          },
          () => {
            prepared = true;
          },
        ),
      );
      // Once the page has performance marks of the whole answer, it was read during the hold.
      await expect.poll(() => performance.getEntriesByName(RELAY_RECEIVED_MARK).length, { timeout: 10_000 }).toBeGreaterThan(0);
      controller.abort();
      expect(await call).toMatchObject({ code: 'ABORTED' });
      expect(shown).toBe(false);
      expect(prepared).toBe(false);
    });
  });

  it('reports a dropped connection as NETWORK_ERROR', async () => {
    expect(await failureOf(relay(request, undefined, client('drop')))).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
