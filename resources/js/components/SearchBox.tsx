// The search field of the explorer and history toolbars: a magnifier, a labelled search input.
import { Search } from 'lucide-react';

export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="kite-search">
      <Search size={14} aria-hidden="true" />
      <input type="search" placeholder={label} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
