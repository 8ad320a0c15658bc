import { describe, expect, it } from 'vitest';
import { resolveTheme } from './theme';

describe('the page theme', () => {
  it('follows an explicit preference whatever the system says', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('follows the system setting when the preference is system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});
