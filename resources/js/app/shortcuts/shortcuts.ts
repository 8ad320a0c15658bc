// Every keyboard shortcut Kite has, as the "?" sheet lists them. `Mod` is Ctrl, or ⌘ on a Mac.

export interface Shortcut {
  keys: string[][];
  action: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: [['?']], action: 'Show these shortcuts (outside text fields)' },
      { keys: [['Shift', 'Shift']], action: 'Open the generator palette (press Shift twice); the value goes into the focused field' },
      { keys: [['Mod', 'B']], action: 'Expand or collapse the sidebar' },
      { keys: [['Alt', 'T']], action: 'Move to the notifications' },
      { keys: [['Esc']], action: 'Close the palette, a menu or this sheet' },
    ],
  },
  {
    title: 'HTTP Client',
    shortcuts: [
      { keys: [['Mod', 'Enter']], action: 'Send the request (also inside the body editor)' },
      { keys: [['Mod', 'L']], action: 'Go to the URL' },
      { keys: [['↑'], ['↓']], action: 'In the route search: move through the matching routes' },
      { keys: [['Enter']], action: 'In the route search: open the route' },
      { keys: [['←'], ['→']], action: 'On a pane separator: resize the pane (Home / End: smallest / largest)' },
      { keys: [['Enter']], action: 'On the routes pane separator: hide the routes' },
    ],
  },
  {
    title: 'Palette',
    shortcuts: [
      { keys: [['↑'], ['↓']], action: 'Move through the generators' },
      { keys: [['Enter']], action: 'Write the chosen value' },
    ],
  },
  {
    title: 'JSON body editor',
    shortcuts: [
      { keys: [['Ctrl', 'Space']], action: 'Suggest property names from the route’s schema' },
      { keys: [['Tab'], ['Shift', 'Tab']], action: 'Indent or outdent (Esc, then Tab, leaves the editor)' },
      { keys: [['Mod', 'Shift', '[']], action: 'Fold the block at the caret' },
      { keys: [['Mod', 'Shift', ']']], action: 'Unfold it' },
      { keys: [['Mod', 'Z'], ['Mod', 'Shift', 'Z']], action: 'Undo, redo' },
    ],
  },
];

/** `Mod` as this platform writes it. */
export function modifierLabel(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘' : 'Ctrl';
}
