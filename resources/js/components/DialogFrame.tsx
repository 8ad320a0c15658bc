// The one frame of every dialog (Radix Dialog): the overlay, the box and its size, the title (and a
// description read with it), the head's ✕ with its accessible name, and where focus goes when it
// opens. What a dialog shows inside is its own; the frame is what they share, so they look and
// behave alike (Escape, a click on the overlay and the ✕ all call onClose).
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode, RefObject } from 'react';

/** A button inside the dialog that closes it (Cancel, Done), as the ✕ does. */
export const DialogClose = Dialog.Close;

/**
 * - `default`: the app's dialog box (720 px); `sm`: the narrow box of a short form (400 px);
 * - `sheet`: the keyboard shortcuts sheet (its own look, lazy-styled with its chunk);
 * - `bare`: no box and no overlay: the caller's `className` places and styles it (the palette).
 */
export type DialogVariant = 'default' | 'sm' | 'sheet' | 'bare';

export interface DialogFrameProps {
  title: ReactNode;
  /** Escape, the overlay, the ✕ or a DialogClose inside asked to close it. */
  onClose: () => void;
  /** Whether it shows; a dialog mounted only while it shows leaves this out. */
  open?: boolean;
  /** Read with the title (aria-describedby); without it the dialog has no description. */
  description?: ReactNode;
  descriptionClassName?: string;
  /** The head's ✕ and its accessible name ("Close"); without it the dialog's own buttons close it. */
  closeLabel?: string;
  /** What the head shows beside the title, before the ✕ ("Pick another", "Fold"). */
  headActions?: ReactNode;
  variant?: DialogVariant;
  /** The dialog's own class beside the frame's (its width, its layout). */
  className?: string;
  /** False: the page stays usable beside it (no overlay; a click outside does not close it). */
  modal?: boolean;
  /** What gets the focus when it opens (by default Radix's: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The title for screen readers only. */
  titleHidden?: boolean;
  /** More props of the box (data attributes, style, focus on close). */
  contentProps?: Omit<ComponentProps<typeof Dialog.Content>, 'className' | 'children' | 'onOpenAutoFocus'> & { [data: `data-${string}`]: string | boolean | undefined };
  children: ReactNode;
}

const LOOK: Record<DialogVariant, { box: string; overlay: string | null; head: string; title: string; close: string }> = {
  default: { box: 'kite-dialog', overlay: 'kite-dialog-overlay', head: 'kite-dialog-head', title: 'kite-dialog-title', close: 'kite-icon-button' },
  sm: { box: 'kite-dialog kite-dialog-sm', overlay: 'kite-dialog-overlay', head: 'kite-dialog-head', title: 'kite-dialog-title', close: 'kite-icon-button' },
  sheet: { box: 'kite-sheet', overlay: 'kite-sheet-overlay', head: 'kite-sheet-head', title: 'kite-sheet-title', close: 'kite-tool-button' },
  bare: { box: '', overlay: null, head: 'kite-dialog-head', title: 'kite-dialog-title', close: 'kite-icon-button' },
};

export function DialogFrame({ title, onClose, open = true, description, descriptionClassName, closeLabel, headActions, variant = 'default', className, modal = true, initialFocus, titleHidden = false, contentProps, children }: DialogFrameProps) {
  const look = LOOK[variant];
  const close = closeLabel ? (
    <Dialog.Close className={look.close} aria-label={closeLabel}>
      <X size={16} aria-hidden="true" />
    </Dialog.Close>
  ) : null;
  // The head's buttons sit together at its end, the ✕ last.
  const actions = headActions && close ? (
    <span className="kite-dialog-head-actions">
      {headActions}
      {close}
    </span>
  ) : (
    headActions || close
  );
  return (
    <Dialog.Root open={open} modal={modal} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        {modal && look.overlay ? <Dialog.Overlay className={look.overlay} /> : null}
        <Dialog.Content
          {...contentProps}
          className={[look.box, className].filter(Boolean).join(' ')}
          // Radix links a description when there is one; a dialog without one says so.
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={
            initialFocus
              ? (event) => {
                  event.preventDefault();
                  initialFocus.current?.focus();
                }
              : undefined
          }
          onInteractOutside={modal ? contentProps?.onInteractOutside : (event) => event.preventDefault()}
        >
          {titleHidden ? (
            <Dialog.Title className="sr-only">{title}</Dialog.Title>
          ) : (
            <div className={look.head}>
              <Dialog.Title className={look.title}>{title}</Dialog.Title>
              {actions}
            </div>
          )}
          {description === undefined ? null : <Dialog.Description className={descriptionClassName}>{description}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
