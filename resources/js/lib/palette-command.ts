// The generator palette's opening action. Any code can call `openGeneratorPalette()`; the palette
// host (features/generators/PaletteHost) subscribes. Tiny on purpose: it is in the initial bundle
// and knows nothing of faker or React.

/** An input, a textarea, or an element registered with `registerValueTarget` (a code editor). */
export type ValueInputElement = HTMLInputElement | HTMLTextAreaElement | HTMLElement;

/**
 * How a generated value gets into an element that is not an input: a code editor's contenteditable
 * registers one, so the palette writes through the editor's own transactions at its caret.
 */
export interface ValueTarget {
  selection(): { start: number; end: number };
  /** `generator`: the id of the generator that made the value (a JSON editor writes numbers bare). */
  write(value: string, selection: { start: number; end: number } | null, generator?: string): void;
  /** Where the caret is on screen: the palette is placed next to it rather than the whole editor. */
  anchor?(): { top: number; left: number; bottom: number; right: number } | null;
}

/** How the palette was opened: the footer hides the double-Shift hint after a double Shift. */
export type PaletteOpenMethod = 'double-shift' | 'button' | 'action';

export interface PaletteOpenRequest {
  /** The input the value goes into; null when none is focused (the value is then copied). */
  input: ValueInputElement | null;
  method: PaletteOpenMethod;
  /** Text to start the search with; empty means the remembered search comes back. */
  search: string;
}

export interface OpenGeneratorPaletteOptions {
  /** The target input. Left out: the focused input, if any. `null`: no input (copy to clipboard). */
  input?: ValueInputElement | null;
  method?: PaletteOpenMethod;
  search?: string;
}

type Listener = (request: PaletteOpenRequest) => void;

const listeners = new Set<Listener>();
const openMethods = new WeakMap<ValueInputElement, PaletteOpenMethod>();
const valueTargets = new WeakMap<Element, ValueTarget>();

/** Lets `element` take generated values through `target`; returns the unregister function. */
export function registerValueTarget(element: HTMLElement, target: ValueTarget): () => void {
  valueTargets.set(element, target);
  return () => {
    valueTargets.delete(element);
  };
}

export function valueTargetOf(element: Element): ValueTarget | undefined {
  return valueTargets.get(element);
}

/** A text-like input or textarea (or a registered editor) that can take a generated value. */
export function isValueInput(element: Element | null | undefined): element is ValueInputElement {
  if (!element) return false;
  if (valueTargets.has(element)) return true;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (!(element instanceof HTMLInputElement)) return false;
  if (element.readOnly || element.disabled) return false;
  return !['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit'].includes(element.type);
}

/** The input that has the focus, if it can take a value. */
export function focusedValueInput(doc: Document = document): ValueInputElement | null {
  const active = doc.activeElement;
  return isValueInput(active) ? active : null;
}

export function openGeneratorPalette(options: OpenGeneratorPaletteOptions = {}): void {
  const input = options.input === undefined ? focusedValueInput() : options.input;
  const method = options.method ?? 'action';
  if (input) openMethods.set(input, method);
  const request: PaletteOpenRequest = { input, method, search: options.search ?? '' };
  for (const listener of listeners) listener(request);
}

/** How the palette was last opened for this input (undefined: never). */
export function lastOpenMethod(input: ValueInputElement): PaletteOpenMethod | undefined {
  return openMethods.get(input);
}

/** Subscribes to opening requests; returns the unsubscribe function. */
export function onGeneratorPaletteOpen(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
