import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELAY_TIMEOUT_MAX_MS, RELAY_TIMEOUT_MIN_MS, endpointUrl, isMainScreenPath, isRelayTimeoutMs, normalizeMountPath } from './endpoints.js';

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

describe('the relay timeout bounds', () => {
  it('are the bounds relay-request.schema.json states', () => {
    const schema = JSON.parse(readFileSync(new URL('./schemas/relay-request.schema.json', import.meta.url), 'utf8'));
    expect(schema.properties.timeoutMs).toMatchObject({ type: 'integer', minimum: RELAY_TIMEOUT_MIN_MS, maximum: RELAY_TIMEOUT_MAX_MS });
  });

  it('accept whole milliseconds within them only', () => {
    expect([1, 600_000].map(isRelayTimeoutMs)).toEqual([true, true]);
    expect([0.5, 0, -1, 1e19, 600_001, '100', Infinity].map(isRelayTimeoutMs)).toEqual([false, false, false, false, false, false, false]);
  });
});
