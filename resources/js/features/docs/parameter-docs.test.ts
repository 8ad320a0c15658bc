import { describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../../../protocol/types';
import { documentsParameter } from '../routes/routes';
import { limitsOf, parameterDoc, routeParameterDocs, typeLabel } from './parameter-docs';

const route = (parts: Partial<RouteInfo>): RouteInfo => ({ id: 'GET /x', methods: ['GET'], uri: '/x', group: 'x', parameters: [], schema: {}, extractionErrors: [], ...parts });

describe('parameter docs beside the rows', () => {
  it('labels types with their format, arrays by their items, and a type from enum values when none is said', () => {
    expect(typeLabel({ type: 'integer' })).toBe('integer');
    expect(typeLabel({ type: 'string', format: 'email' })).toBe('string · email');
    expect(typeLabel({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeLabel({ type: ['integer', 'null'] })).toBe('integer | null');
    expect(typeLabel({ enum: ['a', 'b', 3] })).toBe('string | integer');
    expect(typeLabel({})).toBe('any');
    expect(typeLabel(undefined)).toBe('string');
  });

  it('says ranges, lengths, pattern and default in short phrases', () => {
    expect(limitsOf({ minimum: 1, maximum: 100, default: 15 })).toEqual(['1 to 100', 'default 15']);
    expect(limitsOf({ minimum: 1 })).toEqual(['at least 1']);
    expect(limitsOf({ exclusiveMinimum: 0, maximum: 5 })).toEqual(['more than 0', 'at most 5']);
    expect(limitsOf({ minLength: 1, maxLength: 1 })).toEqual(['exactly 1 character']);
    expect(limitsOf({ minLength: 0, maxLength: 100, pattern: '^[a-z]+$' })).toEqual(['at most 100 characters', 'pattern ^[a-z]+$']);
    expect(limitsOf({ default: 'x y' })).toEqual(['default x y']);
  });

  it('reads path, query and header parameters and the query schema; header names ignore case; undocumented names have none', () => {
    const documented = route({
      parameters: [
        { name: 'user', in: 'path', required: true, description: 'The id.', schema: { type: 'integer', example: 7 } },
        { name: 'sort', in: 'query', required: false, schema: { type: 'string', enum: ['new', 'old'], description: 'From the schema.' } },
        { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string', examples: ['acme'] } },
      ],
      schema: { query: { type: 'object', required: ['q'], properties: { q: { type: 'string', minLength: 2 }, sort: { type: 'integer' } } } },
    });
    expect(parameterDoc(documented, 'path', 'user')).toEqual({ name: 'user', in: 'path', required: true, type: 'integer', limits: [], description: 'The id.', values: [], example: '7' });
    expect(parameterDoc(documented, 'query', 'sort')).toEqual({ name: 'sort', in: 'query', required: false, type: 'string', limits: [], description: 'From the schema.', values: ['new', 'old'] });
    expect(parameterDoc(documented, 'query', 'q')).toMatchObject({ required: true, limits: ['at least 2 characters'] });
    expect(parameterDoc(documented, 'header', 'x-tenant')).toMatchObject({ name: 'X-Tenant', required: true, example: 'acme' });
    expect(parameterDoc(documented, 'query', 'mine')).toBeUndefined();
    expect(parameterDoc(documented, 'query', '')).toBeUndefined();
    expect(parameterDoc(documented, 'header', 'user')).toBeUndefined();
    expect(parameterDoc(undefined, 'query', 'sort')).toBeUndefined();
    // The first screen's cheap check names the same rows.
    for (const [place, name] of [['path', 'user'], ['query', 'sort'], ['query', 'q'], ['header', 'x-TENANT'], ['query', 'mine'], ['query', ''], ['header', 'user'], ['query', 'toString']] as const) {
      expect(documentsParameter(documented, place, name)).toBe(parameterDoc(documented, place, name) !== undefined);
    }
    // Worked out once per route.
    expect(routeParameterDocs(documented)).toBe(routeParameterDocs(documented));
  });

  it('writes values and examples as the row would hold them', () => {
    const doc = parameterDoc(route({ parameters: [{ name: 'ids', in: 'query', required: false, schema: { type: 'array', items: { type: 'integer', enum: [1, 2] }, example: [1, 2] } }] }), 'query', 'ids');
    expect(doc).toMatchObject({ type: 'integer[]', values: ['1', '2'], example: '[1,2]' });
  });
});
