import { describe, expect, it } from 'vitest';
import { endpointUrl, isMainScreenPath, normalizeMountPath } from './endpoints.js';

describe('the main screen path', () => {
  it('is the mount path itself, with or without a trailing slash', () => {
    expect(isMainScreenPath('/http-client', '/http-client')).toBe(true);
    expect(isMainScreenPath('/http-client/', '/http-client')).toBe(true);
    expect(isMainScreenPath('/', '')).toBe(true);
  });

  it('is not another screen nor a path that only starts like the mount path', () => {
    expect(isMainScreenPath('/http-client/settings', '/http-client')).toBe(false);
    expect(isMainScreenPath('/http-client-other', '/http-client')).toBe(false);
    expect(isMainScreenPath('/settings', '')).toBe(false);
  });
});

describe('mount paths and endpoint URLs', () => {
  it('normalise to one leading slash and no trailing one', () => {
    expect(normalizeMountPath('http-client/')).toBe('/http-client');
    expect(normalizeMountPath('//a//b/')).toBe('/a/b');
    expect(normalizeMountPath('/')).toBe('');
    expect(endpointUrl('/http-client/api/', 'routes')).toBe('/http-client/api/routes');
  });
});
