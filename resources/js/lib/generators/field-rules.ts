// Field-name mapping rules (spec §3): a case-insensitive pattern on a field name selects a
// generator, with an optional config and an integer flag. Plain data, no faker, so the table can
// be tested cheaply and read at a glance.
//
// Names are normalised first (`first_name`, `firstName`, `first-name`, `First Name` all become
// `first name`), and patterns match whole words of that form; `?` between words also accepts them
// written together (`firstname`). The first matching rule wins, so more specific rules come first:
// `first name` before `name`, `datetime`/`timestamp` before `date`/`time`, `per page` before `page`,
// `card number` before anything with `number`, `email` before `address`, `-id` before `company`.
import type { GeneratorConfig, GeneratorId } from './types';

export interface FieldRule {
  /** The spec table's row, as people read it. */
  label: string;
  pattern: RegExp;
  generator: GeneratorId;
  config?: GeneratorConfig;
  /** The value is a whole number (the table's "integer a to b" rows). */
  integer?: boolean;
}

/** A rule matching any of the given words or word pairs (`first ?name`) anywhere in the name. */
function words(...alternatives: string[]): RegExp {
  return new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'i');
}

const range = (label: string, pattern: RegExp, min: number, max: number): FieldRule => ({
  label,
  pattern,
  generator: 'int',
  config: { min, max },
  integer: true,
});

export const FIELD_RULES: readonly FieldRule[] = [
  { label: 'starts with is, has or was', pattern: /^(?:is|has|was)(?: |$)/i, generator: 'boolean-as-string' },
  range('per_page', words('per ?page'), 25, 100),
  { label: 'anything ending in -id', pattern: /(?:^| )(?:id|uuid|guid)$/i, generator: 'uuid' },
  { label: 'uuid or id', pattern: words('uuid', 'id'), generator: 'uuid' },
  { label: 'first name', pattern: words('first ?name'), generator: 'first-name' },
  { label: 'last name', pattern: words('last ?name'), generator: 'last-name' },
  { label: 'job title', pattern: words('job ?title'), generator: 'job-title' },
  { label: 'catch phrase', pattern: words('catch ?phrase'), generator: 'catch-phrase' },
  { label: 'card number', pattern: words('card ?number'), generator: 'credit-card-number' },
  range('cvv', words('cvv'), 100, 999),
  { label: 'username', pattern: words('user ?name'), generator: 'username' },
  { label: 'company', pattern: words('company'), generator: 'company-name' },
  { label: 'datetime', pattern: words('date ?time'), generator: 'datetime' },
  { label: 'timestamp', pattern: words('time ?stamp'), generator: 'timestamp' },
  // Beyond the spec's table: `created_at`, `verified_at` and the like are moments in time.
  { label: 'ending in _at', pattern: /(?:^| )at$/i, generator: 'datetime' },
  { label: 'zip or postal code', pattern: words('zip', 'zip ?code', 'postal ?code'), generator: 'zip-code' },
  { label: 'email', pattern: words('e ?mail'), generator: 'email' },
  { label: 'mobile', pattern: words('mobile'), generator: 'mobile' },
  { label: 'phone', pattern: words('phone'), generator: 'phone' },
  { label: 'currency', pattern: words('currency'), generator: 'currency' },
  // Beyond the spec's table: a country code field wants `FR`, not `France`.
  { label: 'country code', pattern: words('country ?code'), generator: 'country-geocode' },
  { label: 'country', pattern: words('country'), generator: 'country' },
  { label: 'iban', pattern: words('iban'), generator: 'iban' },
  { label: 'account', pattern: words('account'), generator: 'account' },
  { label: 'url', pattern: words('url'), generator: 'url' },
  { label: 'domain', pattern: words('domain'), generator: 'domain' },
  { label: 'password', pattern: words('password'), generator: 'password' },
  { label: 'full name or name', pattern: words('full ?name', 'name'), generator: 'full-name' },
  { label: 'buzzword', pattern: words('buzz ?words?'), generator: 'bs' },
  { label: 'bio', pattern: words('bio'), generator: 'bio' },
  range('age', words('age'), 1, 100),
  { label: 'address', pattern: words('address'), generator: 'address' },
  { label: 'city', pattern: words('city'), generator: 'city' },
  { label: 'state', pattern: words('state'), generator: 'state' },
  { label: 'amount, price, cost, value, total', pattern: words('amount', 'price', 'cost', 'value', 'total'), generator: 'amount' },
  { label: 'image or file', pattern: words('image', 'file'), generator: 'dataUri' },
  { label: 'code, token, key', pattern: words('code', 'token', 'key'), generator: 'alphanumeric' },
  { label: 'date', pattern: words('date'), generator: 'date' },
  { label: 'time', pattern: words('time'), generator: 'time' },
  range('year', words('year'), 1, 3000),
  range('month', words('month'), 1, 12),
  range('day', words('day'), 1, 31),
  { label: 'tags', pattern: words('tags'), generator: 'words-separated' },
  { label: 'word', pattern: words('word'), generator: 'word' },
  { label: 'sentence', pattern: words('sentence'), generator: 'sentence' },
  { label: 'text or description', pattern: words('text', 'description'), generator: 'sentence' },
  { label: 'paragraph, content, body, message', pattern: words('paragraph', 'content', 'body', 'message'), generator: 'sentence' },
  { label: 'slug', pattern: words('slug'), generator: 'slug' },
  range('page', words('page'), 1, 99),
];

/**
 * `firstName`, `first_name`, `first-name`, `First Name` → `first name`. For a nested name
 * (`user[address][city]`, `items.0.price`) only the last named segment counts.
 */
export function normalizeFieldName(fieldName: string): string {
  const segments = fieldName.split(/[.[\]]+/).filter((s) => s !== '' && s !== '*' && !/^\d+$/.test(s));
  const leaf = segments.at(-1) ?? fieldName;
  return leaf
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The first rule whose pattern matches the field name, or undefined. */
export function matchFieldRule(fieldName: string): FieldRule | undefined {
  const normalized = normalizeFieldName(fieldName);
  if (normalized === '') return undefined;
  return FIELD_RULES.find((rule) => rule.pattern.test(normalized));
}
