import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORTCUT_GROUPS, comboLabels, matchesShortcut, modifierLabel, sonnerHotkey, tabNumber, type Shortcut } from './keyboard-shortcuts';

const press = (key: string, more: Partial<KeyboardEvent> = {}) => ({ key, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...more });
const listed: Shortcut[] = SHORTCUT_GROUPS.flatMap((group) => group.shortcuts as readonly Shortcut[]);
const sheetLines = listed.map((shortcut) => shortcut.combos.map((combo) => comboLabels(combo, 'Ctrl').join('+')).join(' / '));

const JS_ROOT = join(__dirname, '..');
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the one list of keyboard shortcuts', () => {
  it('matches each shortcut with exactly its modifiers, Mod being Ctrl or ⌘', () => {
    expect(matchesShortcut('save-request', press('s', { ctrlKey: true }))).toBe(true);
    expect(matchesShortcut('save-request', press('S', { metaKey: true }))).toBe(true);
    expect(matchesShortcut('save-request', press('s', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(matchesShortcut('save-request', press('s'))).toBe(false);
    expect(matchesShortcut('send', press('Enter', { metaKey: true }))).toBe(true);
    expect(matchesShortcut('send', press('Enter', { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('matches Alt+N and Alt+W by the key’s place, whatever character Alt types (ñ, ∑ on a Mac)', () => {
    expect(matchesShortcut('new-tab', press('ñ', { code: 'KeyN', altKey: true }))).toBe(true);
    expect(matchesShortcut('close-tab', press('∑', { code: 'KeyW', altKey: true }))).toBe(true);
    expect(matchesShortcut('new-tab', press('n', { code: 'KeyN' }))).toBe(false);
  });

  it('matches Ctrl/⌘+1…9 and Alt+Shift+←/→', () => {
    expect(matchesShortcut('open-tab-n', press('3', { code: 'Digit3', ctrlKey: true }))).toBe(true);
    expect(matchesShortcut('open-tab-n', press('0', { code: 'Digit0', ctrlKey: true }))).toBe(false);
    expect(tabNumber(press('"', { code: 'Digit3', ctrlKey: true }))).toBe(3);
    expect(matchesShortcut('move-tab', press('ArrowLeft', { altKey: true, shiftKey: true }))).toBe(true);
    expect(matchesShortcut('move-tab', press('ArrowRight', { altKey: true, shiftKey: true }))).toBe(true);
    expect(matchesShortcut('move-tab', press('ArrowRight', { altKey: true }))).toBe(false);
  });

  it('gives sonner its Alt+T from the list', () => {
    expect(sonnerHotkey('notifications')).toEqual(['altKey', 'KeyT']);
  });

  it('shows every shortcut the sheet used to and the ones it missed, Mod written for the platform', () => {
    expect(sheetLines).toEqual(
      expect.arrayContaining(['?', 'Shift+Shift', 'Ctrl+B', 'Alt+T', 'Ctrl+Enter', 'Ctrl+L', 'Ctrl+S', 'Alt+N', 'Alt+W', 'Ctrl+1…9', 'Alt+Shift+← / Alt+Shift+→', 'Ctrl+Z', 'Ctrl+F']),
    );
    expect(modifierLabel('MacIntel')).toBe('⌘');
    expect(modifierLabel('Linux x86_64')).toBe('Ctrl');
  });

  it('every key combination a handler reads goes through the list: no handler tests modifier keys or key codes itself', () => {
    // The two detectors with rules of their own: "?" (typed with or without Shift) and double Shift.
    const own = new Set(['lib/keyboard-shortcuts.ts', 'app/shortcuts/shortcut-key.ts', 'features/generators/double-shift.ts']);
    const offenders = sources(JS_ROOT)
      .map((path) => relative(JS_ROOT, path).split('\\').join('/'))
      .filter((path) => !own.has(path))
      // A negated read (`!event.altKey`) only leaves a combination to someone else; it handles none.
      .filter((path) => /(?<!!)\bevent\.(ctrlKey|metaKey|altKey|code)\b|\/\^Digit/.test(readFileSync(join(JS_ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('every shortcut with an id has a handler that matches it', () => {
    const code = sources(JS_ROOT)
      .filter((path) => !path.endsWith('keyboard-shortcuts.ts'))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const ids = listed.flatMap((shortcut) => (shortcut.id ? [shortcut.id] : []));
    expect(ids.filter((id) => !new RegExp(`(matchesShortcut|sonnerHotkey)\\('${id}'`).test(code))).toEqual([]);
  });
});
