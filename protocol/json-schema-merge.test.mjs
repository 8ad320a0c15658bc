import { describe, expect, it } from 'vitest';
import { mergeSchemas } from './json-schema-merge.js';

describe('mergeSchemas', () => {
  it('keeps only the properties every part closed by additionalProperties: false names (Azure web-logicAppsManagementClient)', () => {
    // ConnectionGatewayDefinition: allOf ResourceDefinition (closed), own properties (closed): only {} validates.
    const resource = { type: 'object', additionalProperties: false, properties: { etag: { type: 'string' }, location: { type: 'string' } } };
    const own = { type: 'object', additionalProperties: false, properties: { properties: { type: 'object' } } };
    expect(mergeSchemas([resource, own]).properties).toEqual({});
    // One closed part: the open part's properties are refused by it, unless required.
    const base = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { type: 'string' } } };
    const closedOwn = { type: 'object', additionalProperties: false, properties: { name: { type: 'string' } } };
    expect(Object.keys(mergeSchemas([base, closedOwn]).properties)).toEqual(['id', 'name']);
    // Open parts only: properties are united as before.
    expect(Object.keys(mergeSchemas([{ properties: { a: {} } }, { properties: { b: {} } }]).properties)).toEqual(['a', 'b']);
  });
});
