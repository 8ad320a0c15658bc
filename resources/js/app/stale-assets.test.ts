import { describe, expect, it } from 'vitest';
import { staleAssetsMessage } from './stale-assets';

describe('the stale assets notice', () => {
  it('stays hidden when the versions match', () => {
    expect(staleAssetsMessage({ version: '1.2.0' }, '1.2.0')).toBeNull();
  });

  it('names both versions and the command that refreshes the assets', () => {
    const message = staleAssetsMessage({ version: '1.3.0', publishCommand: 'php artisan kite:publish' }, '1.2.0');
    expect(message).toContain('1.3.0');
    expect(message).toContain('1.2.0');
    expect(message).toContain('php artisan kite:publish');
  });
});
