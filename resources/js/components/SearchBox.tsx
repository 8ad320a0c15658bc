// The search field of the explorer and history toolbars: a magnifier, a labelled search input.
import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

export interface SearchBoxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchBox({ label, value, onChange, ...input }: SearchBoxProps) {
  return (
    <label className="kite-search">
      <Search size={14} aria-hidden="true" />
      <input type="search" placeholder={label} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </label>
  );
}
