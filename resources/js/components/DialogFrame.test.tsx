import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogClose, DialogFrame } from './DialogFrame';

afterEach(cleanup);

function Framed(props: Partial<Parameters<typeof DialogFrame>[0]> & { withFocus?: boolean }) {
  const [open, setOpen] = useState(true);
  const second = useRef<HTMLInputElement>(null);
  const { withFocus, ...rest } = props;
  return (
    <>
      <button type="button">outside</button>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <DialogFrame open={open} title="Save request" onClose={() => setOpen(false)} initialFocus={withFocus ? second : undefined} {...rest}>
        <input aria-label="first" />
        <input aria-label="second" ref={second} />
        <DialogClose type="button">Cancel</DialogClose>
      </DialogFrame>
    </>
  );
}

describe('the dialog frame', () => {
  it('names the dialog by its title, says it has no description unless given one, and sizes the box by its variant', () => {
    render(<Framed variant="sm" className="kite-save" />);
    const dialog = screen.getByRole('dialog', { name: 'Save request' });
    expect(dialog.className).toBe('kite-dialog kite-dialog-sm kite-save');
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    expect(document.querySelector('.kite-dialog-overlay')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Save request' }).className).toBe('kite-dialog-title');
  });

  it('links a description, and shows the head\'s ✕ with its label beside the head\'s actions', () => {
    render(<Framed description="3 requests imported." closeLabel="Close the run" headActions={<button type="button">Fold</button>} />);
    const dialog = screen.getByRole('dialog', { name: 'Save request' });
    expect(screen.getByText('3 requests imported.').id).toBe(dialog.getAttribute('aria-describedby'));
    const actions = dialog.querySelector('.kite-dialog-head .kite-dialog-head-actions');
    expect([...(actions?.querySelectorAll('button') ?? [])].map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual(['Fold', 'Close the run']);
  });

  it('closes on the ✕, on Escape and on a DialogClose inside', async () => {
    for (const close of [() => fireEvent.click(screen.getByRole('button', { name: 'Close' })), () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }), () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))]) {
      render(<Framed closeLabel="Close" />);
      close();
      await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
      expect(screen.queryByRole('dialog')).toBeNull();
      cleanup();
    }
  });

  it('puts the focus where asked when it opens, else on the first field', async () => {
    render(<Framed withFocus />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'second' })));
    cleanup();
    render(<Framed />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'first' })));
  });

  it('leaves the page usable beside a non-modal one: no overlay, and a click outside keeps it open', async () => {
    render(<Framed modal={false} />);
    expect(document.querySelector('.kite-dialog-overlay')).toBeNull();
    // Radix listens for a pointer outside from a zero-delay timer after it opens: one turn of the
    // event loop (not a wait on the clock) and the listener is there.
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    fireEvent.pointerDown(screen.getByRole('button', { name: 'outside' }));
    fireEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(screen.getByTestId('state').textContent).toBe('open');
    expect(screen.getByRole('dialog', { name: 'Save request' })).toBeTruthy();
  });

  it('hides the title from the eye only, and draws no box of its own, for a bare one', () => {
    render(<Framed variant="bare" titleHidden className="kite-palette" />);
    const dialog = screen.getByRole('dialog', { name: 'Save request' });
    expect(dialog.className).toBe('kite-palette');
    expect(screen.getByRole('heading', { name: 'Save request' }).className).toBe('sr-only');
    expect(document.querySelector('.kite-dialog-overlay')).toBeNull();
  });
});
