import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { nextText, writeValue } from './write-value';

afterEach(cleanup);

function Controlled({ onValue }: { onValue: (v: string) => void }) {
  const [value, setValue] = useState('old');
  return (
    <input
      aria-label="controlled"
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        onValue(e.target.value);
      }}
    />
  );
}

describe('writing a value into an input', () => {
  it('a React-controlled input sees the change through onChange and keeps the value', () => {
    const seen: string[] = [];
    render(<Controlled onValue={(v) => seen.push(v)} />);
    const input = screen.getByLabelText<HTMLInputElement>('controlled');
    input.setSelectionRange(3, 3);
    act(() => writeValue(input, 'generated'));
    expect(seen).toEqual(['generated']);
    expect(input.value).toBe('generated');
  });

  it('fires a bubbling input event on a plain input', () => {
    const input = document.createElement('input');
    document.body.appendChild(input);
    let bubbled = false;
    document.body.addEventListener('input', () => (bubbled = true), { once: true });
    writeValue(input, 'x');
    expect(input.value).toBe('x');
    expect(bubbled).toBe(true);
    input.remove();
  });

  it('replaces a selected part of the text, else the whole text; a textarea takes it at the caret', () => {
    expect(nextText('/users/ID/posts', 'abc', { start: 7, end: 9 }, false)).toEqual({ text: '/users/abc/posts', caret: 10 });
    expect(nextText('old', 'new', { start: 3, end: 3 }, false)).toEqual({ text: 'new', caret: 3 });
    expect(nextText('old', 'new', null, false)).toEqual({ text: 'new', caret: 3 });
    expect(nextText('{"a": }', '1', { start: 6, end: 6 }, true)).toEqual({ text: '{"a": 1}', caret: 7 });
  });

  it('writes into a textarea at the caret', () => {
    const area = document.createElement('textarea');
    area.value = 'ab';
    writeValue(area, 'X', { start: 1, end: 1 });
    expect(area.value).toBe('aXb');
  });
});
