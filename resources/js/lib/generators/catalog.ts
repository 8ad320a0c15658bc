// What the palette lists for each of the 48 generators: id, name, description, category, icon and
// the options it reads. The way to generate lives in generators.ts, which needs faker; this file
// does not, so the palette can render its list before the faker chunk has loaded.
import { categoryById } from './categories';
import type { CategoryId, GeneratorIconName, GeneratorId, GeneratorMeta, GeneratorOption } from './types';

type Row = [id: GeneratorId, name: string, description: string, options?: readonly GeneratorOption[], icon?: GeneratorIconName];

const RANGE = ['min', 'max'] as const;
const WHOLE_RANGE = ['min', 'max', 'multipleOf'] as const;

const ROWS: Record<CategoryId, readonly Row[]> = {
  text: [
    ['word', 'Word', 'A single lorem ipsum word'],
    ['words', 'Words', 'Three words separated by spaces', ['count']],
    ['words-separated', 'Comma-separated words', 'Three words joined by commas, e.g. for tags', ['count']],
    ['sentence', 'Sentence', 'One lorem ipsum sentence'],
    ['paragraph', 'Paragraph', 'A few lorem ipsum sentences'],
    ['slug', 'Slug', 'Lowercase words joined by hyphens, for URLs'],
  ],
  numbers: [
    ['int', 'Integer', 'Whole number from 1 to 1000', WHOLE_RANGE],
    ['float', 'Decimal number', 'Number from 0 to 100 with 2 fractional digits', [...RANGE, 'fractionDigits']],
    ['bigint', 'Big integer', 'Whole number beyond the safe range of JavaScript numbers', WHOLE_RANGE],
  ],
  time: [
    ['date', 'Date', 'Calendar date as YYYY-MM-DD', [], 'calendar'],
    ['datetime', 'Date and time', 'Date and time in ISO 8601 format', [], 'calendar'],
    ['timestamp', 'Unix timestamp', 'Seconds since 1970-01-01 UTC', RANGE],
    ['time', 'Time', 'Time of day as HH:MM:SS'],
  ],
  person: [
    ['first-name', 'First name', 'A given name'],
    ['last-name', 'Last name', 'A family name'],
    ['full-name', 'Full name', 'First and last name'],
    ['job-title', 'Job title', 'A job title such as a role in a company'],
    ['bio', 'Bio', 'A short personal description'],
  ],
  contact: [
    ['email', 'Email', 'An email address', [], 'mail'],
    ['phone', 'Phone number', 'A phone number as people type it'],
    ['mobile', 'Mobile number', 'A mobile number in international format', [], 'smartphone'],
  ],
  location: [
    ['address', 'Street address', 'House number and street'],
    ['city', 'City', 'A city name'],
    ['country', 'Country', 'A country name'],
    ['country-geocode', 'Country code', 'Two-letter ISO 3166-1 country code'],
    ['locale', 'Locale', 'A locale code such as en-us or pt-br', [], 'languages'],
    ['state', 'State', 'A state or region'],
    ['zip-code', 'Zip code', 'A postal code'],
  ],
  finance: [
    ['amount', 'Amount', 'A money amount with 2 fractional digits', [...RANGE, 'fractionDigits']],
    ['currency', 'Currency', 'A three-letter ISO 4217 currency code'],
    ['credit-card-number', 'Credit card number', 'A card number that passes the Luhn check', [], 'credit-card'],
    ['account', 'Account number', 'A bank account number'],
    ['iban', 'IBAN', 'An international bank account number'],
  ],
  internet: [
    ['url', 'URL', 'A web address', [], 'link'],
    ['domain', 'Domain', 'A domain name'],
    ['username', 'Username', 'A login name'],
    ['password', 'Password', 'A random password', ['length'], 'key'],
  ],
  company: [
    ['company-name', 'Company name', 'The name of a company'],
    ['catch-phrase', 'Catch phrase', 'A company slogan'],
    ['bs', 'Buzzwords', 'Business buzzword phrase'],
  ],
  identifiers: [
    ['uuid', 'UUID', 'A version 4 UUID'],
    ['nanoid', 'Nano ID', 'A 21-character URL-safe id', ['length']],
    ['alphanumeric', 'Alphanumeric', 'Ten letters and digits, e.g. for codes and tokens', ['length']],
  ],
  data: [
    ['json', 'JSON object', 'A small object as formatted JSON', [], 'braces'],
    ['base64', 'Base64', 'A 20-character string encoded as Base64', [], 'binary'],
    ['hex', 'Hexadecimal', 'Sixteen hexadecimal digits', ['length']],
    ['dataUri', 'Data URI', 'A small PNG image as a data URI, for image and file fields', [], 'image'],
    ['boolean-as-string', 'Boolean as string', 'The text true or false', [], 'toggle'],
  ],
};

export const GENERATOR_CATALOG: readonly GeneratorMeta[] = Object.entries(ROWS).flatMap(([categoryId, rows]) => {
  const { id, name } = categoryById(categoryId as CategoryId);
  return rows.map(([generatorId, generatorName, description, options = [], icon]): GeneratorMeta => ({
    id: generatorId,
    name: generatorName,
    description,
    category: { id, name },
    ...(icon ? { icon } : {}),
    options,
  }));
});

const byId = new Map(GENERATOR_CATALOG.map((meta) => [meta.id, meta]));

export function generatorMeta(id: string): GeneratorMeta | undefined {
  return byId.get(id as GeneratorId);
}
