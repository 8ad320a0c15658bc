import { beforeAll, describe, expect, it } from 'vitest';
import { loadGeneratorKit, type GeneratorKit } from './kit';

let kit: GeneratorKit;
beforeAll(async () => {
  kit = await loadGeneratorKit();
});

const repeat = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

describe('valueForField', () => {
  it('uses the rule of the field name and returns text when the type is unknown', () => {
    expect(kit.valueForField('email')).toMatch(/^[^\s@]+@[^\s@]+$/);
    expect(kit.valueForField('user_id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(kit.valueForField('tags')).toMatch(/^[a-z]+,[a-z]+,[a-z]+$/i);
    expect(kit.valueForField('isActive')).toMatch(/^(true|false)$/);
    const age = kit.valueForField('age');
    expect(typeof age).toBe('string');
    expect(Number(age)).toBeGreaterThanOrEqual(1);
    expect(Number(age)).toBeLessThanOrEqual(100);
  });

  it('draws the table ranges: age 1–100, cvv 100–999, year 1–3000, month 1–12, day 1–31, page 1–99, per_page 25–100', () => {
    const ranges: [string, number, number][] = [
      ['age', 1, 100], ['cvv', 100, 999], ['year', 1, 3000], ['month', 1, 12], ['day', 1, 31], ['page', 1, 99], ['per_page', 25, 100],
    ];
    for (const [name, min, max] of ranges) {
      const values = repeat(200, () => kit.valueForField(name, { type: 'integer' }) as number);
      expect(values.every((v) => Number.isInteger(v) && v >= min && v <= max), name).toBe(true);
    }
  });

  it('gives a number for integer and number schemas', () => {
    expect(typeof kit.valueForField('age', { type: 'integer' })).toBe('number');
    const price = kit.valueForField('price', { type: 'number' });
    expect(typeof price).toBe('number');
    const unknownCount = kit.valueForField('quantity', { type: 'integer' });
    expect(Number.isInteger(unknownCount)).toBe(true);
  });

  it('an id field of integer type gets a whole number, not a uuid', () => {
    const id = kit.valueForField('user_id', { type: 'integer', minimum: 1 });
    expect(Number.isInteger(id)).toBe(true);
    expect(id as number).toBeGreaterThanOrEqual(1);
  });

  it('schema bounds override the rule range', () => {
    const ages = repeat(100, () => kit.valueForField('age', { type: 'integer', minimum: 18, maximum: 21 }) as number);
    expect(ages.every((a) => a >= 18 && a <= 21)).toBe(true);
    expect(new Set(ages).size).toBeGreaterThan(1);
    const old = repeat(50, () => kit.valueForField('age', { type: 'integer', minimum: 150 }) as number);
    expect(old.every((a) => a >= 150)).toBe(true);
    const perPage = repeat(50, () => kit.valueForField('per_page', { type: 'integer', maximum: 30 }) as number);
    expect(perPage.every((p) => p >= 25 && p <= 30)).toBe(true);
    const prices = repeat(50, () => kit.valueForField('price', { type: 'number', minimum: 5, maximum: 6 }) as number);
    expect(prices.every((p) => p >= 5 && p <= 6)).toBe(true);
  });

  it('honours multipleOf, whole or fractional', () => {
    const evens = repeat(50, () => kit.valueForField('quantity', { type: 'integer', minimum: 1, maximum: 100, multipleOf: 2 }) as number);
    expect(evens.every((v) => v % 2 === 0)).toBe(true);
    const cents = repeat(50, () => kit.valueForField('ratio', { type: 'number', minimum: 0, maximum: 1, multipleOf: 0.25 }) as number);
    expect(cents.every((v) => [0, 0.25, 0.5, 0.75, 1].includes(v))).toBe(true);
  });

  it('string bounds: minLength grows and maxLength cuts the text', () => {
    const long = kit.valueForField('title', { type: 'string', minLength: 40 }) as string;
    expect(long.length).toBeGreaterThanOrEqual(40);
    const short = kit.valueForField('description', { type: 'string', maxLength: 8 }) as string;
    expect(short.length).toBeLessThanOrEqual(8);
    expect(short.length).toBeGreaterThan(0);
    expect(kit.valueForField('api_key', { type: 'string', minLength: 32, maxLength: 32 })).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((kit.valueForField('password', { type: 'string', minLength: 24 }) as string).length).toBe(24);
  });

  it('a boolean schema gets a real boolean', () => {
    const values = new Set(repeat(60, () => kit.valueForField('is_admin', { type: 'boolean' })));
    expect(values).toEqual(new Set([true, false]));
    expect(typeof kit.valueForField('subscribed', { type: 'boolean' })).toBe('boolean');
  });

  it('picks from an enum, preferring non-null members', () => {
    const values = new Set(repeat(60, () => kit.valueForField('status', { type: ['string', 'null'], enum: ['draft', 'published', null] })));
    expect(values).toEqual(new Set(['draft', 'published']));
  });

  it('the schema format wins over the name', () => {
    expect(kit.valueForField('contact', { type: 'string', format: 'email' })).toMatch(/@/);
    expect(kit.valueForField('when', { type: 'string', format: 'date-time' })).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(kit.valueForField('ref', { type: 'string', format: 'uuid' })).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('builds objects and arrays from their schemas, tags as separate words', () => {
    const value = kit.valueForField('payload', {
      type: 'object',
      properties: {
        first_name: { type: 'string' },
        age: { type: 'integer', minimum: 30, maximum: 30 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 4 },
        ids: { type: 'array', items: { type: 'integer' }, maxItems: 1 },
        nullable_email: { type: ['string', 'null'] },
      },
    }) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['first_name', 'age', 'tags', 'ids', 'nullable_email']);
    expect(value.age).toBe(30);
    expect(value.tags).toHaveLength(4);
    expect((value.tags as string[]).every((t) => /^[a-z]+$/i.test(t))).toBe(true);
    expect(value.ids).toHaveLength(1);
    expect(value.nullable_email).toMatch(/@/);
  });

  it('an unknown name gives a word', () => {
    expect(kit.valueForField('foo')).toMatch(/^[a-z]+$/i);
  });
});
