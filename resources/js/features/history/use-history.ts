// History as React state on top of the browser's IndexedDB store: loaded on mount (records that do
// not read are set aside first, with one toast), added to after every send (trimmed to
// maxHistoryLogs, quota handled with a warning toast), deleted, cleared. A Send's entry is listed at
// once and stored after the frame that draws its answer (history-writes.ts); one the page leaves
// before it is stored goes to localStorage and is stored on the next visit (history-journal.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import type { HistoryBackend, SetAsideRecord } from './history-backend';
import { afterNextFrame, loadOnce } from '../../lib/idle';
import { createWriteQueue } from './history-writes';
import { HISTORY_JOURNAL_KEY, type UnstoredEntry, readHistoryJournal, writeHistoryJournal } from './history-journal';
import { browserStorage, onLeavingPage } from '../../lib/storage';
import { type HistoryEntry, entryResponse } from './history-entry';
// The store's rules (trimming, quota) and the records' checks load with the backend, after the
// first paint: every use of them here is asynchronous anyway.
const historyStore = () => import('./history-store');
/** For a Send: its entry is stored with these rules, so they are fetched while its call is held, not after the answer (issue 31). */
export const loadHistoryStore = historyStore;

/**
 * The browser's backend, whose IndexedDB code is a chunk of its own: it loads as the screen starts,
 * not before the first paint. Every call waits for it.
 */
function deferredBackend(load: () => Promise<HistoryBackend>): HistoryBackend {
  const ready = loadOnce(load);
  return {
    list: () => ready().then((backend) => backend.list()),
    put: (entry, body) => ready().then((backend) => backend.put(entry, body)),
    getBody: (id) => ready().then((backend) => backend.getBody(id)),
    dropBody: (id) => ready().then((backend) => backend.dropBody(id)),
    delete: (id) => ready().then((backend) => backend.delete(id)),
    clear: () => ready().then((backend) => backend.clear()),
    setAsideBroken: () => ready().then((backend) => backend.setAsideBroken()),
  };
}

let sharedBackend: HistoryBackend | undefined;
export function browserBackend(): HistoryBackend {
  sharedBackend ??= deferredBackend(() => import('./history-backend').then((module) => module.createBrowserHistoryBackend()));
  return sharedBackend;
}

export interface HistoryState {
  /** Newest first. */
  entries: HistoryEntry[];
  loaded: boolean;
  add(entry: HistoryEntry, body?: ArrayBuffer): Promise<void>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
  body(id: string): Promise<ArrayBuffer | undefined>;
  /** The entry's response as the response viewer shows it, its body read back (none when that fails). */
  response(entry: HistoryEntry): Promise<ReturnType<typeof entryResponse>>;
}

export function useHistory(maxEntries: number, backend: HistoryBackend = browserBackend()): HistoryState {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [queue] = useState(createWriteQueue);
  /** Entries listed but not stored yet (their write waits its turn): a reload keeps them listed, and leaving the page journals them. */
  const unstored = useRef(new Map<string, UnstoredEntry>());
  const limit = useRef(maxEntries);
  limit.current = maxEntries;

  const reload = useCallback(async () => {
    const stored = (await backend.list()).reverse().filter((entry) => !unstored.current.has(entry.id));
    setEntries([...[...unstored.current.values()].map((item) => item.entry).reverse(), ...stored]);
    setLoaded(true);
  }, [backend]);

  const report = useCallback((error: unknown) => {
    console.error('Kite: history storage failed', error);
    toast.error('History could not be saved', { description: error instanceof Error ? error.message : String(error) });
  }, []);

  useEffect(() => {
    backend
      .setAsideBroken()
      .then(reportSetAside, (error: unknown) => console.error('Kite: history records could not be checked', error))
      // A journal that could not be stored stays for the next visit; the list still loads.
      .then(() => storeJournal(backend, limit.current).catch(report))
      .then(reload)
      .catch(report);
  }, [backend, reload, report]);

  useEffect(
    () =>
      onLeavingPage(() => {
        if (unstored.current.size > 0) writeHistoryJournal([...unstored.current.values()]);
      }),
    [],
  );

  // A lower limit applies at once, not only at the next send. The store's code loads only when
  // there is something to trim: the first screen does not wait for it (issue 31).
  const listed = useRef(entries);
  listed.current = entries;
  useEffect(() => {
    if (!loaded || listed.current.length <= maxEntries) return;
    historyStore()
      .then(({ trimHistory }) => trimHistory(backend, maxEntries))
      .then((removed) => (removed > 0 ? reload() : undefined))
      .catch(report);
  }, [backend, maxEntries, loaded, reload, report]);

  const add = useCallback(
    async (entry: HistoryEntry, body?: ArrayBuffer) => {
      // Shown at once; storage catches up.
      setEntries((previous) => [entry, ...previous.filter((other) => other.id !== entry.id)]);
      unstored.current.set(entry.id, { entry, body });
      await queue(async () => {
        let changedOthers = true;
        try {
          const { addToHistory, quotaWarning } = await historyStore();
          const outcome = await addToHistory(backend, entry, body, maxEntries);
          const warning = quotaWarning(outcome);
          if (warning) toast.warning(warning);
          // The list on screen already shows the entry; read the store back only when more changed.
          changedOthers = outcome.trimmed > 0 || warning !== null;
        } catch (error) {
          report(error);
        }
        unstored.current.delete(entry.id);
        if (changedOthers) await reload().catch(report);
      }, afterNextFrame);
    },
    [backend, maxEntries, queue, reload, report],
  );

  const remove = useCallback(
    async (id: string) => {
      setEntries((previous) => previous.filter((entry) => entry.id !== id));
      await queue(() => backend.delete(id)).catch(report);
    },
    [backend, queue, report],
  );

  const clear = useCallback(async () => {
    setEntries([]);
    await queue(() => backend.clear()).catch(report);
  }, [backend, queue, report]);

  // Read after the writes asked for before: an entry opened at once finds its body stored.
  const body = useCallback((id: string) => queue(() => backend.getBody(id)), [backend, queue]);
  const response = useCallback(
    async (entry: HistoryEntry) => entryResponse(entry, entry.hasBody ? await body(entry.id).catch(() => undefined) : undefined),
    [body],
  );

  return useMemo(() => ({ entries, loaded, add, remove, clear, body, response }), [entries, loaded, add, remove, clear, body, response]);
}

/** Stores the entries a visit left before they were stored (history-journal.ts), unless that visit's write landed after all. */
async function storeJournal(backend: HistoryBackend, maxEntries: number): Promise<void> {
  if (browserStorage()?.getItem(HISTORY_JOURNAL_KEY) == null) return;
  const [{ isHistoryEntry }, { addToHistory }] = await Promise.all([import('./history-record'), historyStore()]);
  const { items, done } = readHistoryJournal(isHistoryEntry);
  const stored = new Set((await backend.list()).map((entry) => entry.id));
  for (const { entry, body } of items) {
    if (!stored.has(entry.id)) await addToHistory(backend, entry, body, maxEntries);
  }
  done();
}

async function reportSetAside(moved: SetAsideRecord[]): Promise<void> {
  if (moved.length === 0) return;
  for (const { key, problem, keptIn } of moved) {
    console.warn(`Kite: history entry ${String(key)} could not be read (${problem}); it was moved to ${keptIn} and is no longer listed.`);
  }
  const { setAsideMessage } = await import('./history-record');
  toast.warning(setAsideMessage(moved.length));
}
