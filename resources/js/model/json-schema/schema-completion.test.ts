import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../protocol/types';
import { describeType, propertyOptions, schemaAt } from './schema-completion';

const schema: JsonSchema = {
  type: 'object',
  required: ['email'],
  properties: {
    name: { type: 'string', description: 'Shown name' },
    email: { type: 'string', format: 'email' },
    role: { enum: ['admin', 'member'] },
    tags: { type: 'array', items: { type: 'object', properties: { label: { type: ['string', 'null'] } } } },
  },
};

describe('property completion from the schema', () => {
  it('finds the schema of nested objects and array items', () => {
    expect(schemaAt(schema, ['tags', 0])?.properties?.label).toEqual({ type: ['string', 'null'] });
    expect(schemaAt(schema, ['nothing', 'deeper'])).toBeUndefined();
  });

  it('offers the missing properties, required first, with their type and description', () => {
    expect(propertyOptions(schema, new Set(['name']))).toEqual([
      { name: 'email', required: true, type: 'string (email)' },
      { name: 'role', required: false, type: '"admin" | "member"' },
      { name: 'tags', required: false, type: 'object[]' },
    ]);
    expect(propertyOptions(schema, new Set())[1]).toEqual({ name: 'name', required: false, type: 'string', description: 'Shown name' });
    expect(describeType({ type: ['string', 'null'] })).toBe('string | null');
    expect(propertyOptions(undefined, new Set())).toEqual([]);
  });
});

describe('schemas shared through $defs', () => {
  it('are followed to offer the properties of a referenced object', async () => {
    const { propertyOptions, schemaAt } = await import('./schema-completion');
    const root = { $ref: '#/$defs/User', $defs: { User: { type: 'object' as const, required: ['email'], properties: { email: { $ref: '#/$defs/Email' }, name: { type: 'string' as const } } }, Email: { type: 'string' as const, format: 'email' } } };
    const options = propertyOptions(schemaAt(root, []), new Set(['name']), root);
    expect(options).toEqual([{ name: 'email', required: true, type: 'string (email)' }]);
  });
});
