// The app's POST run against a real HTTP server on 127.0.0.1 standing in for a host: events are
// handed on as their lines arrive (not when the run ends), a host refusal is told with the spec's
// toast title and rejects, and an abort closes the call so the host can stop the run.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunEvent, RunRequest } from '../../../../protocol/types';
import { createHostClient } from '../../lib/http/client';
import { runOnHost } from './run-call';

const request: RunRequest = { requests: [{ path: 'requests/a.json', file: { name: 'A' } as never }], variables: {}, secretNames: [] };
const result = (index: number) => ({ type: 'result', iteration: 0, index, path: 'requests/a.json', method: 'GET', url: 'http://t/', status: 200, durationMs: 1, size: 0, assertions: [], captured: {} });

let server: Server;
let baseUrl: string;
/** The open streamed answer, written by the test; and whether the client hung up. */
let open: { res: ServerResponse; req: IncomingMessage } | null = null;
let hungUp = false;
/** The open answer, read through a call (a test's `open = null` would narrow the variable itself). */
const current = () => open;
let received: unknown;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      received = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (req.url?.startsWith('/refuse/')) {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'INVALID_RUN_REQUEST', message: 'bad', field: 'requests' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.flushHeaders();
      res.on('close', () => (hungUp = !res.writableFinished));
      open = { res, req };
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (scenario: string, notify = vi.fn()) => createHostClient({ prefixUrl: `${baseUrl}/${scenario}/`, minimumDurationMs: 0, notify });

describe('POST run from the app', () => {
  it('hands on each event as its line arrives, a line cut in pieces once whole', async () => {
    open = null;
    const events: RunEvent[] = [];
    const finished = runOnHost(request, new AbortController().signal, (event) => events.push(event), client('stream'));
    await vi.waitFor(() => expect(current()).not.toBeNull());
    expect(received).toEqual(request);
    const line = `${JSON.stringify(result(0))}\n`;
    current()?.res.write(line.slice(0, 20));
    current()?.res.write(line.slice(20));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    current()?.res.end(`${JSON.stringify(result(1))}\n{"type":"done","passed":2,"failed":0,"durationMs":5,"cancelled":false}`);
    await finished;
    expect(events.map((event) => (event.type === 'result' ? event.index : event.type))).toEqual([0, 1, 'done']);
  });

  it("tells a host refusal with the spec's toast title and rejects", async () => {
    const notify = vi.fn();
    await expect(runOnHost(request, new AbortController().signal, () => {}, client('refuse', notify))).rejects.toThrow(/422/);
    expect(notify).toHaveBeenCalledWith('HTTP error! status: 422', expect.anything());
  });

  it('closes the call when aborted, so the host stops the run', async () => {
    open = null;
    hungUp = false;
    const abort = new AbortController();
    const events: RunEvent[] = [];
    const finished = runOnHost(request, abort.signal, (event) => events.push(event), client('cancel'));
    await vi.waitFor(() => expect(current()).not.toBeNull());
    current()?.res.write(`${JSON.stringify(result(0))}\n`);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    abort.abort();
    await expect(finished).rejects.toThrow();
    await vi.waitFor(() => expect(hungUp).toBe(true));
  });
});
