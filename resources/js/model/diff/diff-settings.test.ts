import { describe, expect, it } from 'vitest';
import { readDiffSettings, withArrayKey, withIgnoredHeader, withIgnoredPath, withoutIgnoredPath } from './diff-settings';
import { DEFAULT_DIFF_SETTINGS } from './response-diff';

describe('diff settings', () => {
  it('reads stored settings field by field, keeping what reads', () => {
    expect(readDiffSettings({ arrayKey: 'uuid', ignoredPaths: ['$.a', '$.a'], ignoredHeaders: 3 })).toEqual({ arrayKey: 'uuid', ignoredPaths: ['$.a'], ignoredHeaders: ['date'] });
    expect(readDiffSettings({ arrayKey: null })).toEqual({ ...DEFAULT_DIFF_SETTINGS, arrayKey: null });
    expect(() => readDiffSettings('x')).toThrow();
  });

  it('adds an ignored path once, removes it, and reads a blank key as index by index', () => {
    const once = withIgnoredPath(withIgnoredPath(DEFAULT_DIFF_SETTINGS, '$.data[*].updated_at'), '$.data[*].updated_at');
    expect(once.ignoredPaths).toEqual(['$.data[*].updated_at']);
    expect(withoutIgnoredPath(once, '$.data[*].updated_at').ignoredPaths).toEqual([]);
    expect(withArrayKey(once, '  ').arrayKey).toBeNull();
    expect(withArrayKey(once, ' uuid ').arrayKey).toBe('uuid');
    expect(withIgnoredHeader(withIgnoredHeader(once, 'X-Request-Id'), 'x-request-id').ignoredHeaders).toEqual(['date', 'x-request-id']);
  });
});
