import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

/** A worker that records what it is sent and answers only when the test says so. */
class SilentWorker {
  static last: SilentWorker | null = null;
  readonly received: WorkerRequest[] = [];
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    SilentWorker.last = this;
  }
  postMessage(message: WorkerRequest) {
    this.received.push(message);
  }
  reply(message: WorkerReply) {
    this.onmessage?.({ data: message } as MessageEvent<WorkerReply>);
  }
  terminate() {}
}

async function loadWithWorker() {
  vi.resetModules();
  vi.stubGlobal('Worker', SilentWorker);
  return import('./body-source');
}

const jsonBody = (items: number) => new TextEncoder().encode(JSON.stringify(Array.from({ length: items }, (_, i) => ({ id: i, name: `user ${i}` })))).buffer;

describe('a large JSON body handed to the worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows its first lines at once, from the main thread, until the worker reports', async () => {
    vi.useFakeTimers(); // the byte slices wait on timers; the preview must not
    const { openBodySource, PREVIEW_BYTES } = await loadWithWorker();
    const body = jsonBody(20_000);
    expect(body.byteLength).toBeGreaterThan(PREVIEW_BYTES * 4);
    const source = openBodySource(body, { json: true, where: 'worker' });

    expect(source.status).toMatchObject({ json: true, indexing: true, jsonError: null });
    expect(source.status!.prettyLines).toBeGreaterThan(100);
    expect(source.status!.progress).toBeLessThan(0.1);
    const lines = await source.lines('pretty', 0, 4);
    expect(lines.map((line) => line.text)).toEqual(['[', '  {', '    "id": 0,', '    "name": "user 0"']);
    expect(SilentWorker.last!.received.filter((message) => message.type === 'lines')).toEqual([]);

    // Once the worker has reported, lines come from it.
    const doc = (SilentWorker.last!.received[0] as { doc: number }).doc;
    SilentWorker.last!.reply({ type: 'status', doc, status: { prettyLines: 80_002, rawLines: 1, indexing: false, progress: 1, json: true, jsonError: null, folds: 0 } });
    expect(source.status!.prettyLines).toBe(80_002);
    source.lines('pretty', 0, 4).catch(() => {}); // dispose() below rejects it
    expect(SilentWorker.last!.received.filter((message) => message.type === 'lines')).toHaveLength(1);
    source.dispose();
  });

  it('shows nothing before the worker reports when its start does not read as JSON', async () => {
    const { openBodySource, PREVIEW_BYTES } = await loadWithWorker();
    const text = `{"a": ${'x'.repeat(PREVIEW_BYTES * 2)}}`;
    const source = openBodySource(new TextEncoder().encode(text).buffer, { json: true, where: 'worker' });
    expect(source.status).toBeNull();
    source.dispose();
  });
});

describe('filtering a body with JSONPath', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on the main thread: the matches open as a body of their own, the original stays whole', async () => {
    vi.resetModules();
    const { openBodySource } = await import('./body-source');
    const source = openBodySource(jsonBody(50), { json: true, where: 'local' });
    const result = await source.filter('$[?(@.id > 47)].name');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count).toBe(2);
    expect((await result.source.lines('raw', 0, 1))[0].text).toBe('["user 48","user 49"]');
    expect(source.status?.prettyLines).toBeGreaterThan(100);
    expect(await source.filter('$[')).toEqual({ ok: false, error: '] is missing at the end' });
  });

  it('in the worker: asks it to filter into a new document and stands for that document', async () => {
    const { openBodySource } = await loadWithWorker();
    const source = openBodySource(jsonBody(20_000), { json: true, where: 'worker' });
    const worker = SilentWorker.last!;
    const pending = source.filter('$[0]');
    await Promise.resolve();
    const request = worker.received.find((message) => message.type === 'filter');
    expect(request).toMatchObject({ type: 'filter', expression: '$[0]' });
    if (request?.type !== 'filter') return;
    worker.reply({ type: 'filtered', doc: request.doc, req: request.req, ok: true, count: 1, text: '[{}]' });
    const result = await pending;
    expect(result).toMatchObject({ ok: true, count: 1 });
    if (!result.ok) return;
    worker.reply({ type: 'status', doc: request.into, status: { json: true, jsonError: null, prettyLines: 4, rawLines: 1, indexing: false, progress: 1, folds: 0, chars: 20 } as never });
    expect(result.source.status?.prettyLines).toBe(4);
    void result.source.lines('pretty', 0, 4);
    expect(worker.received.at(-1)).toMatchObject({ type: 'lines', doc: request.into });
  });
});
