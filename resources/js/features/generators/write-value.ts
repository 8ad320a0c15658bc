// Writes a generated value into an input the way typing would: through the native value setter (so
// React's value tracker sees a change) followed by a bubbling `input` event, which React-controlled
// inputs turn into onChange. A registered editor (lib/palette-command's ValueTarget) writes itself.
import { type ValueInputElement, valueTargetOf } from '../../lib/palette-command';

export interface Selection {
  start: number;
  end: number;
}

/** The selection of an input, or null for types without one (number, email). */
export function readSelection(input: ValueInputElement): Selection | null {
  const target = valueTargetOf(input);
  if (target) return target.selection();
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return null;
  try {
    if (input.selectionStart === null || input.selectionEnd === null) return null;
    return { start: input.selectionStart, end: input.selectionEnd };
  } catch {
    return null;
  }
}

/**
 * The text after writing `value`: a selected range is replaced (so a part of a URL can be filled),
 * in a textarea the value goes in at the caret (a body is not thrown away), otherwise the value
 * replaces the whole text.
 */
export function nextText(current: string, value: string, selection: Selection | null, multiline: boolean): { text: string; caret: number } {
  if (selection && (selection.end > selection.start || multiline)) {
    const text = current.slice(0, selection.start) + value + current.slice(selection.end);
    return { text, caret: selection.start + value.length };
  }
  return { text: value, caret: value.length };
}

export function writeValue(input: ValueInputElement, value: string, selection: Selection | null = readSelection(input), generator?: string): void {
  const target = valueTargetOf(input);
  if (target) return target.write(value, selection, generator);
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return;
  const multiline = input instanceof HTMLTextAreaElement;
  const { text, caret } = nextText(input.value, value, selection, multiline);
  const prototype = multiline ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(input, text);
  else input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  try {
    input.setSelectionRange(caret, caret);
  } catch {
    // number and email inputs have no selection; nothing to move
  }
}
