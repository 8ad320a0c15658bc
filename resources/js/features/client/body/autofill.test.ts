import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../../protocol/types';
import { type GeneratorKit, loadGeneratorKit } from '../../../lib/generators/kit';
import { autofill, autofillQuery, sampleForPattern, seededRandom } from './autofill';
import { validateJson } from './json-schema-validate';

let kit: GeneratorKit;
beforeAll(async () => {
  kit = await loadGeneratorKit();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each row: a schema (and field name) and a check of the shape auto-fill must produce. */
const table: Array<[string, JsonSchema, string, (value: unknown) => void]> = [
  ['a string', { type: 'string' }, '', (v) => expect(typeof v).toBe('string')],
  ['an email by format', { type: 'string', format: 'email' }, 'contact', (v) => expect(v).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/)],
  ['a uuid by format', { type: 'string', format: 'uuid' }, '', (v) => expect(v).toMatch(UUID)],
  ['a date by format', { type: 'string', format: 'date' }, '', (v) => expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/)],
  ['a date-time by format', { type: 'string', format: 'date-time' }, '', (v) => expect(Number.isNaN(Date.parse(v as string))).toBe(false)],
  ['a URL by format', { type: 'string', format: 'uri' }, '', (v) => expect(v).toMatch(/^https?:\/\//)],
  ['one of an enum', { type: 'string', enum: ['draft', 'published'] }, 'status', (v) => expect(['draft', 'published']).toContain(v)],
  ['an integer within bounds', { type: 'integer', minimum: 5, maximum: 7 }, '', (v) => expect([5, 6, 7]).toContain(v)],
  ['a multiple of 5', { type: 'integer', minimum: 0, maximum: 100, multipleOf: 5 }, '', (v) => expect((v as number) % 5).toBe(0)],
  ['a number', { type: 'number', minimum: 0.5, maximum: 1 }, '', (v) => expect(v).toBeGreaterThanOrEqual(0.5)],
  ['a boolean', { type: 'boolean' }, '', (v) => expect(typeof v).toBe('boolean')],
  ['a nullable string with a real value', { type: ['string', 'null'] }, 'title', (v) => expect(typeof v).toBe('string')],
  ['a string within length bounds', { type: 'string', minLength: 30, maxLength: 32 }, 'title', (v) => expect((v as string).length).toBeGreaterThanOrEqual(30)],
  ['a short string', { type: 'string', maxLength: 3 }, 'description', (v) => expect((v as string).length).toBeLessThanOrEqual(3)],
  ['a pattern', { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }, 'code', (v) => expect(v).toMatch(/^[A-Z]{3}-\d{4}$/)],
  ['an email by field name', { type: 'string' }, 'email', (v) => expect(v).toMatch(/@/)],
  ['an id by field name', { type: 'string' }, 'user_id', (v) => expect(v).toMatch(UUID)],
  ['the age rule narrowed by the schema', { type: 'integer', minimum: 18, maximum: 21 }, 'age', (v) => expect([18, 19, 20, 21]).toContain(v)],
  ['an is_ flag as a boolean', { type: 'boolean' }, 'is_admin', (v) => expect(typeof v).toBe('boolean')],
  ['an array of two items by default', { type: 'array', items: { type: 'integer' } }, '', (v) => expect(v).toHaveLength(2)],
  ['an array honouring minItems', { type: 'array', minItems: 3, items: { type: 'string' } }, '', (v) => expect(v).toHaveLength(3)],
  ['an array honouring maxItems', { type: 'array', maxItems: 1, items: { type: 'string' } }, '', (v) => expect(v).toHaveLength(1)],
  [
    'required and optional fields of an object',
    { type: 'object', required: ['name'], properties: { name: { type: 'string' }, nickname: { type: 'string' } } },
    '',
    (v) => expect(Object.keys(v as object)).toEqual(['name', 'nickname']),
  ],
  [
    'nested objects and arrays of objects',
    {
      type: 'object',
      properties: {
        address: { type: 'object', properties: { city: { type: 'string' }, zip_code: { type: 'string' } } },
        items: { type: 'array', items: { type: 'object', properties: { price: { type: 'number' }, quantity: { type: 'integer', minimum: 1, maximum: 3 } } } },
      },
    },
    '',
    (v) => {
      const value = v as { address: { city: string; zip_code: string }; items: Array<{ price: number; quantity: number }> };
      expect(typeof value.address.city).toBe('string');
      expect(value.items).toHaveLength(2);
      expect(typeof value.items[0].price).toBe('number');
      expect([1, 2, 3]).toContain(value.items[1].quantity);
    },
  ],
];

describe('auto-fill from a schema', () => {
  it.each(table)('fills %s', (_name, schema, field, check) => {
    const value = autofill(schema, kit, 1234, field);
    check(value);
    expect(validateJson(value, schema)).toEqual([]);
  });

  it('gives the same payload again for the same seed, and another for another seed', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, age: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
    };
    const first = autofill(schema, kit, 77);
    autofill(schema, kit, 5);
    expect(autofill(schema, kit, 77)).toEqual(first);
    expect(autofill(schema, kit, 78)).not.toEqual(first);
  });

  it('repeats a field in its _confirmation twin, as Laravel\'s confirmed rule requires', () => {
    const schema = {
      type: 'object' as const,
      properties: { password: { type: 'string' as const, minLength: 8 }, password_confirmation: { type: 'string' as const }, email_confirmation: { type: 'string' as const } },
    };
    const value = autofill(schema, kit, 7) as Record<string, string>;
    expect(value.password.length).toBeGreaterThanOrEqual(8);
    expect(value.password_confirmation).toBe(value.password);
    // Without the field it confirms, a _confirmation field is filled on its own.
    expect(typeof value.email_confirmation).toBe('string');
  });

  it('fills query parameters as text', () => {
    const query = autofillQuery({ type: 'object', properties: { page: { type: 'integer', minimum: 1, maximum: 9 }, search: { type: 'string' } } }, kit, 3);
    expect(Object.keys(query)).toEqual(['page', 'search']);
    expect(query.page).toMatch(/^[1-9]$/);
  });

  it('stops at a safe depth on very deep schemas', () => {
    let schema: JsonSchema = { type: 'string' };
    for (let i = 0; i < 50; i += 1) schema = { type: 'object', properties: { child: schema } };
    expect(JSON.stringify(autofill(schema, kit, 1)).length).toBeLessThan(500);
  });

  it('samples simple patterns', () => {
    const random = seededRandom(1);
    expect(sampleForPattern('^[a-z0-9-]+$', random)).toMatch(/^[a-z0-9-]+$/);
    expect(sampleForPattern('^\\d{5}$', random)).toMatch(/^\d{5}$/);
    expect(sampleForPattern('^(a|b)$', random)).toBeUndefined();
  });
});
