import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { createMemoryHistoryBackend } from './history-backend';
import type { HistoryEntry } from './history-entry';
import { useHistory } from './use-history';
import { HISTORY_JOURNAL_KEY } from './history-journal';

vi.mock('../../lib/toast', () => ({ toast: { warning: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const entry = (id: string, time: number, extra: Record<string, unknown> = {}) =>
  ({ id, time, method: 'GET', url: `http://x/${id}`, request: {}, status: 200, size: 0, durationMs: 1, hasBody: false, bodyCut: false, ...extra }) as unknown as HistoryEntry;

describe('history with records that do not read', () => {
  it('lists the good entries, sets the broken ones aside and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const backend = createMemoryHistoryBackend();
    await backend.put(entry('a', 1));
    await backend.put(entry('b', 2, { url: undefined }));
    await backend.put(entry('c', 3));
    await backend.put(entry('d', 4, { time: 'yesterday' }));

    const first = renderHook(() => useHistory(100, backend));
    await waitFor(() => expect(first.result.current.loaded).toBe(true));
    expect(first.result.current.entries.map((item) => item.id)).toEqual(['c', 'a']);
    expect(toast.warning).toHaveBeenCalledTimes(1);
    expect(toast.warning).toHaveBeenCalledWith('2 history entries could not be read and were set aside');
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      'Kite: history entry b could not be read (url is missing); it was moved to memory and is no longer listed.',
      'Kite: history entry d could not be read (time is not valid); it was moved to memory and is no longer listed.',
    ]);
    first.unmount();

    // The next visit finds nothing left to report.
    const second = renderHook(() => useHistory(100, backend));
    await waitFor(() => expect(second.result.current.loaded).toBe(true));
    expect(second.result.current.entries.map((item) => item.id)).toEqual(['c', 'a']);
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });
});

describe('a Send\'s history entry', () => {
  /** History on the memory backend, noting each stored entry and whether a frame had been drawn since `sendNow`. */
  async function watchedHistory(maxEntries: number) {
    const backend = createMemoryHistoryBackend();
    const puts: Array<{ id: string; afterFrame: boolean }> = [];
    let framed = false;
    const put = backend.put.bind(backend);
    backend.put = (stored, body) => {
      puts.push({ id: stored.id, afterFrame: framed });
      return put(stored, body);
    };
    const { result } = renderHook(() => useHistory(maxEntries, backend));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    framed = false;
    requestAnimationFrame(() => (framed = true));
    return { backend, puts, result };
  }

  it('is listed at once and stored after the frame that draws the answer', async () => {
    const { puts, result } = await watchedHistory(100);
    let stored: Promise<void> = Promise.resolve();
    act(() => {
      stored = result.current.add(entry('a', 1, { hasBody: true }), new TextEncoder().encode('{"big":true}').buffer);
    });
    expect(result.current.entries.map((item) => item.id)).toEqual(['a']);
    // Opened before it is stored, it waits for its write and finds its body.
    const opened = result.current.body('a');
    await act(() => stored);
    expect(puts).toEqual([{ id: 'a', afterFrame: true }]);
    expect(new TextDecoder().decode(await opened)).toBe('{"big":true}');
  });

  it('loses nothing and keeps the order when Send is pressed again at once, with trimming going on', async () => {
    const { backend, puts, result } = await watchedHistory(2);
    let stored: Promise<unknown> = Promise.resolve();
    act(() => {
      stored = Promise.all(['a', 'b', 'c'].map((id, index) => result.current.add(entry(id, index + 1))));
    });
    // Listed at once, newest first, before any is stored.
    expect(result.current.entries.map((item) => item.id)).toEqual(['c', 'b', 'a']);
    await act(() => stored);
    expect(puts.map((put) => put.id)).toEqual(['a', 'b', 'c']);
    expect((await backend.list()).map((item) => item.id)).toEqual(['b', 'c']);
    expect(result.current.entries.map((item) => item.id)).toEqual(['c', 'b']);
  });
});

describe('an entry the page is left before it is stored (a reload right after the answer)', () => {
  afterEach(() => localStorage.clear());

  /** A visit whose storage never finishes a write: the page goes away first. */
  async function visitLeftMidWrite(add: Array<{ id: string; body?: string }>) {
    const backend = createMemoryHistoryBackend();
    backend.put = () => new Promise(() => undefined);
    const visit = renderHook(() => useHistory(100, backend));
    await waitFor(() => expect(visit.result.current.loaded).toBe(true));
    act(() => {
      for (const { id, body } of add) void visit.result.current.add(entry(id, Number(id.slice(1)), { hasBody: body !== undefined }), body === undefined ? undefined : new TextEncoder().encode(body).buffer);
    });
    window.dispatchEvent(new Event('pagehide'));
    visit.unmount();
  }

  it('is stored by the next visit, with its body, and listed', async () => {
    await visitLeftMidWrite([
      { id: 'e1', body: '{"name":"First"}' },
      { id: 'e2', body: '{"name":"Second"}' },
    ]);
    expect(localStorage.getItem(HISTORY_JOURNAL_KEY)).not.toBeNull();

    const backend = createMemoryHistoryBackend();
    const next = renderHook(() => useHistory(100, backend));
    await waitFor(() => expect(next.result.current.loaded).toBe(true));
    expect(next.result.current.entries.map((item) => item.id)).toEqual(['e2', 'e1']);
    expect(new TextDecoder().decode(await backend.getBody('e2'))).toBe('{"name":"Second"}');
    expect(localStorage.getItem(HISTORY_JOURNAL_KEY)).toBeNull();
  });

  it('is not stored twice when the write landed after all', async () => {
    await visitLeftMidWrite([{ id: 'e1', body: '{"kept":"by the write"}' }]);
    const backend = createMemoryHistoryBackend();
    await backend.put({ ...entry('e1', 1), hasBody: true }, new TextEncoder().encode('{"kept":"by the write"}').buffer);
    const put = vi.spyOn(backend, 'put');
    const next = renderHook(() => useHistory(100, backend));
    await waitFor(() => expect(next.result.current.loaded).toBe(true));
    expect(next.result.current.entries.map((item) => item.id)).toEqual(['e1']);
    expect(put).not.toHaveBeenCalled();
    expect(localStorage.getItem(HISTORY_JOURNAL_KEY)).toBeNull();
  });

  it('leaves nothing behind when every entry was stored before the page went', async () => {
    const backend = createMemoryHistoryBackend();
    const visit = renderHook(() => useHistory(100, backend));
    await waitFor(() => expect(visit.result.current.loaded).toBe(true));
    await act(() => visit.result.current.add(entry('e1', 1)));
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(HISTORY_JOURNAL_KEY)).toBeNull();
  });
});
