// The JSON body editor. The textarea is uncontrolled and the text reaches the request state on a
// short debounce, so typing in a 5 MB document costs one timer per keystroke; parsing and schema
// validation run later still, off the keystroke path, and list errors by path.
import { useEffect, useRef, useState } from 'react';
import type { JsonSchema } from '../../../../../protocol/types';
import { registerPendingEdit } from '../state/pending-edits';
import { type JsonCheck, checkJsonText } from './json-schema-validate';

export interface JsonEditorProps {
  value: string;
  onChange: (text: string) => void;
  schema?: JsonSchema;
}

const EDIT_DEBOUNCE_MS = 150;
/** Validation waits longer for big documents: a parse of megabytes should not follow every pause. */
const validateDelay = (length: number) => (length > 1_000_000 ? 700 : length > 100_000 ? 350 : 200);
const MAX_LISTED_ERRORS = 50;

export function JsonEditor({ value, onChange, schema }: JsonEditorProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const emitted = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [check, setCheck] = useState<JsonCheck | null>(null);
  const [checking, setChecking] = useState(false);

  const flush = () => {
    clearTimeout(timer.current);
    const text = textareaRef.current?.value;
    if (text === undefined || text === emitted.current) return;
    emitted.current = text;
    onChangeRef.current(text);
  };

  useEffect(() => registerPendingEdit(flush), []);
  useEffect(() => () => flush(), []);

  // Text set from outside (auto-fill, history, cURL import) replaces what the textarea shows.
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea || value === emitted.current) return;
    emitted.current = value;
    if (textarea.value !== value) textarea.value = value;
  }, [value]);

  useEffect(() => {
    setChecking(true);
    const handle = setTimeout(() => {
      setCheck(checkJsonText(value, schema, { maxErrors: MAX_LISTED_ERRORS }));
      setChecking(false);
    }, validateDelay(value.length));
    return () => clearTimeout(handle);
  }, [value, schema]);

  const onInput = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, EDIT_DEBOUNCE_MS);
    setChecking(true);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      flush(); // the screen's shortcut sends next and must see this text
      return;
    }
    if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.metaKey && !event.ctrlKey) {
      event.preventDefault();
      event.currentTarget.setRangeText('  ', event.currentTarget.selectionStart, event.currentTarget.selectionEnd, 'end');
      onInput();
    }
  };

  const format = () => {
    flush();
    const text = textareaRef.current?.value ?? '';
    try {
      const pretty = JSON.stringify(JSON.parse(text), null, 2);
      emitted.current = pretty;
      if (textareaRef.current) textareaRef.current.value = pretty;
      onChange(pretty);
    } catch {
      // The status line already says where the syntax error is.
    }
  };

  return (
    <div className="kite-json-editor">
      <textarea
        ref={textareaRef}
        className="kite-textarea kite-code-editor"
        aria-label="JSON body"
        defaultValue={value}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        wrap="off"
        onInput={onInput}
        onBlur={flush}
        onKeyDown={onKeyDown}
        placeholder={'{\n  "name": "value"\n}'}
      />
      <div className="kite-json-status" aria-live="polite">
        <JsonStatus check={check} checking={checking} hasSchema={Boolean(schema)} />
        <button type="button" className="kite-link-button" onClick={format}>
          Format
        </button>
      </div>
      {check?.kind === 'checked' && check.errors.length > 0 && (
        <ul className="kite-json-errors" aria-label="Schema errors">
          {check.errors.map((error, index) => (
            <li key={`${error.path}:${index}`}>
              <code>{error.path}</code> {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function JsonStatus({ check, checking, hasSchema }: { check: JsonCheck | null; checking: boolean; hasSchema: boolean }) {
  if (checking || !check) return <span className="kite-muted">Checking…</span>;
  if (check.kind === 'empty') return <span className="kite-muted">Empty body</span>;
  if (check.kind === 'syntax') return <span className="kite-json-bad">Invalid JSON: {check.message}</span>;
  if (check.errors.length === 0) return <span className="kite-json-good">{hasSchema ? 'Valid JSON, matches the route’s schema' : 'Valid JSON'}</span>;
  const count = check.errors.length >= MAX_LISTED_ERRORS ? `${MAX_LISTED_ERRORS}+` : String(check.errors.length);
  return (
    <span className="kite-json-bad">
      {count} schema {check.errors.length === 1 ? 'error' : 'errors'}
    </span>
  );
}
