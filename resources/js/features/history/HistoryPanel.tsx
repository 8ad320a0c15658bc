// History of sent requests: searchable by method, URL and status; selecting an entry restores the
// builder (and the stored response); delete one, clear all.
import { useVirtualizer } from '@tanstack/react-virtual';
import { GitCompare, Trash2 } from 'lucide-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { displayUrl, type HistoryEntry } from './history-entry';
import { searchHistory } from './history-search';
import { formatRelativeTime, formatSize, timeAttributes } from '../../lib/format';
import type { HistoryState } from './use-history';
import { SearchBox } from '../../components/SearchBox';

export interface HistoryPanelProps {
  history: HistoryState;
  selectedId: string | null;
  onRestore: (entry: HistoryEntry) => void;
  /** Compares the entry's response with the response on screen; absent when there is none to compare with. */
  onCompare?: (entry: HistoryEntry) => void;
}

const ROW_HEIGHT = 48;

function statusClass(entry: HistoryEntry): string {
  if (entry.status === undefined) return 'failed';
  return `${Math.floor(entry.status / 100)}xx`;
}

// Memoised: the client screen re-renders on every keystroke in the request builder, and this
// panel's props stay the same meanwhile.
export const HistoryPanel = memo(function HistoryPanel({ history, selectedId, onRestore, onCompare }: HistoryPanelProps) {
  const [search, setSearch] = useState('');
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const entries = useMemo(() => searchHistory(history.entries, search), [history.entries, search]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => entries[index]?.id ?? index,
    overscan: 8,
  });

  return (
    <div className="kite-history">
      <div className="kite-explorer-toolbar">
        <SearchBox label="Search history" value={search} onChange={setSearch} />
        {confirmingClear ? (
          <span className="kite-confirm">
            <button
              type="button"
              className="kite-button kite-button-sm"
              data-variant="danger"
              onClick={() => {
                setConfirmingClear(false);
                void history.clear();
              }}
            >
              Clear all
            </button>
            <button type="button" className="kite-button kite-button-sm" data-variant="ghost" onClick={() => setConfirmingClear(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="kite-tool-button"
            aria-label="Clear history"
            title="Clear history"
            disabled={history.entries.length === 0}
            onClick={() => setConfirmingClear(true)}
          >
            <Trash2 size={14} aria-hidden="true" />
          </button>
        )}
      </div>
      {history.loaded && history.entries.length === 0 && <p className="kite-explorer-message">Requests you send appear here.</p>}
      {history.entries.length > 0 && entries.length === 0 && <p className="kite-explorer-message">No requests match “{search}”.</p>}
      <div className="kite-explorer-list" ref={scrollRef} role="list" aria-label="History">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const entry = entries[virtual.index];
            if (!entry) return null;
            return (
              <div
                key={virtual.key}
                role="listitem"
                className="kite-history-row"
                data-selected={entry.id === selectedId || undefined}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: virtual.size, transform: `translateY(${virtual.start}px)` }}
              >
                <button type="button" className="kite-history-button" onClick={() => onRestore(entry)} title={entry.url}>
                  <span className="kite-history-line">
                    <span className="kite-badge kite-method" data-method={entry.method}>
                      {entry.method}
                    </span>
                    <span className="kite-history-url">{displayUrl(entry.url)}</span>
                  </span>
                  <span className="kite-history-meta">
                    <span className="kite-status-text" data-status={statusClass(entry)}>
                      {entry.status ?? entry.failure?.code ?? 'failed'}
                    </span>
                    <span>{Math.round(entry.durationMs)} ms</span>
                    <span>{formatSize(entry.size)}</span>
                    <time {...timeAttributes(entry.time)}>
                      {formatRelativeTime(entry.time, now)}
                    </time>
                  </span>
                </button>
                {onCompare && entry.meta && entry.id !== selectedId ? (
                  <button
                    type="button"
                    className="kite-tool-button kite-history-delete"
                    aria-label={`Compare ${entry.method} ${displayUrl(entry.url)} ${entry.status ?? ''} with the current response`}
                    title="Compare with current"
                    onClick={() => onCompare(entry)}
                  >
                    <GitCompare size={13} aria-hidden="true" />
                  </button>
                ) : null}
                <button
                  type="button"
                  className="kite-tool-button kite-history-delete"
                  aria-label={`Delete ${entry.method} ${displayUrl(entry.url)} from history`}
                  title="Delete"
                  onClick={() => void history.remove(entry.id)}
                >
                  <Trash2 size={13} aria-hidden="true" />
                </button>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
});
