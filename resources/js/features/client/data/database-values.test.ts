import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../../protocol/types';
import { existsSource, sourcesIn, withValues } from './database-values';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    author_id: { type: 'integer', 'x-rules': ['required', 'integer', 'exists:users,id'] },
    email: { type: 'string', 'x-rules': ['email', 'exists:users'] },
    billing: { type: 'object', properties: { owner: { type: 'integer', 'x-rules': ['exists:users,id'] } } },
    title: { type: 'string', 'x-rules': ['required'] },
  },
};

describe('database values for auto-fill', () => {
  it('reads the table and column an exists: rule names', () => {
    expect(existsSource('exists:users,id', 'author_id')).toBe('table:users,id');
    expect(existsSource('exists:users', 'email')).toBe('table:users,email');
    expect(existsSource('unique:users,email', 'email')).toBeNull();
    expect([...sourcesIn(schema)]).toEqual([
      ['author_id', 'table:users,id'],
      ['email', 'table:users,email'],
      ['billing.owner', 'table:users,id'],
    ]);
  });

  it('puts the values in as enums, leaving the rest of the schema alone', () => {
    const filled = withValues(schema, new Map<string, unknown[]>([['author_id', [1, 2]], ['billing.owner', [3]], ['email', []]]));
    expect(filled.properties!.author_id!.enum).toEqual([1, 2]);
    expect(filled.properties!.billing!.properties!.owner!.enum).toEqual([3]);
    expect(filled.properties!.email!.enum).toBeUndefined();
    expect(filled.properties!.title).toBe(schema.properties!.title);
  });
});
