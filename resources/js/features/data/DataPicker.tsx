// A search of the app's own rows beside a field (GET {apiUrl}/data): "Find user" beside the
// impersonation user id (source `users`, by name or email), and a search of a model's rows beside a
// model-bound path parameter (its RouteBinding.source; the row's route key goes into the field).
// Hidden when the host has no data pickers. Its own lazy chunk.
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Placement, placePanel, placementStyle } from '../../lib/placement';
import type { DataRow, RouteBinding } from '../../../../protocol/types';
import { searchData } from './data-api';

const SEARCH_DEBOUNCE_MS = 200;
// Styled here, not in kite.css: the first load's stylesheet is at its budget and this is a lazy chunk.
const POPOVER_WIDTH = 320;
const POPOVER_SIZES = { assumedHeight: 300, offset: 4, viewportMargin: 8 };
// Fixed, beside the button and inside the window (lib/placement.ts): the panes clip what overflows them.
const POPOVER: React.CSSProperties = {
  position: 'fixed',
  zIndex: 20,
  width: POPOVER_WIDTH,
  maxWidth: `calc(100vw - ${2 * POPOVER_SIZES.viewportMargin}px)`,
  display: 'flex',
  flexDirection: 'column',
  padding: 8,
  background: 'var(--kite-bg)',
  border: '1px solid var(--kite-border)',
  borderRadius: 'var(--kite-radius-sm)',
  boxShadow: 'var(--kite-shadow)',
};
const ROWS: React.CSSProperties = { listStyle: 'none', margin: '6px 0 0', padding: 0, maxHeight: 240, minHeight: 0, overflow: 'auto', fontSize: 13 };

function placeBelow(button: HTMLElement): Placement {
  return placePanel(button.getBoundingClientRect(), { width: window.innerWidth, height: window.innerHeight }, POPOVER_WIDTH, POPOVER_SIZES);
}

export interface DataPickerProps {
  /** The data endpoint's source. */
  source: string;
  /** The button's text and, when given, its accessible name. */
  button: string;
  buttonLabel?: string;
  /** The popover's name, its search box's name and placeholder, the list's name, and what it says when nothing matches. */
  dialogLabel: string;
  searchLabel: string;
  placeholder: string;
  listLabel: string;
  empty: string;
  onPick: (value: string) => void;
  /** Beside an input on one line (a path parameter) rather than under it. */
  inline?: boolean;
}

export function DataPicker({ source, button, buttonLabel, dialogLabel, searchLabel, placeholder, listLabel, empty, onPick, inline }: DataPickerProps) {
  const [available, setAvailable] = useState(false);
  const [open, setOpen] = useState<Placement | null>(null);
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<DataRow[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    const handle = setTimeout(() => {
      searchData(source, query, abort.signal).then(
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
  }, [source, query]);

  if (!available) return null;
  return (
    <div style={{ marginTop: inline ? 0 : 6 }}>
      <button
        type="button"
        className="kite-button"
        data-variant="ghost"
        aria-label={buttonLabel}
        aria-expanded={open !== null}
        onClick={(event) => setOpen(open ? null : placeBelow(event.currentTarget))}
      >
        <Search size={14} aria-hidden="true" /> {button}
      </button>
      {open && (
        <div style={{ ...POPOVER, ...placementStyle(open) }} role="dialog" aria-label={dialogLabel}>
          <input
            className="kite-input"
            type="search"
            aria-label={searchLabel}
            placeholder={placeholder}
            value={query}
            autoFocus
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setOpen(null)}
          />
          <ul style={ROWS} aria-label={listLabel}>
            {rows.map((row) => (
              <li key={String(row.value)} style={{ padding: '3px 0' }}>
                <button
                  type="button"
                  className="kite-link-button"
                  onClick={() => {
                    onPick(String(row.value));
                    setOpen(null);
                  }}
                >
                  <code>{String(row.value)}</code> {row.label === String(row.value) ? '' : row.label}
                </button>
              </li>
            ))}
            {rows.length === 0 && <li className="kite-muted">{empty}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}

/** "Find user" beside the impersonation user id. */
export function UserPicker({ onPick }: { onPick: (id: string) => void }) {
  return (
    <DataPicker
      source="users"
      button="Find user"
      dialogLabel="Find a user"
      searchLabel="Search users by name or email"
      placeholder="Name or email"
      listLabel="Users"
      empty="No users match."
      onPick={onPick}
    />
  );
}

/** The model's short name: `App\Models\User` → `User`. */
export function modelName(binding: RouteBinding): string {
  return binding.model.split(/[\\/.]/).pop() || binding.model;
}

/** A search of the rows a model-bound path parameter takes (`{user}` → User rows); picks the route key. */
export function BindingPicker({ parameter, binding, onPick }: { parameter: string; binding: RouteBinding; onPick: (key: string) => void }) {
  const model = modelName(binding);
  return (
    <DataPicker
      source={binding.source}
      button={`Find ${model}`}
      buttonLabel={`Find ${model} for {${parameter}}`}
      dialogLabel={`Find a ${model}`}
      searchLabel={`Search ${model} rows`}
      placeholder={`Search ${binding.table} by ${binding.key} or name`}
      listLabel={`${model} rows`}
      empty={`No ${model} rows match.`}
      onPick={onPick}
      inline
    />
  );
}
