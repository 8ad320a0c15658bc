import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaletteHost } from '../features/generators/PaletteHost';
import { onGeneratorPaletteOpen, type PaletteOpenRequest } from '../lib/palette-command';
import { ValueInput, ValueTextarea } from './ValueInput';

afterEach(cleanup);

function Field({ onValue }: { onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <ValueInput
      aria-label="Header value"
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        onValue?.(e.target.value);
      }}
    />
  );
}

describe('ValueInput', () => {
  it('passes props through to the input and carries a Generate value button', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(<ValueInput aria-label="Query value" placeholder="value" name="q" defaultValue="x" ref={ref} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Query value' });
    expect(input.placeholder).toBe('value');
    expect(input.name).toBe('q');
    expect(ref.current).toBe(input);
    expect(screen.getByRole('button', { name: 'Generate value' })).toBeTruthy();
  });

  it('the button opens the palette for its own input', () => {
    render(<ValueTextarea aria-label="Body" />);
    const seen: PaletteOpenRequest[] = [];
    const stop = onGeneratorPaletteOpen((r) => seen.push(r));
    fireEvent.click(screen.getByRole('button', { name: 'Generate value' }));
    stop();
    expect(seen).toEqual([{ input: screen.getByRole('textbox', { name: 'Body' }), method: 'button', search: '' }]);
  });

  it('the button of a disabled input is disabled', () => {
    render(<ValueInput aria-label="Locked" disabled />);
    expect((screen.getByRole('button', { name: 'Generate value', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('choosing a generator in the palette fills the React-controlled input and returns focus', async () => {
    const seen: string[] = [];
    render(
      <>
        <PaletteHost />
        <Field onValue={(v) => seen.push(v)} />
      </>,
    );
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Header value' });
    fireEvent.click(screen.getByRole('button', { name: 'Generate value' }));
    const search = await screen.findByRole('combobox', { name: 'Search generators' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    fireEvent.input(search, { target: { value: 'uuid' } }); // typing fires input events
    expect(search.getAttribute('aria-activedescendant')).toBe('kite-generator-uuid');
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(input.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/));
    expect(seen).toEqual([input.value]);
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(input));

    // Reopening remembers the search; the last generator heads a 'Recent' group.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate value' }));
    });
    const again = await screen.findByRole('combobox', { name: 'Search generators' });
    expect((again as HTMLInputElement).value).toBe('uuid');
    expect(screen.getByRole('group', { name: 'Recent' })).toBeTruthy();
  });
});
