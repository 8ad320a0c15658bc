import { afterEach, describe, expect, it } from 'vitest';
import { focusedValueInput, isValueInput, lastOpenMethod, onGeneratorPaletteOpen, openGeneratorPalette, type PaletteOpenRequest } from './palette-command';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the opening action', () => {
  it('tells every subscriber, with the focused input when none is given', () => {
    const input = document.body.appendChild(document.createElement('input'));
    input.focus();
    const seen: PaletteOpenRequest[] = [];
    const stop = onGeneratorPaletteOpen((r) => seen.push(r));
    openGeneratorPalette();
    stop();
    openGeneratorPalette();
    expect(seen).toEqual([{ input, method: 'action', search: '' }]);
  });

  it('null means no input: the value will be copied', () => {
    const input = document.body.appendChild(document.createElement('input'));
    input.focus();
    let request: PaletteOpenRequest | undefined;
    const stop = onGeneratorPaletteOpen((r) => (request = r));
    openGeneratorPalette({ input: null, search: 'mail' });
    stop();
    expect(request).toEqual({ input: null, method: 'action', search: 'mail' });
  });

  it('remembers per input how it was opened', () => {
    const a = document.body.appendChild(document.createElement('input'));
    const b = document.body.appendChild(document.createElement('textarea'));
    openGeneratorPalette({ input: a, method: 'double-shift' });
    openGeneratorPalette({ input: b, method: 'button' });
    expect(lastOpenMethod(a)).toBe('double-shift');
    expect(lastOpenMethod(b)).toBe('button');
    openGeneratorPalette({ input: a, method: 'button' });
    expect(lastOpenMethod(a)).toBe('button');
  });

  it('only text-like, editable inputs take values', () => {
    const make = (type: string) => Object.assign(document.createElement('input'), { type });
    expect(isValueInput(make('text'))).toBe(true);
    expect(isValueInput(make('number'))).toBe(true);
    expect(isValueInput(make('checkbox'))).toBe(false);
    expect(isValueInput(Object.assign(make('text'), { readOnly: true }))).toBe(false);
    expect(isValueInput(document.createElement('button'))).toBe(false);
    expect(focusedValueInput()).toBeNull();
  });
});
