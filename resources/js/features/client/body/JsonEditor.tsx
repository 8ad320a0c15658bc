// The JSON body editor. Text reaches the request state on a short debounce, so a keystroke costs a
// timer; parsing and schema validation run later still, off the keystroke path (in a Web Worker
// for large documents, see json-validation.ts), and list errors by path. Documents above LARGE_DOCUMENT_CHARS are edited in sections of lines, each its own small
// textarea in a virtualised list: a single browser textarea holding 5 MB takes seconds per key.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { JsonSchema } from '../../../../../protocol/types';
import { flushPendingEdits, registerPendingEdit } from '../state/pending-edits';
import type { JsonCheck } from './json-schema-validate';
import { validateJsonDocument } from './json-validation';
import { countLines, joinChunks, splitIntoChunks } from './text-chunks';

export interface JsonEditorProps {
  value: string;
  onChange: (text: string) => void;
  schema?: JsonSchema;
}

export const LARGE_DOCUMENT_CHARS = 512 * 1024;
const EDIT_DEBOUNCE_MS = 150;
/** Validation waits longer for big documents: a parse of megabytes should not follow every pause. */
const validateDelay = (length: number) => (length > 1_000_000 ? 700 : length > 100_000 ? 350 : 200);
const MAX_LISTED_ERRORS = 50;
const LINE_HEIGHT = 19;
const CHUNK_PADDING = 16;

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

export function JsonEditor({ value, onChange, schema }: JsonEditorProps) {
  const latest = useRef(value);
  latest.current = value;
  const [checked, setChecked] = useState<CheckedText | null>(null);
  // Keystrokes the debounce still holds: the text on screen is newer than `value`.
  const [typing, setTyping] = useState(false);
  const sequence = useRef(0);
  const large = value.length > LARGE_DOCUMENT_CHARS;

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
  // The last errors stay listed while the next check runs, so the list does not flicker per key.
  const listed = checked && checked.schema === schema ? checked.check : null;

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
      {large ? (
        <SectionedEditor value={value} onText={onText} onTyping={() => setTyping(true)} onSettled={() => setTyping(false)} />
      ) : (
        <PlainEditor value={value} onText={onText} onTyping={() => setTyping(true)} onSettled={() => setTyping(false)} />
      )}
      <div className="kite-json-status" aria-live="polite">
        <JsonStatus check={check} hasSchema={Boolean(schema)} />
        <button type="button" className="kite-link-button" onClick={format}>
          Format
        </button>
      </div>
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

function editorKeys(event: React.KeyboardEvent<HTMLTextAreaElement>, flush: () => void, typed: () => void): boolean {
  if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
    flush(); // the screen's shortcut sends next and must see this text
    return true;
  }
  if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.metaKey && !event.ctrlKey) {
    event.preventDefault();
    event.currentTarget.setRangeText('  ', event.currentTarget.selectionStart, event.currentTarget.selectionEnd, 'end');
    typed();
    return true;
  }
  return false;
}

function PlainEditor({ value, onText, onTyping, onSettled }: EditorSurfaceProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const { emitted, flush, schedule } = useDebouncedText(() => textareaRef.current?.value, value, onText, onSettled);

  // Text set from outside (auto-fill, history, cURL import, Format) replaces what the textarea shows.
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea || value === emitted.current) return;
    emitted.current = value;
    if (textarea.value !== value) textarea.value = value;
  }, [value, emitted]);

  const typed = () => {
    schedule();
    onTyping();
  };

  return (
    <textarea
      ref={textareaRef}
      className="kite-textarea kite-code-editor"
      aria-label="JSON body"
      defaultValue={value}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      wrap="off"
      onInput={typed}
      onBlur={flush}
      onKeyDown={(event) => editorKeys(event, flush, typed)}
      onPaste={(event) => {
        // A paste that makes the document large skips this textarea (seconds of layout for
        // megabytes) and goes straight to the sectioned editor.
        const pasted = event.clipboardData.getData('text');
        const textarea = event.currentTarget;
        if (textarea.value.length + pasted.length <= LARGE_DOCUMENT_CHARS) return;
        event.preventDefault();
        const text = textarea.value.slice(0, textarea.selectionStart) + pasted + textarea.value.slice(textarea.selectionEnd);
        emitted.current = text;
        onText(text);
      }}
      placeholder={'{\n  "name": "value"\n}'}
    />
  );
}

function SectionedEditor({ value, onText, onTyping, onSettled }: EditorSurfaceProps) {
  const chunks = useRef<string[]>([]);
  const [generation, setGeneration] = useState(0);
  const [lineCounts, setLineCounts] = useState<number[]>([]);
  const { emitted, flush, schedule } = useDebouncedText(() => joinChunks(chunks.current), value, onText, onSettled);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<{ index: number; at: 'start' | 'end' } | null>(null);

  // (Re)split when the text comes from outside, not when it is our own emission coming back.
  useLayoutEffect(() => {
    if (chunks.current.length > 0 && value === emitted.current) return;
    emitted.current = value;
    chunks.current = splitIntoChunks(value);
    setLineCounts(chunks.current.map(countLines));
    setGeneration((previous) => previous + 1);
  }, [value, emitted]);

  const virtualizer = useVirtualizer({
    count: lineCounts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (lineCounts[index] ?? 1) * LINE_HEIGHT + CHUNK_PADDING,
    overscan: 1,
  });
  useEffect(() => virtualizer.measure(), [lineCounts, virtualizer]);

  const onInput = (index: number, textarea: HTMLTextAreaElement) => {
    chunks.current[index] = textarea.value;
    const lines = countLines(textarea.value);
    if (lines !== lineCounts[index]) setLineCounts((previous) => previous.map((count, i) => (i === index ? lines : count)));
    schedule();
    onTyping();
  };

  const moveTo = (index: number, at: 'start' | 'end') => {
    if (index < 0 || index >= chunks.current.length) return;
    pendingFocus.current = { index, at };
    virtualizer.scrollToIndex(index, { align: at === 'start' ? 'start' : 'end' });
    requestAnimationFrame(() => focusPending(scrollRef.current, pendingFocus));
  };

  return (
    <div className="kite-code-editor kite-sectioned-editor" ref={scrollRef} role="group" aria-label="JSON body (large document)">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const firstLine = lineCounts.slice(0, item.index).reduce((sum, count) => sum + count, 1);
          return (
            <textarea
              key={`${generation}:${item.index}`}
              data-chunk={item.index}
              className="kite-section-textarea"
              aria-label={`JSON body, lines ${firstLine} to ${firstLine + (lineCounts[item.index] ?? 1) - 1}`}
              defaultValue={chunks.current[item.index]}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              wrap="off"
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size, transform: `translateY(${item.start}px)` }}
              onInput={(event) => onInput(item.index, event.currentTarget)}
              onBlur={flush}
              onKeyDown={(event) => {
                if (editorKeys(event, flush, () => onInput(item.index, event.currentTarget))) return;
                const textarea = event.currentTarget;
                const { selectionStart, selectionEnd, value: text } = textarea;
                if (event.key === 'ArrowDown' && selectionEnd === selectionStart && text.indexOf('\n', selectionStart) === -1) {
                  event.preventDefault();
                  moveTo(item.index + 1, 'start');
                } else if (event.key === 'ArrowUp' && selectionEnd === selectionStart && text.lastIndexOf('\n', selectionStart - 1) === -1) {
                  event.preventDefault();
                  moveTo(item.index - 1, 'end');
                }
              }}
            />
          );
        })}
      </div>
    </div>
  );
}

function focusPending(root: HTMLElement | null, pending: { current: { index: number; at: 'start' | 'end' } | null }) {
  const target = pending.current;
  if (!root || !target) return;
  const textarea = root.querySelector<HTMLTextAreaElement>(`textarea[data-chunk="${target.index}"]`);
  if (!textarea) {
    requestAnimationFrame(() => focusPending(root, pending));
    return;
  }
  pending.current = null;
  textarea.focus();
  const position = target.at === 'start' ? 0 : textarea.value.length;
  textarea.setSelectionRange(position, position);
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
