import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RELAY_TIMEOUT_MAX_MS, RELAY_TIMEOUT_MIN_MS, WORKSPACE_MAX_DEPTH, endpointUrl, jsonDeeperThan, isMainScreenPath, isRelayTimeoutMs, isWorkspaceFilePath, normalizeMountPath, workspaceFileText, workspaceFileUrl } from './endpoints.js';

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

describe('workspace files', () => {
  it('are environments/NAME.json and requests/SLUG.json, nothing outside the folder', () => {
    expect(isWorkspaceFilePath('requests/login.json')).toBe(true);
    expect(isWorkspaceFilePath('environments/local.json')).toBe(true);
    expect(isWorkspaceFilePath('folders/users.json')).toBe(true);
    for (const bad of ['../x.json', 'requests/../../x.json', '/etc/passwd', 'requests/a/b.json', 'requests/.hidden.json', 'other/x.json', 'requests/x.txt', 'requests/x..json']) {
      expect(isWorkspaceFilePath(bad), bad).toBe(false);
    }
    expect(workspaceFileUrl('/http-client/api', 'requests/a b.json')).toBe('/http-client/api/workspace/files/requests/a%20b.json');
  });

  it('are written with sorted keys, two spaces and a final newline', () => {
    expect(workspaceFileText({ name: 'local', variables: { b: '2', a: '1' } })).toBe('{\n  "name": "local",\n  "variables": {\n    "a": "1",\n    "b": "2"\n  }\n}\n');
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

describe('the nesting depth of a workspace file', () => {
  const nested = (/** @type {number} */ levels) => JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`);

  it('counts as json_decode does: an array or object N levels down needs depth N + 1', () => {
    expect(jsonDeeperThan(nested(WORKSPACE_MAX_DEPTH - 1), WORKSPACE_MAX_DEPTH)).toBe(false);
    expect(jsonDeeperThan(nested(WORKSPACE_MAX_DEPTH), WORKSPACE_MAX_DEPTH)).toBe(true);
    expect(jsonDeeperThan({ a: { b: [] } }, 4)).toBe(false);
    expect(jsonDeeperThan({ a: { b: [] } }, 3)).toBe(true);
    expect(jsonDeeperThan('text', 1)).toBe(false);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    expect(jsonDeeperThan(nested(100_000), WORKSPACE_MAX_DEPTH)).toBe(true);
  });
});
