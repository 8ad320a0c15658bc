import { describe, expect, it } from 'vitest';
import { IDENTITY_KINDS, IDENTITY_TOKEN_PATTERN, IDENTITY_USER_ID_PATTERN } from './endpoints.js';
import { compileSchemas, readSchema } from './conformance/schemas.mjs';

const file = (identities) => ({ name: 'Update booking', method: 'PATCH', url: '/bookings/1', identities });

describe('"Send as…" identities in a saved request file', () => {
  it('the JSON Schema names the kinds and patterns endpoints.js does (WorkspaceFolder.php keeps a copy, held to this one by tests/php/Unit/WorkspaceRulesMatchProtocolTest.php)', () => {
    const item = readSchema('saved-request-file').properties.identities.items;
    expect(item.properties.kind.enum).toEqual(IDENTITY_KINDS);
    expect(item.properties.userId.pattern).toBe(IDENTITY_USER_ID_PATTERN.source);
    expect(item.properties.token.pattern).toBe(IDENTITY_TOKEN_PATTERN.source);
  });

  it('accepts each kind with its expected status and refuses a literal token, a missing field or another key', () => {
    const validate = compileSchemas().validators['saved-request-file'];
    const all = [{ kind: 'guest', expectStatus: 401 }, { kind: 'current-user' }, { kind: 'user', userId: '3', expectStatus: 403 }, { kind: 'user', userId: '{{adminId}}' }, { kind: 'token', token: '{{admin_token}}' }, { kind: 'environment', environment: 'staging' }];
    expect(validate(file(all)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(file([{ kind: 'token', token: 'eyJ.secret' }]))).toBe(false);
    expect(validate(file([{ kind: 'user' }]))).toBe(false);
    expect(validate(file([{ kind: 'guest', password: 'x' }]))).toBe(false);
    expect(validate(file([{ kind: 'guest', expectStatus: 42 }]))).toBe(false);
  });
});
