import { describe, expect, it } from 'vitest';
import { BODY_TYPES, initialBodyType } from './body-types';

describe('the body type of a new request', () => {
  const withSchema = { schema: { body: { type: 'object' } } };

  it('is JSON for methods with a body when the route has a body schema, in automatic mode', () => {
    expect(initialBodyType(-1, 'POST', withSchema)).toBe('json');
    expect(initialBodyType(-1, 'PATCH', withSchema)).toBe('json');
  });

  it('is none in automatic mode for GET or a route without a body schema', () => {
    expect(initialBodyType(-1, 'GET', withSchema)).toBe('none');
    expect(initialBodyType(-1, 'POST', { schema: {} })).toBe('none');
  });

  it('is multipart in automatic mode for a multipart route', () => {
    expect(initialBodyType(-1, 'POST', { ...withSchema, bodyContentType: 'multipart/form-data' })).toBe('multipart');
  });

  it('is the type the preference names otherwise', () => {
    expect(BODY_TYPES.map((type) => type.id)).toEqual(['none', 'json', 'form', 'multipart', 'raw']);
    expect(initialBodyType(2, 'GET')).toBe('form');
    expect(initialBodyType(4, 'POST', withSchema)).toBe('raw');
    expect(initialBodyType(99, 'POST', withSchema)).toBe('none');
  });
});
