import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../protocol/types';
import { type AutofillKit, autofill, autofillParameters, autofillWithChoices, sampleForPattern, seededRandom } from './autofill';
import { loadAutofillKit } from './autofill-kit';
import { validateJson } from '../../model/json-schema/json-schema-validate';
import Ajv2020 from 'ajv/dist/2020.js';

let kit: AutofillKit;
beforeAll(async () => {
  kit = await loadAutofillKit();
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

  it('leaves a _confirmation field of another type alone (TVmaze: email_confirmation is a boolean)', () => {
    const schema: JsonSchema = { type: 'object', properties: { email: { type: 'string' }, email_confirmation: { type: 'boolean', default: true } } };
    for (const seed of [1, 2, 3]) expect(validateJson(autofill(schema, kit, seed, '', { fields: 'all' }), schema)).toEqual([]);
  });

  it('fills parameters as values, arrays as arrays (their style writes them, not JSON)', () => {
    const query = autofillParameters({ type: 'object', properties: { page: { type: 'integer', minimum: 1, maximum: 9 }, search: { type: 'string' }, ids: { type: 'array', minItems: 1, items: { type: 'integer' } } } }, kit, 3, { fields: 'all' });
    expect(Object.keys(query)).toEqual(['page', 'search', 'ids']);
    expect(String(query.page)).toMatch(/^[1-9]$/);
    expect(Array.isArray(query.ids)).toBe(true);
  });

  it('fills required fields at any depth: no depth limit drops them', () => {
    let schema: JsonSchema = { type: 'string', minLength: 1 };
    for (let i = 0; i < 50; i += 1) schema = { type: 'object', required: ['child'], properties: { child: schema, note: { type: 'string' } } };
    const value = autofill(schema, kit, 1);
    expect(validateJson(value, schema)).toEqual([]);
    expect(JSON.stringify(value).split('"child"')).toHaveLength(51);
  });

  it('stops a true cycle with the smallest valid value', () => {
    const schema: JsonSchema = {
      $ref: '#/$defs/Node',
      $defs: { Node: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' }, parent: { $ref: '#/$defs/Node' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
    };
    for (const fields of ['some', 'all', 'required'] as const) {
      const value = autofill(schema, kit, 3, '', { fields }) as Record<string, unknown>;
      expect(validateJson(value, schema)).toEqual([]);
      expect(JSON.stringify(value).length).toBeLessThan(400);
    }
  });

  it('samples simple patterns', () => {
    const random = seededRandom(1);
    expect(sampleForPattern('^[a-z0-9-]+$', random)).toMatch(/^[a-z0-9-]+$/);
    expect(sampleForPattern('^\\d{5}$', random)).toMatch(/^\d{5}$/);
    expect(sampleForPattern('^(a|b)$', random)).toBeUndefined();
  });
});

describe('auto-fill the API accepts', () => {
  const valid = (schema: JsonSchema, options = {}, name = '') => {
    for (const seed of [1, 2, 3]) {
      const value = autofill(schema, kit, seed, name, options);
      expect(validateJson(value, schema), JSON.stringify(value)).toEqual([]);
    }
  };

  it('honours patterns within minLength and maxLength', () => {
    valid({ type: 'string', pattern: '^(ghp|gho)_[A-Za-z0-9]{36}$' });
    valid({ type: 'string', pattern: '^[a-z][a-z0-9-]*$', minLength: 12, maxLength: 14 });
    valid({ type: 'string', pattern: '^\\+?[1-9]\\d{1,14}$' }, {}, 'phone');
  });

  it('gives every format its shape', () => {
    for (const format of ['date-time', 'date', 'time', 'email', 'uri', 'uuid', 'ipv4', 'ipv6', 'hostname', 'byte', 'duration']) valid({ type: 'string', format });
    expect(typeof autofill({ type: 'string', format: 'binary' }, kit, 1)).toBe('string');
    // Azure Batch's maxWallClockTime: an ISO 8601 duration, whatever the field name suggests.
    valid({ type: 'string', format: 'duration' }, {}, 'maxWallClockTime');
    expect(autofill({ type: 'string', format: 'duration' }, kit, 1, 'maxWallClockTime')).toMatch(/^P\d+DT\d+H\d+M$/);
  });

  it('meets exclusive bounds, multipleOf, uniqueItems and enum', () => {
    valid({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 });
    valid({ type: 'number', exclusiveMinimum: 0.5, maximum: 0.6 });
    valid({ type: 'number', minimum: 0, maximum: 1, multipleOf: 0.25 });
    valid({ type: 'array', minItems: 3, uniqueItems: true, items: { type: 'string', enum: ['a', 'b', 'c'] } });
    valid({ type: 'string', enum: [null, 'x'] });
    expect(autofill({ const: 'fixed' }, kit, 1)).toBe('fixed');
  });

  it('keeps the age rule within the schema: 1 to 100 inside 0 to 120, the schema alone when they do not meet', () => {
    for (let seed = 1; seed < 40; seed += 1) {
      const age = autofill({ type: 'integer', minimum: 0, maximum: 120 }, kit, seed, 'age') as number;
      expect(age).toBeGreaterThanOrEqual(1);
      expect(age).toBeLessThanOrEqual(100);
      const old = autofill({ type: 'integer', minimum: 150, maximum: 160 }, kit, seed, 'age') as number;
      expect(old).toBeGreaterThanOrEqual(150);
      expect(old).toBeLessThanOrEqual(160);
    }
  });

  it('uses an example or default the schema accepts before a generated value, and skips one it refuses', () => {
    expect(autofill({ type: 'string', example: 'octocat' }, kit, 1, 'email')).toBe('octocat');
    expect(autofill({ type: 'integer', default: 30 }, kit, 1)).toBe(30);
    expect(autofill({ type: 'integer', maximum: 5, example: 50 }, kit, 1)).toBeLessThanOrEqual(5);
  });

  it('merges allOf: required fields, properties and bounds of every part', () => {
    valid({ allOf: [{ type: 'object', required: ['a'], properties: { a: { type: 'integer', minimum: 10 } } }, { required: ['b'], properties: { a: { maximum: 12 }, b: { type: 'string' } } }] });
  });

  it('leaves out fields additionalProperties: false forbids and fills minProperties', () => {
    valid({ type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } });
    valid({ type: 'object', minProperties: 2, additionalProperties: { type: 'integer' } });
  });

  it('fills optional fields sparingly, none or all on request', () => {
    const schema: JsonSchema = { type: 'object', required: ['a'], properties: Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => [k, { type: 'string' }])) };
    expect(Object.keys(autofill(schema, kit, 1, '', { fields: 'required' }) as object)).toEqual(['a']);
    expect(Object.keys(autofill(schema, kit, 1, '', { fields: 'all' }) as object)).toHaveLength(8);
    expect(Object.keys(autofill(schema, kit, 1) as object).length).toBeLessThan(8);
  });

  it('leaves out read-only fields and keeps write-only ones', () => {
    const value = autofill({ type: 'object', properties: { id: { type: 'integer', readOnly: true }, password: { type: 'string', writeOnly: true } } }, kit, 1, '', { fields: 'all' });
    expect(Object.keys(value as object)).toEqual(['password']);
  });
});

describe('auto-fill of oneOf and anyOf', () => {
  const payment: JsonSchema = {
    type: 'object',
    required: ['payment'],
    properties: { payment: { oneOf: [{ $ref: '#/$defs/Card' }, { $ref: '#/$defs/Iban' }, { type: 'null' }], discriminator: { propertyName: 'kind', mapping: { card: '#/$defs/Card', sepa: '#/$defs/Iban' } } } },
    $defs: {
      Card: { type: 'object', required: ['kind', 'number'], additionalProperties: false, properties: { kind: { type: 'string' }, number: { type: 'string', pattern: '^\\d{16}$' } } },
      Iban: { type: 'object', required: ['kind', 'iban'], properties: { kind: { type: 'string' }, iban: { type: 'string' } } },
    },
  };

  it('takes the first branch, sets the discriminator from the mapping and names the choice for the builder', () => {
    const { value, choices } = autofillWithChoices(payment, kit, 1);
    expect((value as { payment: { kind: string } }).payment.kind).toBe('card');
    expect(validateJson(value, payment)).toEqual([]);
    expect(choices).toEqual([{ path: '$.payment', keyword: 'oneOf', index: 0, count: 3, labels: ['Card', 'Iban', 'null'], label: 'Card · one of 3' }]);
  });

  it('switches to the branch the user chose', () => {
    const { value, choices } = autofillWithChoices(payment, kit, 1, { branches: { '$.payment': 1 } });
    expect((value as { payment: { kind: string; iban: string } }).payment).toMatchObject({ kind: 'sepa' });
    expect(validateJson(value, payment)).toEqual([]);
    expect(choices[0].label).toBe('Iban · one of 3');
  });

  it('finds a value that meets exactly one branch of a oneOf', () => {
    const schema: JsonSchema = { oneOf: [{ type: 'number', minimum: 0 }, { type: 'integer' }] };
    for (const seed of [1, 2, 3]) expect(validateJson(autofill(schema, kit, seed), schema)).toEqual([]);
  });

  it('gives a subtype filled by itself its own name in the discriminator', () => {
    const schema: JsonSchema = {
      $ref: '#/$defs/Cat',
      $defs: { Pet: { type: 'object', required: ['pet_type'], properties: { pet_type: { type: 'string' } }, discriminator: { propertyName: 'pet_type' } }, Cat: { allOf: [{ $ref: '#/$defs/Pet' }, { properties: { hunts: { type: 'boolean' } } }] } },
    };
    expect((autofill(schema, kit, 1) as { pet_type: string }).pet_type).toBe('Cat');
  });

  it('is deterministic per seed', () => {
    expect(autofillWithChoices(payment, kit, 9)).toEqual(autofillWithChoices(payment, kit, 9));
  });
});

// Fragments of ReadMe's OpenAPI examples (@readme/oas-examples) as Kite's converter sends them, each
// value checked by Ajv as `npm run bench -- autofill-validity` does (oneOf: exactly one branch).
describe('auto-fill of schemas from ReadMe\'s examples', () => {
  const ajv = new Ajv2020({ strict: false, validateSchema: false, logger: false });
  const ajvAccepts = (value: unknown, schema: JsonSchema) => {
    const validate = ajv.compile(schema);
    return validate(value) ? 'valid' : JSON.stringify(validate.errors?.[0]);
  };
  const $defs: Record<string, JsonSchema> = {
    Cat: { type: 'object', title: 'Meow', required: ['pet_type'], discriminator: { propertyName: 'pet_type' }, properties: { pet_type: { type: 'string' }, hunts: { type: 'boolean' }, age: { type: 'integer' } } },
    Dog: {
      type: 'object',
      title: 'Woof',
      required: ['pet_type'],
      discriminator: { propertyName: 'pet_type' },
      properties: { pet_type: { type: 'string' }, bark: { type: 'boolean' }, breed: { type: 'string', enum: ['Dingo', 'Husky', 'Retriever', 'Shepherd'] } },
    },
    object1: { type: 'object', title: 'First type of object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
    object2: { type: 'object', title: 'Second type of object', properties: { c: { type: 'string' }, d: { type: 'string' } } },
    string1: { type: 'string' },
    string2: { type: 'string' },
  };

  it('tells overlapping oneOf branches apart: a Cat that no Dog schema accepts (discriminators: embedded-discriminator)', () => {
    const schema: JsonSchema = { oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }], $defs };
    for (const seed of [1, 2, 3]) {
      const value = autofill(schema, kit, seed) as Record<string, unknown>;
      expect(ajvAccepts(value, schema)).toBe('valid');
      expect(value.pet_type).toBe('Cat');
    }
    const dog = autofillWithChoices(schema, kit, 1, { branches: { $: 1 } });
    expect(ajvAccepts(dog.value, schema)).toBe('valid');
    expect((dog.value as Record<string, unknown>).pet_type).toBe('Dog');
  });

  it('tells open objects apart in either branch (polymorphism: one-of-object)', () => {
    const schema: JsonSchema = { oneOf: [{ $ref: '#/$defs/object1' }, { $ref: '#/$defs/object2' }], $defs };
    for (const branch of [0, 1]) for (const seed of [1, 2, 3]) expect(ajvAccepts(autofillWithChoices(schema, kit, seed, { branches: { $: branch } }).value, schema)).toBe('valid');
  });

  it('tells apart a oneOf of objects and a nested oneOf (discriminators: nested-one-of-object-with-nested-one-of)', () => {
    const schema: JsonSchema = {
      type: 'object',
      additionalProperties: false,
      properties: { config: { oneOf: [{ $ref: '#/$defs/object1' }, { $ref: '#/$defs/object2' }, { oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }], discriminator: { propertyName: 'pet_type' } }] } },
      $defs,
    };
    for (const seed of [1, 2, 3]) {
      const { value } = autofillWithChoices(schema, kit, seed, { fields: 'all' });
      expect(ajvAccepts(value, schema)).toBe('valid');
      expect(value).toHaveProperty('config');
    }
  });

  it('leaves out an optional field whose schema accepts no value, and its branch choice (schema-types, polymorphism: nested-one-of-ref, one-of-with-type)', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        incompatible: { type: 'string', allOf: [{ type: 'string' }, { type: 'integer' }] },
        compatible: { type: 'object', properties: { name: { allOf: [{ type: 'string' }, { example: 'buster' }] } } },
        config: { oneOf: [{ $ref: '#/$defs/string1' }, { $ref: '#/$defs/string2' }] },
        event: { type: 'string', oneOf: [{ description: 'oneof one' }, { description: 'oneof two' }] },
      },
      $defs,
    };
    for (const fields of ['some', 'all'] as const) {
      const { value, choices } = autofillWithChoices(schema, kit, 1, { fields });
      expect(ajvAccepts(value, schema)).toBe('valid');
      expect(value).toEqual({ compatible: { name: 'buster' } });
      expect(choices).toEqual([]);
    }
  });

  it('ends a required cycle through a oneOf/anyOf with the branch that ends it (null, or one that is not the cycle)', () => {
    const node = (parent: JsonSchema): JsonSchema => ({ $ref: '#/$defs/Node', $defs: { Node: { type: 'object', required: ['id', 'parent'], properties: { id: { type: 'string' }, parent } } } });
    const expression: JsonSchema = { $ref: '#/$defs/E', $defs: { E: { type: 'object', required: ['value'], properties: { value: { oneOf: [{ $ref: '#/$defs/E' }, { type: 'string', title: 'LiteralValue' }] } } } } };
    for (const schema of [node({ anyOf: [{ type: 'null' }, { $ref: '#/$defs/Node' }] }), node({ oneOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] }), expression]) {
      for (const fields of ['some', 'all', 'required'] as const) for (const seed of [1, 2, 3]) expect(ajvAccepts(autofillWithChoices(schema, kit, seed, { fields }).value, schema)).toBe('valid');
    }
  });
});
