// Shapes of the value generators (spec §3 "Generator", "Category"). No faker here: the palette
// renders names and descriptions before the faker chunk has arrived.

export const CATEGORY_IDS = [
  'text',
  'numbers',
  'time',
  'person',
  'contact',
  'location',
  'finance',
  'internet',
  'company',
  'identifiers',
  'data',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export const GENERATOR_IDS = [
  'word', 'words', 'words-separated', 'sentence', 'paragraph', 'slug',
  'int', 'float', 'bigint',
  'date', 'datetime', 'timestamp', 'time',
  'first-name', 'last-name', 'full-name', 'job-title', 'bio',
  'email', 'phone', 'mobile',
  'address', 'city', 'country', 'country-geocode', 'locale', 'state', 'zip-code',
  'amount', 'currency', 'credit-card-number', 'account', 'iban',
  'url', 'domain', 'username', 'password',
  'company-name', 'catch-phrase', 'bs',
  'uuid', 'nanoid', 'alphanumeric',
  'json', 'base64', 'hex', 'dataUri', 'boolean-as-string',
] as const;

export type GeneratorId = (typeof GENERATOR_IDS)[number];

/**
 * Names of the icons the palette shows. The palette maps them to lucide components, so this module
 * (and everything that imports it) stays free of React.
 */
export type GeneratorIconName =
  | 'type' | 'hash' | 'clock' | 'user' | 'phone' | 'map-pin' | 'wallet' | 'globe' | 'building'
  | 'fingerprint' | 'database' | 'mail' | 'calendar' | 'link' | 'key' | 'credit-card' | 'toggle'
  | 'image' | 'braces' | 'languages' | 'smartphone' | 'binary';

export interface Category {
  id: CategoryId;
  name: string;
  icon: GeneratorIconName;
}

/**
 * Options a generator may take. Which ones a generator reads is listed in its `options`;
 * `validateGeneratorConfig` rejects bad values before any generator runs.
 */
export interface GeneratorConfig {
  min?: number;
  max?: number;
  /** Only for whole-number generators: the value is a multiple of it (an integer greater than 0). */
  multipleOf?: number;
  /** How many words (`words`, `words-separated`). */
  count?: number;
  /** How many characters (`alphanumeric`, `password`, `hex`, `nanoid`). */
  length?: number;
  /** Digits after the decimal point (`float`, `amount`). */
  fractionDigits?: number;
}

export type GeneratorOption = keyof GeneratorConfig;

/** What the palette lists: everything about a generator except the way to run it. */
export interface GeneratorMeta {
  id: GeneratorId;
  name: string;
  description: string;
  category: Pick<Category, 'id' | 'name'>;
  icon?: GeneratorIconName;
  /** The options this generator reads; others are ignored. */
  options: readonly GeneratorOption[];
}

export interface Generator extends GeneratorMeta {
  /** A sample value as text; throws `GeneratorOptionError` for a bad option. */
  generate(config?: GeneratorConfig): string;
}
