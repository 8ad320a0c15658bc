import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../../protocol/types';
import { JsonEditor } from './JsonEditor';
import { WORKER_THRESHOLD_CHARS, validatesInWorker } from './json-validation';

const schema: JsonSchema = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <JsonEditor value={value} onChange={setValue} schema={schema} />;
}

const statusText = () => document.querySelector('.kite-json-status > span')?.textContent;

afterEach(cleanup);

describe('the JSON editor status', () => {
  it('reaches its verdict after a character is typed and deleted again before the text settles', async () => {
    render(<Harness initial='{"name":"Ada"}' />);
    expect(await screen.findByText('Valid JSON, matches the route’s schema')).toBeTruthy();

    const editor = screen.getByRole('textbox', { name: 'JSON body' }) as HTMLTextAreaElement;
    fireEvent.input(editor, { target: { value: '{"name":"Ada!"}' } });
    expect(statusText()).toBe('Checking…');
    fireEvent.input(editor, { target: { value: '{"name":"Ada"}' } });
    expect(statusText()).toBe('Checking…');

    expect(await screen.findByText('Valid JSON, matches the route’s schema', {}, { timeout: 2000 })).toBeTruthy();
  });

  it('shows the verdict for the latest text, never an earlier one', async () => {
    render(<Harness initial='{"name":"Ada"}' />);
    await screen.findByText('Valid JSON, matches the route’s schema');
    const editor = screen.getByRole('textbox', { name: 'JSON body' }) as HTMLTextAreaElement;
    fireEvent.input(editor, { target: { value: '{"name":7}' } });
    expect(await screen.findByText('1 schema error', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Schema errors' }).textContent).toContain('$.name');
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
