// The body tab: the body type (none, JSON, form, multipart, raw) and the editor for it.
import { Paperclip, Plus, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import type { JsonSchema } from '../../../../protocol/types';
import { BODY_TYPES } from '../../model/request/body-types';
import { type MultipartRow, type RequestState, emptyMultipartRow } from '../../model/request/request-state';
import { type FieldErrorRecord, type RequestUpdate, useFieldErrors } from '../tabs/tabs';
import type { KeyValueRow } from '../../model/request/request-state';
import { rowProblems } from './field-errors';
import { KeyValueEditor, type KeyValueEditorProps } from '../../components/KeyValueEditor';
import { TextField } from '../../components/TextField';
import { fileToBase64 } from './file-base64';
import { JsonEditor } from './JsonEditor';
import { formatSize } from '../../lib/format';

export interface BodyEditorProps {
  state: RequestState;
  update: (update: RequestUpdate) => void;
  schema?: JsonSchema;
}

export function BodyEditor({ state, update, schema }: BodyEditorProps) {
  const invalid = useFieldErrors(state);
  const problemsOf = <Row extends { id: string; name: string; value: string }>(sent: Row[] | undefined, rows: Row[]) =>
    invalid && sent ? problemRows(rowProblems(invalid.errors, sent, rows, schema)) : undefined;
  return (
    <div className="kite-body-editor">
      <div className="kite-segmented" role="radiogroup" aria-label="Body type">
        {BODY_TYPES.map((type) => (
          <label key={type.id} className="kite-segment" data-checked={state.bodyType === type.id || undefined}>
            <input
              type="radio"
              name="kite-body-type"
              value={type.id}
              checked={state.bodyType === type.id}
              onChange={() => update({ bodyType: type.id })}
            />
            {type.label}
          </label>
        ))}
      </div>
      {state.bodyType === 'none' && <p className="kite-empty-note">This request has no body.</p>}
      {state.bodyType === 'json' && (
        <JsonEditor
          value={state.jsonBody}
          schema={schema}
          onChange={(jsonBody) => update({ jsonBody })}
          fieldErrors={invalid?.sent.bodyType === 'json' ? { errors: invalid.errors, sent: invalid.sent.jsonBody } : undefined}
        />
      )}
      {state.bodyType === 'form' && (
        <KeyValueEditor
          rows={state.formFields}
          onChange={(formFields) => update({ formFields })}
          noun="field"
          addLabel="Add field"
          rowExtra={problemsOf(invalid?.sent.bodyType === 'form' ? invalid.sent.formFields : undefined, state.formFields)}
        />
      )}
      {state.bodyType === 'multipart' && (
        <MultipartEditor
          rows={state.multipartFields}
          onChange={(multipartFields) => update({ multipartFields })}
          rowExtra={problemsOf(invalid?.sent.bodyType === 'multipart' ? invalid.sent.multipartFields : undefined, state.multipartFields)}
        />
      )}
      {state.bodyType === 'raw' && (
        <div className="kite-raw-editor">
          <label className="kite-inline-field">
            <span>Content-Type</span>
            <TextField value={state.rawContentType} onValue={(rawContentType) => update({ rawContentType })} aria-label="Raw body content type" />
          </label>
          <textarea
            className="kite-textarea kite-code-editor"
            aria-label="Raw body"
            spellCheck={false}
            value={state.rawBody}
            onChange={(event) => update({ rawBody: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}

/** A validation message under its row, and the row's value marked invalid and described by it. */
function problemRows(problems: Record<string, string>): NonNullable<KeyValueEditorProps['rowExtra']> {
  return (row) => {
    const message = problems[row.id];
    if (!message) return undefined;
    const id = `kite-problem-${row.id}`;
    return [
      { 'aria-invalid': true, 'aria-describedby': id },
      <p key="problem" className="kite-field-problem kite-error-text" id={id}>
        {message}
      </p>,
    ];
  };
}

function MultipartEditor({ rows, onChange, rowExtra }: { rows: MultipartRow[]; onChange: (rows: MultipartRow[]) => void; rowExtra?: KeyValueEditorProps['rowExtra'] }) {
  const patch = (id: string, change: Partial<MultipartRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const pick = async (row: MultipartRow, file: File | undefined) => {
    if (!file) return;
    try {
      const base64 = await fileToBase64(file);
      patch(row.id, {
        kind: 'file',
        name: row.name || 'file',
        file: { filename: file.name, contentType: file.type || 'application/octet-stream', size: file.size, base64 },
      });
    } catch (error) {
      toast.error('The file could not be read', { description: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="kite-kv" role="group" aria-label="Multipart fields">
      {rows.map((row, index) => (
        <div className="kite-kv-row kite-kv-row-multipart" key={row.id} data-disabled={!row.enabled || undefined}>
          <input
            type="checkbox"
            className="kite-kv-toggle"
            checked={row.enabled}
            aria-label={`Enable part ${row.name || index + 1}`}
            onChange={(event) => patch(row.id, { enabled: event.target.checked })}
          />
          <TextField value={row.name} onValue={(name) => patch(row.id, { name })} placeholder="Name" aria-label={`part ${index + 1} name`} />
          <select
            className="kite-select kite-part-kind"
            aria-label={`part ${row.name || index + 1} kind`}
            value={row.kind}
            onChange={(event) => patch(row.id, { kind: event.target.value === 'file' ? 'file' : 'text' })}
          >
            <option value="text">Text</option>
            <option value="file">File</option>
          </select>
          {row.kind === 'text' ? (
            <TextField
              value={row.value}
              onValue={(value) => patch(row.id, { value })}
              placeholder="Value"
              aria-label={`part ${row.name || index + 1} value`}
              {...rowExtra?.(row)?.[0]}
            />
          ) : (
            <label className="kite-file-pick">
              <Paperclip size={14} aria-hidden="true" />
              <span className="kite-file-name">
                {row.file ? `${row.file.filename} (${formatSize(row.file.size)})${row.file.base64 === undefined && row.file.size > 0 ? ' — pick again' : ''}` : 'Choose a file…'}
              </span>
              <input
                type="file"
                className="sr-only"
                aria-label={`part ${row.name || index + 1} file`}
                onChange={(event) => void pick(row, event.target.files?.[0])}
              />
            </label>
          )}
          <button
            type="button"
            className="kite-tool-button"
            aria-label={`Remove part ${row.name || index + 1}`}
            title="Remove"
            onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
          >
            <Trash2 size={14} aria-hidden="true" />
          </button>
          {rowExtra?.(row)?.[1]}
        </div>
      ))}
      <button type="button" className="kite-button kite-add-row" data-variant="ghost" onClick={() => onChange([...rows, emptyMultipartRow()])}>
        <Plus size={14} aria-hidden="true" /> Add part
      </button>
    </div>
  );
}

/** The query rows after a validation answer: each row's message under it (RequestBuilder loads this lazily). */
export function QueryRowsWithProblems(props: { rows: KeyValueRow[]; onChange: (rows: KeyValueRow[]) => void; invalid: FieldErrorRecord; schema?: JsonSchema; rowDoc?: KeyValueEditorProps['rowDoc'] }) {
  const problems = rowProblems(props.invalid.errors, props.invalid.sent.query, props.rows, props.schema);
  return <KeyValueEditor rows={props.rows} onChange={props.onChange} noun="query parameter" addLabel="Add parameter" rowExtra={problemRows(problems)} rowDoc={props.rowDoc} />;
}
