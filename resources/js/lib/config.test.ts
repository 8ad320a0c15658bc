import { describe, expect, it } from 'vitest';
import { DEFAULT_LINKS, readKiteConfig } from './config';

describe('the page config', () => {
  it('falls back to an empty router base and defaults when window.Kite is missing', () => {
    const config = readKiteConfig(undefined);
    expect(config.basePath).toBe('');
    expect(config.apiUrl).toBe('/api');
    expect(config.assetsUrl).toBe('/vendor/kite');
    expect(config.links).toEqual(DEFAULT_LINKS);
    expect(config.sidebar).toEqual({ variant: 'sidebar', side: 'left', collapsible: 'icon' });
  });

  it('takes the base path, API and assets URLs from the host, without trailing slashes', () => {
    const config = readKiteConfig({ basePath: '/sub/http-client/', assetsUrl: '/sub/vendor/kite/', apiUrl: '/sub/http-client/api' });
    expect(config.basePath).toBe('/sub/http-client');
    expect(config.assetsUrl).toBe('/sub/vendor/kite');
    expect(config.apiUrl).toBe('/sub/http-client/api');
  });

  it('derives the API URL from the base path when the host gives none', () => {
    expect(readKiteConfig({ basePath: '/http-client' }).apiUrl).toBe('/http-client/api');
  });

  it('ignores keys of the wrong type', () => {
    const config = readKiteConfig({ basePath: 42 as unknown as string, applications: 'x' as never });
    expect(config.basePath).toBe('');
    expect(config.applications).toEqual([]);
  });

  it('keeps known sidebar options and drops unknown ones', () => {
    const config = readKiteConfig({ sidebar: { variant: 'inset', side: 'right', collapsible: 'sideways' as never } });
    expect(config.sidebar).toEqual({ variant: 'inset', side: 'right', collapsible: 'icon' });
  });

  it('merges host links over the defaults', () => {
    expect(readKiteConfig({ links: { github: 'https://example.test/repo' } }).links).toEqual({ ...DEFAULT_LINKS, github: 'https://example.test/repo' });
  });
});
