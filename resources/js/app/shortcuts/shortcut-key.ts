// When "?" opens the keyboard shortcuts sheet: a plain "?" typed outside any text field (in one it
// is a question mark). Tiny on purpose: it is in the initial bundle; the sheet is a lazy chunk.

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'isComposing'>;

/** Inputs, textareas, selects and contenteditable elements (the code editor) take typed text. */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'range', 'reset', 'submit', 'color', 'file', 'image'].includes(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLElement && (element.isContentEditable || element.getAttribute('contenteditable') === 'true');
}

export function opensShortcutSheet(event: KeyLike, focused: Element | null): boolean {
  return event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.defaultPrevented && !event.isComposing && !isTextField(focused);
}
