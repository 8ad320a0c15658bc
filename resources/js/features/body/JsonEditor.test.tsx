import { EditorView } from '@codemirror/view';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../protocol/types';
import { JsonEditor } from './JsonEditor';
import { WORKER_THRESHOLD_CHARS, validatesInWorker } from './json-validation';

const schema: JsonSchema = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <JsonEditor value={value} onChange={setValue} schema={schema} />;
}

// jsdom lays nothing out; CodeMirror measures text ranges to draw the selection.
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const statusText = () => document.querySelector('.kite-json-status > span')?.textContent;

/** Types into the CodeMirror editor the way a keystroke does: one user transaction. */
function type(text: string) {
  const view = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'JSON body' }))!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' }));
}

afterEach(cleanup);

// The first CodeMirror transactions in jsdom run cold (seconds on a busy machine).
describe('the JSON editor status', { timeout: 20_000 }, () => {
  it('reaches its verdict after a character is typed and deleted again before the text settles', async () => {
    render(<Harness initial='{"name":"Ada"}' />);
    expect(await screen.findByText('Valid JSON, matches the route’s schema', {}, { timeout: 4000 })).toBeTruthy();

    type('{"name":"Ada!"}');
    expect(statusText()).toBe('Checking…');
    type('{"name":"Ada"}');
    expect(statusText()).toBe('Checking…');

    expect(await screen.findByText('Valid JSON, matches the route’s schema', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the verdict for the latest text, never an earlier one', async () => {
    render(<Harness initial='{"name":"Ada"}' />);
    await screen.findByText('Valid JSON, matches the route’s schema');
    type('{"name":7}');
    expect(await screen.findByText('1 schema error', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Schema errors' }).textContent).toContain('$.name');
  });

  it('underlines a schema error at the value it is about', async () => {
    render(<Harness initial='{"name": 7}' />);
    await screen.findByText('1 schema error', {}, { timeout: 5000 });
    const marks = [...document.querySelectorAll('.cm-lintRange-error')].map((mark) => mark.textContent);
    expect(marks).toEqual(['7']);
  });
});

describe('where a document is validated', () => {
  it('keeps documents up to 256 KB on the main thread and sends larger ones to the worker when it runs', () => {
    expect(WORKER_THRESHOLD_CHARS).toBe(256 * 1024);
    expect(validatesInWorker(10_000, true)).toBe(false);
    expect(validatesInWorker(WORKER_THRESHOLD_CHARS, true)).toBe(false);
    expect(validatesInWorker(5 * 1024 * 1024, true)).toBe(true);
    expect(validatesInWorker(5 * 1024 * 1024, false)).toBe(false);
  });
});
