// The 48 value generators, built on a faker instance the caller passes in (kit.ts hands over the
// English one from the lazily loaded chunk). Every random choice goes through that instance, so
// seeding it makes the whole sequence of values repeatable.
import type { Faker } from '@faker-js/faker';
import { GENERATOR_CATALOG } from './catalog';
import { LOCALE_CHOICES } from './locales';
import { solidPng } from './png';
import { resolveRange, validateGeneratorConfig, wholeRange } from './options';
import type { Generator, GeneratorConfig, GeneratorId } from './types';

export const GENERATOR_DEFAULTS = {
  int: { min: 1, max: 1000 },
  float: { min: 0, max: 100, fractionDigits: 2 },
  amount: { min: 1, max: 1000, fractionDigits: 2 },
  /** Beyond Number.MAX_SAFE_INTEGER, up to the largest signed 64-bit integer. */
  bigint: { min: 2n ** 53n, max: 2n ** 63n - 1n },
  wordCount: 3,
  alphanumericLength: 10,
  base64SourceLength: 20,
  hexLength: 16,
  nanoidLength: 21,
  /** The `dataUri` image's width and height in pixels (a PNG of 0.8 KB). */
  dataUriSide: 16,
  passwordLength: 16,
  /** Unix-seconds range of `timestamp` when given no bounds: 2000-01-01 to 2035-12-31. */
  timestamp: { min: 946_684_800, max: 2_082_671_999 },
} as const;

type GenerateFn = (config: GeneratorConfig) => string;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Base64 of a text that may hold any Unicode character (btoa alone takes Latin-1 only). */
function toBase64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function wordList(faker: Faker, config: GeneratorConfig): string[] {
  return faker.lorem.words(config.count ?? GENERATOR_DEFAULTS.wordCount).split(' ');
}

function wholeNumber(faker: Faker, config: GeneratorConfig): number {
  const multipleOf = config.multipleOf ?? 1;
  const { min, max } = wholeRange(resolveRange(config, GENERATOR_DEFAULTS.int), multipleOf);
  return faker.number.int({ min, max, multipleOf });
}

function bigWholeNumber(faker: Faker, config: GeneratorConfig): bigint {
  const multipleOf = config.multipleOf ?? 1;
  if (config.min === undefined && config.max === undefined) {
    return faker.number.bigInt({ ...GENERATOR_DEFAULTS.bigint, multipleOf: BigInt(multipleOf) });
  }
  const { min, max } = wholeRange(resolveRange(config, { min: 0, max: Number.MAX_SAFE_INTEGER }), multipleOf);
  return faker.number.bigInt({ min: BigInt(min), max: BigInt(max), multipleOf: BigInt(multipleOf) });
}

function decimal(faker: Faker, config: GeneratorConfig, defaults: { min: number; max: number; fractionDigits: number }): string {
  const { min, max } = resolveRange(config, defaults);
  const fractionDigits = config.fractionDigits ?? defaults.fractionDigits;
  return faker.number.float({ min, max, fractionDigits }).toFixed(fractionDigits);
}

function sampleObject(faker: Faker) {
  return {
    id: faker.string.uuid(),
    name: faker.person.fullName(),
    email: faker.internet.email(),
    active: faker.datatype.boolean(),
    createdAt: faker.date.anytime().toISOString(),
  };
}

function implementations(faker: Faker): Record<GeneratorId, GenerateFn> {
  return {
    word: () => faker.lorem.word(),
    words: (c) => wordList(faker, c).join(' '),
    'words-separated': (c) => wordList(faker, c).join(','),
    sentence: () => faker.lorem.sentence(),
    paragraph: () => faker.lorem.paragraph(),
    slug: () => faker.lorem.slug(3),

    int: (c) => String(wholeNumber(faker, c)),
    float: (c) => decimal(faker, c, GENERATOR_DEFAULTS.float),
    bigint: (c) => String(bigWholeNumber(faker, c)),

    date: () => faker.date.anytime().toISOString().slice(0, 10),
    datetime: () => faker.date.anytime().toISOString(),
    timestamp: (c) => String(faker.number.int(resolveRange(c, GENERATOR_DEFAULTS.timestamp))),
    time: () => {
      const d = faker.date.anytime();
      return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
    },

    'first-name': () => faker.person.firstName(),
    'last-name': () => faker.person.lastName(),
    'full-name': () => faker.person.fullName(),
    'job-title': () => faker.person.jobTitle(),
    bio: () => faker.person.bio(),

    email: () => faker.internet.email(),
    phone: () => faker.phone.number({ style: 'human' }),
    mobile: () => faker.phone.number({ style: 'international' }),

    address: () => faker.location.streetAddress(),
    city: () => faker.location.city(),
    country: () => faker.location.country(),
    'country-geocode': () => faker.location.countryCode('alpha-2'),
    locale: () => faker.helpers.arrayElement(LOCALE_CHOICES),
    state: () => faker.location.state(),
    'zip-code': () => faker.location.zipCode(),

    amount: (c) => decimal(faker, c, GENERATOR_DEFAULTS.amount),
    currency: () => faker.finance.currencyCode(),
    'credit-card-number': () => faker.finance.creditCardNumber(),
    account: () => faker.finance.accountNumber(),
    iban: () => faker.finance.iban(),

    url: () => faker.internet.url(),
    domain: () => faker.internet.domainName(),
    username: () => faker.internet.username(),
    password: (c) => faker.internet.password({ length: c.length ?? GENERATOR_DEFAULTS.passwordLength }),

    'company-name': () => faker.company.name(),
    'catch-phrase': () => faker.company.catchPhrase(),
    bs: () => faker.company.buzzPhrase(),

    uuid: () => faker.string.uuid(),
    nanoid: (c) => faker.string.nanoid(c.length ?? GENERATOR_DEFAULTS.nanoidLength),
    alphanumeric: (c) => faker.string.alphanumeric(c.length ?? GENERATOR_DEFAULTS.alphanumericLength),

    json: () => JSON.stringify(sampleObject(faker), null, 2),
    base64: () => toBase64(faker.string.alphanumeric(GENERATOR_DEFAULTS.base64SourceLength)),
    hex: (c) => faker.string.hexadecimal({ length: c.length ?? GENERATOR_DEFAULTS.hexLength, casing: 'lower', prefix: '' }),
    dataUri: () => `data:image/png;base64,${bytesToBase64(solidPng(GENERATOR_DEFAULTS.dataUriSide, GENERATOR_DEFAULTS.dataUriSide, [faker.number.int(255), faker.number.int(255), faker.number.int(255)]))}`,
    'boolean-as-string': () => String(faker.datatype.boolean()),
  };
}

/** The generators in catalog order, each validating its options before it draws a value. */
export function createGenerators(faker: Faker): Generator[] {
  const impl = implementations(faker);
  return GENERATOR_CATALOG.map((meta) => ({
    ...meta,
    generate(config: GeneratorConfig = {}) {
      validateGeneratorConfig(config);
      return impl[meta.id](config);
    },
  }));
}
