// History search: each term must match the method, the URL or the status (`404`, `4xx`, `failed`).
import type { HistoryEntry } from './history-entry';

export function matchesHistorySearch(entry: HistoryEntry, search: string): boolean {
  const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
  return terms.every((term) => {
    if (entry.method.toLowerCase() === term) return true;
    const status = entry.status === undefined ? '' : String(entry.status);
    if (status && (status === term || (/^[1-5]xx$/.test(term) && status[0] === term[0]))) return true;
    if (!status && (term === 'failed' || term === 'error')) return true;
    if (entry.failure && entry.failure.code.toLowerCase().includes(term)) return true;
    return entry.url.toLowerCase().includes(term);
  });
}

export function searchHistory(entries: HistoryEntry[], search: string): HistoryEntry[] {
  if (!search.trim()) return entries;
  return entries.filter((entry) => matchesHistorySearch(entry, search));
}
