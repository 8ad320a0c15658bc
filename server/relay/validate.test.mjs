// The relay request's field-by-field check, without a server.
import { describe, expect, it } from 'vitest';
import { RelayRequestError, validateRelayRequest } from './validate.mjs';

const base = { method: 'GET', url: '/x', headers: [], query: [], body: { type: 'none' }, authorization: { type: 'none' } };

/** The field the check blames for `request` (base changed by it), or null when it passes. */
function blamed(request) {
  try {
    validateRelayRequest({ ...base, ...request });
    return null;
  } catch (error) {
    if (!(error instanceof RelayRequestError)) throw error;
    return error.field;
  }
}

describe('timeoutMs', () => {
  it('accepts whole milliseconds from 1 to 600000', () => {
    for (const timeoutMs of [1, 200, 30_000, 600_000]) expect(blamed({ timeoutMs }), String(timeoutMs)).toBeNull();
  });

  it('refuses fractions, zero, negatives, huge numbers, 600001 and strings, naming timeoutMs', () => {
    for (const timeoutMs of [0.5, 0, -1, 1e19, 600_001, '100', Number.NaN, null]) expect(blamed({ timeoutMs }), String(timeoutMs)).toBe('timeoutMs');
  });
});
