import { cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWindowKeydown } from './use-window-keydown';

function press(init: KeyboardEventInit) {
  const event = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true });
  window.dispatchEvent(event);
  return event;
}

function Counter({ onKey, capture }: { onKey: (label: string, event: KeyboardEvent) => void; capture?: boolean }) {
  const [label] = useState('first');
  useWindowKeydown((event) => onKey(label, event), { capture });
  return null;
}

describe('useWindowKeydown', () => {
  afterEach(cleanup);

  it('calls the handler of the latest render, through one listener added once', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const seen: string[] = [];
    const { rerender } = render(<Counter onKey={(label, event) => seen.push(`${label}:${event.key}`)} />);
    press({ key: 'a' });
    rerender(<Counter onKey={(label, event) => seen.push(`second ${label}:${event.key}`)} />);
    press({ key: 'b' });
    expect(seen).toEqual(['first:a', 'second first:b']);
    expect(add.mock.calls.filter(([type]) => String(type) === 'keydown')).toHaveLength(1);
    add.mockRestore();
  });

  it('stops listening when the component unmounts', () => {
    const onKey = vi.fn();
    const { unmount } = render(<Counter onKey={onKey} />);
    unmount();
    press({ key: 'a' });
    expect(onKey).not.toHaveBeenCalled();
  });

  it('listens in the capture phase when asked, before a field that stops the key', () => {
    const field = document.body.appendChild(document.createElement('input'));
    field.addEventListener('keydown', (event) => event.stopPropagation());
    const captured = vi.fn();
    const bubbled = vi.fn();
    render(
      <>
        <Counter onKey={captured} capture />
        <Counter onKey={bubbled} />
      </>,
    );
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', bubbles: true }));
    expect(captured).toHaveBeenCalledTimes(1);
    expect(bubbled).not.toHaveBeenCalled();
    field.remove();
  });
});
