import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories';
import { GENERATOR_CATALOG } from './catalog';
import { loadGeneratorKit, type GeneratorKit } from './kit';
import { LOCALE_CHOICES } from './locales';
import { GeneratorOptionError } from './option-error';
import { CATEGORY_IDS, GENERATOR_IDS, type GeneratorId } from './types';

let kit: GeneratorKit;
beforeAll(async () => {
  kit = await loadGeneratorKit();
});

/** The shape each generator's default output must have. */
const SHAPES: Record<GeneratorId, RegExp> = {
  word: /^[a-z]+$/i,
  words: /^[a-z]+ [a-z]+ [a-z]+$/i,
  'words-separated': /^[a-z]+,[a-z]+,[a-z]+$/i,
  sentence: /^[A-Z][a-z]*( [a-z]+)*\.$/,
  paragraph: /^([A-Z][a-z]*( [a-z]+)*\.)( [A-Z][a-z]*( [a-z]+)*\.)+$/,
  slug: /^[a-z]+(-[a-z]+){2}$/,
  int: /^\d{1,4}$/,
  float: /^\d{1,3}\.\d{2}$/,
  bigint: /^\d{16,19}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
  timestamp: /^\d{9,10}$/,
  time: /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
  'first-name': /^[A-Z][\p{L}'-]+( [A-Z][\p{L}'-]+)?$/u,
  'last-name': /^[A-Z][\p{L}' -]+$/u,
  'full-name': /^[\p{L}'-]+\.?( [\p{L}'-]+\.?)+$/u,
  'job-title': /^[A-Z][a-z]+( [A-Z][a-z]+)+$/,
  bio: /\S/,
  email: /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i,
  phone: /^[\d()+ .x-]{7,}$/,
  mobile: /^\+\d{8,15}$/,
  address: /^\d+ [\p{L}\d' .-]+$/u,
  city: /^[\p{L}' .()/-]+$/u,
  country: /^[\p{L}' ().,&-]+$/u,
  'country-geocode': /^[A-Z]{2}$/,
  locale: new RegExp(`^(${LOCALE_CHOICES.join('|')})$`),
  state: /^[A-Z][a-z]+( [A-Z][a-z]+)*$/,
  'zip-code': /^\d{5}(-\d{4})?$/,
  amount: /^\d{1,4}\.\d{2}$/,
  currency: /^[A-Z]{3}$/,
  'credit-card-number': /^[\d-]{12,23}$/,
  account: /^\d{8}$/,
  iban: /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/,
  url: /^https?:\/\/[a-z0-9.-]+\.[a-z]{2,}\/?$/,
  domain: /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/,
  username: /^[\p{L}\d._'-]+$/u,
  password: /^\S{16}$/,
  'company-name': /^[\p{L}' ,&-]+$/u,
  'catch-phrase': /^[A-Z][\w/-]*( [\w/-]+)+$/,
  bs: /^[\w/-]+( [\w/-]+)+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  nanoid: /^[A-Za-z0-9_-]{21}$/,
  alphanumeric: /^[A-Za-z0-9]{10}$/,
  json: /^\{\n {2}"id": "[0-9a-f-]{36}",\n[\s\S]*\n\}$/,
  base64: /^[A-Za-z0-9+/]{27}=$/,
  hex: /^[0-9a-f]{16}$/,
  dataUri: /^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]+=*$/,
  'boolean-as-string': /^(true|false)$/,
};

describe('generators', () => {
  it('there are exactly the 48 generators of the spec, in 11 categories', () => {
    expect(GENERATOR_IDS).toHaveLength(48);
    expect(kit.generators.map((g) => g.id).sort()).toEqual([...GENERATOR_IDS].sort());
    expect(CATEGORIES.map((c) => c.id)).toEqual([...CATEGORY_IDS]);
    expect(new Set(kit.generators.map((g) => g.category.id))).toEqual(new Set(CATEGORY_IDS));
  });

  it('every generator has a name, a description and a category with id and name; every category has a name and an icon', () => {
    for (const g of GENERATOR_CATALOG) {
      expect(g.name, g.id).toMatch(/\S/);
      expect(g.description, g.id).toMatch(/\S/);
      expect(CATEGORIES.find((c) => c.id === g.category.id)?.name).toBe(g.category.name);
    }
    for (const c of CATEGORIES) {
      expect(c.name).toMatch(/\S/);
      expect(c.icon).toMatch(/\S/);
    }
  });

  it.each([...GENERATOR_IDS])('%s produces text of its expected shape', (id) => {
    for (let i = 0; i < Number(process.env.SHAPE_RUNS ?? 25); i += 1) {
      const value = kit.generate(id);
      expect(typeof value).toBe('string');
      expect(value, `${id} run ${i}`).toMatch(SHAPES[id]);
    }
  });
});

describe('generator defaults', () => {
  const many = (id: GeneratorId, n = 300) => Array.from({ length: n }, () => kit.generate(id));

  it('int draws whole numbers from 1 to 1000', () => {
    const values = many('int').map(Number);
    expect(values.every((v) => Number.isInteger(v) && v >= 1 && v <= 1000)).toBe(true);
    expect(Math.max(...values)).toBeGreaterThan(500);
  });

  it('float draws from 0 to 100 with exactly 2 fractional digits', () => {
    for (const text of many('float')) {
      expect(text).toMatch(/^\d+\.\d{2}$/);
      expect(Number(text)).toBeGreaterThanOrEqual(0);
      expect(Number(text)).toBeLessThanOrEqual(100);
    }
  });

  it('words yields 3 words and words-separated the same joined by commas', () => {
    expect(kit.generate('words').split(' ')).toHaveLength(3);
    expect(kit.generate('words-separated').split(',')).toHaveLength(3);
  });

  it('alphanumeric yields 10 characters', () => {
    expect(kit.generate('alphanumeric')).toHaveLength(10);
  });

  it('base64 encodes a 20-character string', () => {
    const decoded = atob(kit.generate('base64'));
    expect(decoded).toHaveLength(20);
    expect(decoded).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('date is YYYY-MM-DD, datetime is ISO 8601 and timestamp is Unix seconds of a real moment', () => {
    expect(new Date(kit.generate('date')).toISOString().slice(0, 10)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const datetime = kit.generate('datetime');
    expect(new Date(datetime).toISOString()).toBe(datetime);
    const seconds = Number(kit.generate('timestamp'));
    expect(seconds * 1000).toBeGreaterThan(Date.UTC(1999, 11, 31));
    expect(seconds * 1000).toBeLessThan(Date.UTC(2036, 0, 1));
  });

  it('locale picks among all 13 locale choices', () => {
    expect(LOCALE_CHOICES).toHaveLength(13);
    expect(new Set(many('locale', 600))).toEqual(new Set(LOCALE_CHOICES));
  });

  it('boolean-as-string yields both true and false', () => {
    expect(new Set(many('boolean-as-string', 100))).toEqual(new Set(['true', 'false']));
  });

  it('json is a small object as formatted JSON text', () => {
    const text = kit.generate('json');
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual(['id', 'name', 'email', 'active', 'createdAt']);
    expect(text).toBe(JSON.stringify(parsed, null, 2));
  });

  it('bigint goes beyond the safe integer range', () => {
    expect(many('bigint', 50).every((v) => BigInt(v) > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
  });
});

describe('generator options', () => {
  it('int keeps within min and max and honours multipleOf', () => {
    for (let i = 0; i < 100; i += 1) {
      const v = Number(kit.generate('int', { min: 10, max: 50, multipleOf: 7 }));
      expect(v).toBeGreaterThanOrEqual(14);
      expect(v).toBeLessThanOrEqual(49);
      expect(v % 7).toBe(0);
    }
  });

  it('a single bound moves the default range along instead of failing', () => {
    expect(Number(kit.generate('int', { min: 5000 }))).toBeGreaterThanOrEqual(5000);
    expect(Number(kit.generate('int', { max: -5 }))).toBeLessThanOrEqual(-5);
  });

  it('count, length and fractionDigits change the output', () => {
    expect(kit.generate('words', { count: 5 }).split(' ')).toHaveLength(5);
    expect(kit.generate('alphanumeric', { length: 32 })).toHaveLength(32);
    expect(kit.generate('float', { fractionDigits: 4 })).toMatch(/^\d+\.\d{4}$/);
    expect(Number(kit.generate('amount', { min: 5, max: 6 }))).toBeLessThanOrEqual(6);
  });

  it.each([0, -3, 2.5, Number.NaN])('multipleOf %s is rejected with an error naming the option and the value', (multipleOf) => {
    const attempt = () => kit.generate('int', { multipleOf });
    expect(attempt).toThrow(GeneratorOptionError);
    expect(attempt).toThrow(`Invalid generator option multipleOf: ${multipleOf} (must be an integer greater than 0)`);
  });

  it('max below min is rejected with an error naming max and its value', () => {
    try {
      kit.generate('float', { min: 10, max: 1 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(GeneratorOptionError);
      expect((error as GeneratorOptionError).option).toBe('max');
      expect((error as GeneratorOptionError).value).toBe(1);
      expect((error as Error).message).toBe('Invalid generator option max: 1 (must not be below min 10)');
    }
  });

  it('a range with no multiple of multipleOf in it is an option error, not a crash', () => {
    expect(() => kit.generate('int', { min: 1, max: 4, multipleOf: 5 })).toThrow(/multipleOf: 5 \(no multiple of 5/);
  });

  it('an unknown generator id is a clear error', () => {
    expect(() => kit.generate('nope' as GeneratorId)).toThrow('Unknown generator: nope');
  });
});

describe('seeding', () => {
  const everything = (k: GeneratorKit) => [...GENERATOR_IDS.map((id) => k.generate(id)), k.valueForField('user', {
    type: 'object',
    properties: { email: { type: 'string' }, age: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
  })];

  it('the same seed gives the same sequence of values, also in another kit', async () => {
    const other = await loadGeneratorKit();
    kit.seed(1234);
    const first = everything(kit);
    other.seed(1234);
    expect(everything(other)).toEqual(first);
    kit.seed(1234);
    expect(everything(kit)).toEqual(first);
  });

  it('a different seed gives different values', () => {
    kit.seed(1);
    const a = everything(kit);
    kit.seed(2);
    expect(everything(kit)).not.toEqual(a);
  });

  it('seeding one kit does not change what another kit produces', async () => {
    const a = await loadGeneratorKit();
    const b = await loadGeneratorKit();
    a.seed(7);
    b.seed(7);
    const reference = a.generate('uuid');
    a.seed(7);
    b.generate('uuid'); // advancing b must not advance a
    expect(a.generate('uuid')).toBe(reference);
  });
});
