// "Find user" beside the impersonation user id: a search of the app's users by name or email
// (GET {apiUrl}/data?source=users). Hidden when the host has no data pickers. Its own lazy chunk.
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { DataRow } from '../../../../../protocol/types';
import { searchData } from './data-api';

const SEARCH_DEBOUNCE_MS = 200;
// Styled here, not in kite.css: the first load's stylesheet is at its budget and this is a lazy chunk.
const POPOVER: React.CSSProperties = {
  position: 'absolute',
  zIndex: 20,
  top: '100%',
  left: 0,
  width: 320,
  marginTop: 4,
  padding: 8,
  background: 'var(--kite-bg)',
  border: '1px solid var(--kite-border)',
  borderRadius: 'var(--kite-radius-sm)',
  boxShadow: 'var(--kite-shadow)',
};
const ROWS: React.CSSProperties = { listStyle: 'none', margin: '6px 0 0', padding: 0, maxHeight: 240, overflow: 'auto', fontSize: 13 };

export function UserPicker({ onPick }: { onPick: (id: string) => void }) {
  const [available, setAvailable] = useState(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<DataRow[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    const handle = setTimeout(() => {
      searchData('users', query, abort.signal).then(
        (answer) => {
          setAvailable(answer !== null);
          setRows(answer?.rows ?? []);
        },
        () => setRows([]),
      );
    }, query === '' ? 0 : SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(handle);
      abort.abort();
    };
  }, [query]);

  if (!available) return null;
  return (
    <div style={{ position: 'relative', marginTop: 6 }}>
      <button type="button" className="kite-button" data-variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Search size={14} aria-hidden="true" /> Find user
      </button>
      {open && (
        <div style={POPOVER} role="dialog" aria-label="Find a user">
          <input
            className="kite-input"
            type="search"
            aria-label="Search users by name or email"
            placeholder="Name or email"
            value={query}
            autoFocus
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
          />
          <ul style={ROWS} aria-label="Users">
            {rows.map((row) => (
              <li key={String(row.value)} style={{ padding: '3px 0' }}>
                <button
                  type="button"
                  className="kite-link-button"
                  onClick={() => {
                    onPick(String(row.value));
                    setOpen(false);
                  }}
                >
                  <code>{String(row.value)}</code> {row.label}
                </button>
              </li>
            ))}
            {rows.length === 0 && <li className="kite-muted">No users match.</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
