// The JSON body editor. Text reaches the request state on a short debounce, so a keystroke costs a
// CodeMirror transaction; parsing and schema validation run later still, off the keystroke path (in
// a Web Worker for large documents, see json-validation.ts). Errors are listed by path below the
// editor and underlined at their place in it. CodeMirror (code-editor.ts) draws only the lines in
// view, so a 5 MB document is one editor like any other.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { EditorView } from '@codemirror/view';
import type { JsonSchema } from '../../../../protocol/types';
import { registerValueTarget } from '../../lib/palette-command';
import { holdIdleWork } from '../../lib/idle';
import { flushPendingEdits, registerPendingEdit } from '../../lib/pending-edits';
import { createJsonCodeEditor, diagnosticsFor, editorValueTarget, replaceText, showDiagnostics } from './code-editor';
import type { JsonCheck } from '../../model/json-schema/json-schema-validate';
import { validateJsonDocument } from './json-validation';
import { type FieldMessages, type JsonFieldProblem, jsonFieldProblems } from './field-errors';
import { validationDiagnostics } from './validation-diagnostics';

export interface JsonEditorProps {
  value: string;
  onChange: (text: string) => void;
  schema?: JsonSchema;
  /** The last response's validation messages and the body they answered (see tabs/request-atoms.ts fieldErrorsAtom). */
  fieldErrors?: { errors: FieldMessages; sent: string };
}

const NO_PROBLEMS: JsonFieldProblem[] = [];

const EDIT_DEBOUNCE_MS = 150;
/** Validation waits longer for big documents: a parse of megabytes should not follow every pause. */
const validateDelay = (length: number) => (length > 1_000_000 ? 700 : length > 100_000 ? 350 : 200);
const MAX_LISTED_ERRORS = 50;

interface EditorSurfaceProps {
  value: string;
  /** Called (debounced) with the whole text. */
  onText: (text: string) => void;
  /** Called on every keystroke, before the debounce. */
  onTyping: () => void;
  /** Called when the debounce has run out: what was typed is now in `value` (or was no change). */
  onSettled: () => void;
}

/** A validation result and the text and schema it belongs to. */
interface CheckedText {
  text: string;
  schema: JsonSchema | undefined;
  check: JsonCheck;
}

export function JsonEditor({ value, onChange, schema, fieldErrors }: JsonEditorProps) {
  const latest = useRef(value);
  latest.current = value;
  const [checked, setChecked] = useState<CheckedText | null>(null);
  // Keystrokes the debounce still holds: the text on screen is newer than `value`.
  const [typing, setTyping] = useState(false);
  const sequence = useRef(0);

  useEffect(() => {
    const seq = ++sequence.current;
    const handle = setTimeout(() => {
      void validateJsonDocument(value, schema, MAX_LISTED_ERRORS).then((check) => {
        // An answer for an older text (the worker was still busy with it) is dropped.
        if (seq === sequence.current) setChecked({ text: value, schema, check });
      });
    }, validateDelay(value.length));
    return () => clearTimeout(handle);
  }, [value, schema]);

  // Derived, never set by hand: a result shows only for exactly the text and schema it checked, so
  // a late answer can neither show for newer text nor leave the status stuck at "Checking…".
  const check = !typing && checked && checked.text === value && checked.schema === schema ? checked.check : null;
  // While the text is typed, held back or checked, no prefetched chunk is evaluated on the page's
  // thread: the check of a large document would wait behind it (faker's locale, the palette; issue 31).
  const checking = check === null;
  useEffect(() => (checking ? holdIdleWork() : undefined), [checking]);
  // The last errors stay listed while the next check runs, so the list does not flicker per key.
  const listed = checked && checked.schema === schema ? checked.check : null;
  // A message stands while its field keeps the value it was sent with.
  const problems = useMemo(
    () => (fieldErrors ? jsonFieldProblems(fieldErrors.errors, fieldErrors.sent, value, schema) : NO_PROBLEMS),
    [fieldErrors, value, schema],
  );

  const onText = (text: string) => {
    latest.current = text;
    onChange(text);
  };

  const format = () => {
    flushPendingEdits();
    try {
      onText(JSON.stringify(JSON.parse(latest.current), null, 2));
    } catch {
      // The status line already says where the syntax error is.
    }
  };

  return (
    <div className="kite-json-editor">
      <CodeSurface
        value={value}
        onText={onText}
        onTyping={() => setTyping(true)}
        onSettled={() => setTyping(false)}
        schema={schema}
        check={check}
        problems={problems}
      />
      <div className="kite-json-status" aria-live="polite">
        <JsonStatus check={check} hasSchema={Boolean(schema)} />
        <button type="button" className="kite-link-button" onClick={format}>
          Format
        </button>
      </div>
      {problems.length > 0 && (
        <ul className="kite-json-errors" aria-label="Validation errors">
          {problems.map((problem) => (
            <li key={problem.field}>
              <code>{problem.field}</code> {problem.message}
            </li>
          ))}
        </ul>
      )}
      {listed?.kind === 'checked' && listed.errors.length > 0 && (
        <ul className="kite-json-errors" aria-label="Schema errors">
          {listed.errors.map((error, index) => (
            <li key={`${error.path}:${index}`}>
              <code>{error.path}</code> {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Debounced emission of text, flushed before sending, copying or leaving the page. */
function useDebouncedText(read: () => string | undefined, value: string, onText: (text: string) => void, onSettled: () => void) {
  const emitted = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const readRef = useRef(read);
  readRef.current = read;
  const flush = () => {
    clearTimeout(timer.current);
    const text = readRef.current();
    if (text !== undefined && text !== emitted.current) {
      emitted.current = text;
      onTextRef.current(text);
    }
    // Also when nothing changed (a character typed and deleted): the typing is over either way.
    onSettledRef.current();
  };
  useEffect(() => registerPendingEdit(flush), []);
  useEffect(() => () => flush(), []);
  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, EDIT_DEBOUNCE_MS);
  };
  return { emitted, flush, schedule };
}

interface CodeSurfaceProps extends EditorSurfaceProps {
  schema: JsonSchema | undefined;
  /** The check of exactly `value`, or null while it runs or the user types. */
  check: JsonCheck | null;
  problems: JsonFieldProblem[];
}

function CodeSurface({ value, onText, onTyping, onSettled, schema, check, problems }: CodeSurfaceProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const onTypingRef = useRef(onTyping);
  onTypingRef.current = onTyping;
  const { emitted, flush, schedule } = useDebouncedText(() => viewRef.current?.state.doc.toString(), value, onText, onSettled);
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useLayoutEffect(() => {
    const view = createJsonCodeEditor({
      parent: hostRef.current!,
      doc: emitted.current,
      label: 'JSON body',
      schema: () => schemaRef.current,
      onEdit: () => {
        schedule();
        onTypingRef.current();
      },
      onFlush: () => flushRef.current(),
    });
    viewRef.current = view;
    const unregister = registerValueTarget(view.contentDOM, editorValueTarget(view));
    return () => {
      unregister();
      view.destroy();
    };
    // The editor is made once; text and schema reach it through refs and the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Text set from outside (auto-fill, history, cURL import, Format) replaces what the editor shows.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || value === emitted.current) return;
    emitted.current = value;
    if (view.state.doc.length !== value.length || view.state.doc.toString() !== value) replaceText(view, value);
  }, [value, emitted]);

  // The check belongs to `value`, which is what the editor shows whenever `check` is not null.
  useEffect(() => {
    const view = viewRef.current;
    if (view && check && view.state.doc.length === value.length)
      showDiagnostics(view, [...diagnosticsFor(check, value.length), ...validationDiagnostics(problems, value.length)]);
  }, [check, value, problems]);

  return <div className="kite-code-editor kite-cm" ref={hostRef} />;
}

function JsonStatus({ check, hasSchema }: { check: JsonCheck | null; hasSchema: boolean }) {
  if (!check) return <span className="kite-muted">Checking…</span>;
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
