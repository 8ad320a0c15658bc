import { describe, expect, it } from 'vitest';
import { opensShortcutSheet } from './shortcut-key';

const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, isComposing: false, ...mods });

describe('the shortcuts sheet', () => {
  it('opens on "?" outside text fields only', () => {
    const input = document.createElement('input');
    const editor = document.createElement('div');
    editor.setAttribute('contenteditable', 'true');
    document.body.append(input, editor);
    expect(opensShortcutSheet(key('?'), document.body)).toBe(true);
    expect(opensShortcutSheet(key('?'), input)).toBe(false);
    expect(opensShortcutSheet(key('?'), editor)).toBe(false);
    expect(opensShortcutSheet(key('?', { ctrlKey: true }), document.body)).toBe(false);
    expect(opensShortcutSheet(key('/'), document.body)).toBe(false);
  });
});
