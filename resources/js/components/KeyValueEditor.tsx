// Rows of name and value with an enable toggle: query parameters, headers and form fields.
import { Plus, Trash2 } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { type KeyValueRow, emptyRow } from '../model/request/request-state';
import { editRow } from './key-value-rows';
import { TextField } from './TextField';

export interface KeyValueEditorProps {
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  /** Names the rows in labels: "query parameter", "header", "field". */
  noun: string;
  addLabel: string;
  /** What a row's value input gets and what shows under the row (a validation message, see body/BodyEditor.tsx). */
  rowExtra?: (row: KeyValueRow) => [Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'>, ReactNode] | undefined;
  /**
   * The documentation shown under a row the route documents (see docs/ParamDoc.tsx): the id the
   * value input is described by, and what to draw. `setValue` puts a value in the row (and ticks it).
   */
  rowDoc?: (row: KeyValueRow, setValue: (value: string) => void) => { id: string; node: ReactNode } | undefined;
}

export function KeyValueEditor({ rows, onChange, noun, addLabel, rowExtra, rowDoc }: KeyValueEditorProps) {
  const update = (id: string, patch: Partial<KeyValueRow>) => onChange(editRow(rows, id, patch));
  return (
    <div className="kite-kv" role="group" aria-label={`${noun}s`}>
      {rows.map((row, index) => {
        const extra = rowExtra?.(row);
        const doc = rowDoc?.(row, (value) => update(row.id, { value }));
        const describedBy = [extra?.[0]['aria-describedby'], doc?.id].filter(Boolean).join(' ') || undefined;
        return (
          <div className="kite-kv-row" key={row.id} data-disabled={!row.enabled || undefined}>
            <input
              type="checkbox"
              className="kite-kv-toggle"
              checked={row.enabled}
              aria-label={`Enable ${noun} ${row.name || index + 1}`}
              onChange={(event) => update(row.id, { enabled: event.target.checked })}
            />
            <TextField value={row.name} onValue={(name) => update(row.id, { name })} placeholder="Name" aria-label={`${noun} ${index + 1} name`} />
            <TextField
              value={row.value}
              onValue={(value) => update(row.id, { value })}
              placeholder="Value"
              aria-label={`${noun} ${row.name || index + 1} value`}
              {...extra?.[0]}
              aria-describedby={describedBy}
            />
            <button
              type="button"
              className="kite-tool-button"
              aria-label={`Remove ${noun} ${row.name || index + 1}`}
              title="Remove"
              onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
            >
              <Trash2 size={14} aria-hidden="true" />
            </button>
            {extra?.[1]}
            {doc?.node}
          </div>
        );
      })}
      <button type="button" className="kite-button kite-add-row" data-variant="ghost" onClick={() => onChange([...rows, emptyRow()])}>
        <Plus size={14} aria-hidden="true" /> {addLabel}
      </button>
    </div>
  );
}

