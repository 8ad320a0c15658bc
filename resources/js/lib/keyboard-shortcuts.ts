// Every keyboard shortcut Kite has: the one list that the key handlers match events against
// (`matchesShortcut`) and that the "?" sheet (app/shortcuts/) shows, so the two cannot drift.
// Entries without an id are matched by a detector of their own ("?" in app/shortcuts/shortcut-key.ts,
// which any layout types with or without Shift; double Shift in features/generators/double-shift.ts)
// or are keys of a widget (a list, an editor, a separator) that its component handles.
// In lib/ because the handlers live in the app shell and in features alike.

export type Modifier = 'Mod' | 'Ctrl' | 'Alt' | 'Shift';

export interface KeyCombo {
  /** Held down with the key, and no other modifier. `Mod` is Ctrl, or ⌘ on a Mac. */
  modifiers?: readonly Modifier[];
  /** `KeyboardEvent.key` (compared case-insensitively), or, with `codes`, only the label shown. */
  key: string;
  /** Matched by `KeyboardEvent.code` instead, where the layout or Alt changes `key` (Alt+N types "ñ" on a Mac). */
  codes?: readonly string[];
  /** Pressed twice (double Shift). */
  twice?: boolean;
}

export interface Shortcut {
  /** The handlers' name for it; absent for keys a widget handles on its own. */
  id?: string;
  combos: readonly KeyCombo[];
  action: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit) => `Digit${digit}`);

export const SHORTCUT_GROUPS = [
  {
    title: 'Anywhere',
    shortcuts: [
      { combos: [{ key: '?' }], action: 'Show these shortcuts (outside text fields)' },
      { combos: [{ key: 'Shift', twice: true }], action: 'Open the generator palette (press Shift twice); the value goes into the focused field' },
      { id: 'toggle-sidebar', combos: [{ modifiers: ['Mod'], key: 'B' }], action: 'Expand or collapse the sidebar' },
      { id: 'notifications', combos: [{ modifiers: ['Alt'], key: 'T', codes: ['KeyT'] }], action: 'Move to the notifications' },
      { combos: [{ key: 'Escape' }], action: 'Close the palette, a menu or this sheet' },
    ],
  },
  {
    title: 'HTTP Client',
    shortcuts: [
      { id: 'send', combos: [{ modifiers: ['Mod'], key: 'Enter' }], action: 'Send the request (also inside the body editor)' },
      { id: 'focus-url', combos: [{ modifiers: ['Mod'], key: 'L' }], action: 'Go to the URL' },
      { id: 'save-request', combos: [{ modifiers: ['Mod'], key: 'S' }], action: 'Save the request into the workspace folder' },
      { id: 'undo-autofill', combos: [{ modifiers: ['Mod'], key: 'Z' }], action: 'Undo the last auto-fill (until a field it changed is edited)' },
      { id: 'search-response', combos: [{ modifiers: ['Mod'], key: 'F' }], action: 'In the response body: search it' },
      { combos: [{ key: 'ArrowUp' }, { key: 'ArrowDown' }], action: 'In the route search: move through the matching routes' },
      { combos: [{ key: 'Enter' }], action: 'In the route search: open the route' },
      { combos: [{ key: 'ArrowLeft' }, { key: 'ArrowRight' }], action: 'On a pane separator: resize the pane (Home / End: smallest / largest)' },
      { combos: [{ key: 'Enter' }], action: 'On the routes pane separator: hide the routes' },
      { combos: [{ modifiers: ['Shift'], key: 'F10' }], action: 'On a line of the response: set a variable from its value' },
    ],
  },
  {
    title: 'Tabs',
    shortcuts: [
      { id: 'new-tab', combos: [{ modifiers: ['Alt'], key: 'N', codes: ['KeyN'] }], action: 'Open a new tab' },
      { id: 'close-tab', combos: [{ modifiers: ['Alt'], key: 'W', codes: ['KeyW'] }], action: 'Close the tab' },
      { id: 'open-tab-n', combos: [{ modifiers: ['Mod'], key: '1…9', codes: DIGITS }], action: 'Open the first to ninth tab' },
      { id: 'move-tab', combos: [{ modifiers: ['Alt', 'Shift'], key: 'ArrowLeft' }, { modifiers: ['Alt', 'Shift'], key: 'ArrowRight' }], action: 'Move the tab left or right' },
      { combos: [{ key: 'F2' }], action: 'On a tab: rename it (or double-click it)' },
    ],
  },
  {
    title: 'Palette',
    shortcuts: [
      { combos: [{ key: 'ArrowUp' }, { key: 'ArrowDown' }], action: 'Move through the generators' },
      { combos: [{ key: 'Enter' }], action: 'Write the chosen value' },
    ],
  },
  {
    title: 'JSON body editor',
    shortcuts: [
      { combos: [{ modifiers: ['Ctrl'], key: ' ' }], action: 'Suggest property names from the route’s schema' },
      { combos: [{ key: 'Tab' }, { modifiers: ['Shift'], key: 'Tab' }], action: 'Indent or outdent (Esc, then Tab, leaves the editor)' },
      { combos: [{ modifiers: ['Mod', 'Shift'], key: '[' }], action: 'Fold the block at the caret' },
      { combos: [{ modifiers: ['Mod', 'Shift'], key: ']' }], action: 'Unfold it' },
      { combos: [{ modifiers: ['Mod'], key: 'Z' }, { modifiers: ['Mod', 'Shift'], key: 'Z' }], action: 'Undo, redo' },
    ],
  },
] as const satisfies readonly ShortcutGroup[];

type ListedShortcut = (typeof SHORTCUT_GROUPS)[number]['shortcuts'][number];
export type ShortcutId = Extract<ListedShortcut, { id: string }>['id'];

const BY_ID = new Map<string, Shortcut>(SHORTCUT_GROUPS.flatMap((group) => group.shortcuts as readonly Shortcut[]).filter((s) => s.id).map((s) => [s.id!, s]));

export function shortcut(id: ShortcutId): Shortcut {
  return BY_ID.get(id)!;
}

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'> & { code?: string };

function comboMatches(combo: KeyCombo, event: KeyEventLike): boolean {
  const held = new Set(combo.modifiers ?? []);
  const mod = held.has('Mod');
  if (mod ? !(event.ctrlKey || event.metaKey) : held.has('Ctrl') ? !event.ctrlKey || event.metaKey : event.ctrlKey || event.metaKey) return false;
  if (event.altKey !== held.has('Alt') || event.shiftKey !== held.has('Shift')) return false;
  return combo.codes ? combo.codes.includes(event.code ?? '') : event.key.toLowerCase() === combo.key.toLowerCase();
}

/** True when the event is one of the shortcut's key combinations (exactly those modifiers held). */
export function matchesShortcut(id: ShortcutId, event: KeyEventLike): boolean {
  return shortcut(id).combos.some((combo) => comboMatches(combo, event));
}

/** The combination of a shortcut that the event is, or undefined (e.g. which of ← and → moved a tab). */
export function matchingCombo(id: ShortcutId, event: KeyEventLike): KeyCombo | undefined {
  return shortcut(id).combos.find((combo) => comboMatches(combo, event));
}

/** Which of 1…9 an `open-tab-n` press is (by the key's place, as Ctrl+Shift on AZERTY types no digit). */
export function tabNumber(event: { code?: string }): number {
  return DIGITS.indexOf(event.code ?? '') + 1;
}

/** `Mod` as this platform writes it. */
export function modifierLabel(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘' : 'Ctrl';
}

const KEY_LABELS: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc', ' ': 'Space' };

/** The keys of a combination as the sheet shows them, `Mod` written for this platform. */
export function comboLabels(combo: KeyCombo, mod: string): string[] {
  const key = KEY_LABELS[combo.key] ?? combo.key;
  const keys = [...(combo.modifiers ?? []).map((modifier) => (modifier === 'Mod' ? mod : modifier)), key];
  return combo.twice ? [...keys, key] : keys;
}

/** sonner's `hotkey` option (KeyboardEvent property names and codes) for a shortcut of one combination. */
export function sonnerHotkey(id: ShortcutId): string[] {
  const [combo] = shortcut(id).combos;
  const properties: Record<Modifier, string> = { Mod: 'ctrlKey', Ctrl: 'ctrlKey', Alt: 'altKey', Shift: 'shiftKey' };
  return [...(combo.modifiers ?? []).map((modifier) => properties[modifier]), ...(combo.codes ?? [combo.key])];
}
