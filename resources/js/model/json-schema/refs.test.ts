import { describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../../../protocol/types';
import { linkRouteSchemas, objectSchema, reachableDefs, resolveRef, withDefs } from './refs';

const defs = {
  Pet: { type: 'object' as const, properties: { owner: { $ref: '#/$defs/Person' }, self: { $ref: '#/$defs/Pet' } } },
  Person: { type: 'object' as const, properties: { name: { type: 'string' as const } } },
  Unused: { type: 'string' as const },
};

describe('route schemas and their shared $defs', () => {
  it('attaches only the defs a schema reaches, following them through one another and through cycles', () => {
    expect([...reachableDefs({ $ref: '#/$defs/Pet' }, defs)].sort()).toEqual(['Person', 'Pet']);
    expect(withDefs({ $ref: '#/$defs/Pet' }, defs).$defs).toEqual({ Pet: defs.Pet, Person: defs.Person });
    expect(withDefs({ type: 'string' }, defs)).toEqual({ type: 'string' });
  });

  it('resolves a $ref with the keywords beside it laid over the target', () => {
    const root = withDefs({ $ref: '#/$defs/Person' }, defs);
    expect(resolveRef({ $ref: '#/$defs/Person', description: 'The owner' }, root)).toEqual({ schema: { ...defs.Person, description: 'The owner' }, name: 'Person' });
    expect(resolveRef({ $ref: '#/$defs/Missing' }, root).schema).toEqual({});
  });

  it('links a route once, and leaves routes of hosts without $defs as they are', () => {
    const route: RouteInfo = { id: 'POST /pets', methods: ['POST'], uri: '/pets', group: 'pets', parameters: [], schema: { body: { $ref: '#/$defs/Pet' } }, extractionErrors: [] };
    const linked = linkRouteSchemas(route, defs);
    expect(linked.schema.body?.$defs && Object.keys(linked.schema.body.$defs)).toEqual(['Pet', 'Person']);
    expect(linkRouteSchemas(route, defs)).toBe(linked);
    expect(linkRouteSchemas(route, undefined)).toBe(route);
  });

  it("links the documented responses' schemas too, where the Tests tab's schema check resolves them", () => {
    const route: RouteInfo = { id: 'GET /people/{id}', methods: ['GET'], uri: '/people/{id}', group: 'people', parameters: [], schema: {}, extractionErrors: [], responses: [{ status: '200', schema: { $ref: '#/$defs/Person' } }, { status: '404' }] };
    const linked = linkRouteSchemas(route, defs);
    expect(linked.responses).toEqual([{ status: '200', schema: { $ref: '#/$defs/Person', $defs: { Person: defs.Person } } }, { status: '404' }]);
  });

  it('gathers the defs of several parameter schemas at the root of one object schema', () => {
    const schema = objectSchema({ a: withDefs({ $ref: '#/$defs/Person' }, defs), b: { type: 'integer' } }, ['a']);
    expect(schema).toEqual({ type: 'object', properties: { a: { $ref: '#/$defs/Person' }, b: { type: 'integer' } }, required: ['a'], $defs: { Person: defs.Person } });
  });
});
