import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { createMemoryHistoryBackend } from './history-backend';
import type { HistoryEntry } from './history-entry';
import { useHistory } from './use-history';

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
