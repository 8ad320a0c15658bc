// Adding to history under a count limit and a storage quota. A full quota never loses the newest
// entry: the oldest bodies go first, then the oldest entries, and as a last resort the new entry's
// own body; the caller warns the user with what was dropped.
import type { HistoryBackend } from './history-backend';
import type { HistoryEntry } from './history-entry';

/** A storage write refused because the quota is full, as each browser names it. */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

export interface AddOutcome {
  /** Entries removed because history is longer than `maxHistoryLogs`. */
  trimmed: number;
  /** Older bodies dropped to make room. */
  droppedBodies: number;
  /** Older entries dropped to make room. */
  droppedEntries: number;
  /** The new entry was stored without its body. */
  droppedOwnBody: boolean;
}

export function quotaWarning(outcome: AddOutcome): string | null {
  if (outcome.droppedBodies === 0 && outcome.droppedEntries === 0 && !outcome.droppedOwnBody) return null;
  const parts: string[] = [];
  if (outcome.droppedBodies) parts.push(`${outcome.droppedBodies} older response ${outcome.droppedBodies === 1 ? 'body' : 'bodies'}`);
  if (outcome.droppedEntries) parts.push(`${outcome.droppedEntries} older ${outcome.droppedEntries === 1 ? 'entry' : 'entries'}`);
  if (outcome.droppedOwnBody) parts.push("this response's body");
  return `Browser storage is full: history dropped ${parts.join(', ')} to keep the newest request.`;
}

export async function addToHistory(
  backend: HistoryBackend,
  entry: HistoryEntry,
  body: ArrayBuffer | undefined,
  maxEntries: number,
): Promise<AddOutcome> {
  const outcome: AddOutcome = { trimmed: 0, droppedBodies: 0, droppedEntries: 0, droppedOwnBody: false };
  let current: HistoryEntry = { ...entry, hasBody: Boolean(body) && entry.hasBody !== false };
  let currentBody = current.hasBody ? body : undefined;
  for (;;) {
    try {
      await backend.put(current, currentBody);
      break;
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      const others = (await backend.list()).filter((other) => other.id !== current.id);
      const oldestWithBody = others.find((other) => other.hasBody);
      if (oldestWithBody) {
        await backend.dropBody(oldestWithBody.id);
        outcome.droppedBodies += 1;
      } else if (others.length > 0) {
        await backend.delete(others[0].id);
        outcome.droppedEntries += 1;
      } else if (currentBody) {
        currentBody = undefined;
        current = { ...current, hasBody: false, bodyCut: false };
        outcome.droppedOwnBody = true;
      } else {
        throw error;
      }
    }
  }
  outcome.trimmed = await trimHistory(backend, maxEntries);
  return outcome;
}

/** Deletes the oldest entries beyond `maxEntries`; returns how many went. */
export async function trimHistory(backend: HistoryBackend, maxEntries: number): Promise<number> {
  const limit = Math.max(0, Math.floor(Number.isFinite(maxEntries) ? maxEntries : 0));
  const entries = await backend.list();
  const excess = entries.length - limit;
  if (excess <= 0) return 0;
  // Never the newest: with a limit of 0, history still shows the request just sent.
  const toDelete = entries.slice(0, Math.min(excess, entries.length - 1));
  for (const entry of toDelete) await backend.delete(entry.id);
  return toDelete.length;
}
