// Maps a field name (and, when known, its JSON Schema) to a sample value: the schema's `format`
// first, then the field-name rules, then a default for the schema's type. Bounds from the schema
// (minimum/maximum/multipleOf, minLength/maxLength, minItems/maxItems) override a rule's range, and
// the value has the schema's type where it is known (a number for integer schemas, an array for
// array schemas), otherwise it is a string.
import type { JsonSchema, JsonSchemaType } from '../../../../protocol/types';
import { generatorMeta } from './catalog';
import { matchFieldRule } from './field-rules';
import type { GeneratorConfig, GeneratorId } from './types';

/** What valueForField draws its randomness from (kit.ts passes the seeded faker behind both). */
export interface FieldValueSource {
  generate(id: GeneratorId, config?: GeneratorConfig): string;
  pick<T>(items: readonly T[]): T;
}

type Target = { generator: GeneratorId; config?: GeneratorConfig; integer?: boolean };

const FORMAT_GENERATORS: Record<string, GeneratorId> = {
  email: 'email',
  'idn-email': 'email',
  uuid: 'uuid',
  date: 'date',
  'date-time': 'datetime',
  time: 'time',
  uri: 'url',
  url: 'url',
  'iri': 'url',
  hostname: 'domain',
  'idn-hostname': 'domain',
  password: 'password',
  byte: 'base64',
  binary: 'dataUri',
};

/** Arrays get this many items unless the schema says otherwise. */
const DEFAULT_ITEM_COUNT = 2;

/** The first non-null type of a schema (`['string', 'null']` is a nullable string). */
export function schemaType(schema?: JsonSchema): JsonSchemaType | undefined {
  const type = schema?.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') ?? type[0];
  return type;
}

function targetFor(fieldName: string, schema?: JsonSchema): Target | undefined {
  const byFormat = schema?.format ? FORMAT_GENERATORS[schema.format] : undefined;
  if (byFormat) return { generator: byFormat };
  return matchFieldRule(fieldName);
}

/**
 * A rule's range intersected with the schema's bounds (`age` 1–100 within a schema's 0–120 stays
 * 1–100); where they do not overlap, the schema's bounds win. Exclusive bounds count too.
 */
function numericConfig(target: Target | undefined, schema: JsonSchema | undefined, fallback: GeneratorConfig): GeneratorConfig {
  const base = target?.integer ? { ...target.config } : { ...fallback };
  const integer = target?.integer || schemaType(schema) === 'integer';
  const step = integer ? 1 : Number.EPSILON * 1024;
  const lows = [schema?.minimum, schema?.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + step].filter((n) => n !== undefined);
  const highs = [schema?.maximum, schema?.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - step].filter((n) => n !== undefined);
  const low = lows.length ? Math.max(...lows) : undefined;
  const high = highs.length ? Math.min(...highs) : undefined;
  const min = low === undefined ? base.min : base.min === undefined ? low : Math.max(base.min, low);
  const max = high === undefined ? base.max : base.max === undefined ? high : Math.min(base.max, high);
  if (min !== undefined && max !== undefined && min > max) {
    // No overlap: the schema's bounds alone.
    return { ...base, min: low ?? (high !== undefined ? Math.min(high, base.min ?? high) : undefined), max: high ?? (low !== undefined ? Math.max(low, base.max ?? low) : undefined) };
  }
  return { ...base, ...(min !== undefined ? { min: integer ? Math.ceil(min) : min } : {}), ...(max !== undefined ? { max: integer ? Math.floor(max) : max } : {}) };
}

const decimalsOf = (n: number) => (String(n).split('.')[1] ?? '').length;

function numberValue(source: FieldValueSource, target: Target | undefined, schema: JsonSchema | undefined, integer: boolean): number {
  const multipleOf = schema?.multipleOf;
  if (target && !target.integer) {
    // A rule whose generator takes a range (amount, timestamp, …) keeps its generator.
    const meta = generatorMeta(target.generator);
    const config = meta?.options.includes('min') ? numericConfig(undefined, schema, {}) : undefined;
    const value = Number(source.generate(target.generator, config));
    const fits = Number.isFinite(value) && (!integer || Number.isInteger(value)) && multipleOf === undefined;
    if (fits) return value;
  }
  if (integer || (multipleOf !== undefined && Number.isInteger(multipleOf))) {
    const config = numericConfig(target, schema, {});
    if (multipleOf !== undefined) config.multipleOf = multipleOf;
    return Number(source.generate('int', config));
  }
  const config = numericConfig(target, schema, {});
  if (multipleOf !== undefined) {
    // multiples of a fraction (0.01): draw a whole number of steps.
    const steps = Number(source.generate('int', {
      min: Math.ceil((config.min ?? 0) / multipleOf),
      max: Math.floor((config.max ?? 100) / multipleOf),
    }));
    return Number((steps * multipleOf).toFixed(decimalsOf(multipleOf)));
  }
  if (target?.integer) return Number(source.generate('int', config));
  return Number(source.generate('float', config));
}

/** Brings a text within minLength/maxLength, growing it with more of the same kind of text. */
function fitLength(source: FieldValueSource, text: string, generator: GeneratorId, schema?: JsonSchema): string {
  const min = schema?.minLength ?? 0;
  const max = schema?.maxLength;
  let value = text;
  for (let round = 0; value.length < min && round < 1000; round += 1) {
    const more = source.generate(generator);
    value = `${value} ${more}`;
  }
  if (value.length < min) value = value.padEnd(min, 'x');
  if (max !== undefined && value.length > max) {
    value = value.slice(0, max);
    const trimmed = value.trimEnd();
    if (trimmed.length >= min) value = trimmed;
  }
  return value;
}

/** Options of length-taking generators (alphanumeric, password, …) chosen within the schema's bounds. */
function lengthConfig(generator: GeneratorId, schema?: JsonSchema): GeneratorConfig | undefined {
  if (!generatorMeta(generator)?.options.includes('length')) return undefined;
  if (schema?.minLength === undefined && schema?.maxLength === undefined) return undefined;
  const preferred = generator === 'alphanumeric' ? 10 : 16;
  const length = Math.min(Math.max(preferred, schema.minLength ?? 1), schema.maxLength ?? Number.MAX_SAFE_INTEGER);
  return length > 0 ? { length } : undefined;
}

function stringValue(source: FieldValueSource, target: Target | undefined, schema: JsonSchema | undefined): string {
  if (target?.integer) {
    const config = numericConfig(target, schema, {});
    return source.generate('int', config);
  }
  const generator = target?.generator ?? 'word';
  const config = { ...target?.config, ...lengthConfig(generator, schema) };
  return fitLength(source, source.generate(generator, config), generator, schema);
}

function booleanValue(source: FieldValueSource, target: Target | undefined): boolean {
  if (target?.generator === 'boolean-as-string') return source.generate('boolean-as-string') === 'true';
  return source.pick([true, false]);
}

export function valueForField(source: FieldValueSource, fieldName: string, schema?: JsonSchema): unknown {
  if (schema?.enum && schema.enum.length > 0) {
    const choices = schema.enum.filter((v) => v !== null);
    return source.pick(choices.length > 0 ? choices : schema.enum);
  }
  const type = schemaType(schema);
  const target = targetFor(fieldName, schema);
  switch (type) {
    case 'object': {
      const entries = Object.entries(schema?.properties ?? {}).map(([key, child]) => [key, valueForField(source, key, child)]);
      return Object.fromEntries(entries);
    }
    case 'array': {
      // `tags` as an array: the comma-separated words, one per item.
      const count = Math.min(Math.max(DEFAULT_ITEM_COUNT, schema?.minItems ?? 0), schema?.maxItems ?? Number.MAX_SAFE_INTEGER);
      const items = schema?.items;
      if (target?.generator === 'words-separated' && (!items || schemaType(items) === 'string')) {
        return count === 0 ? [] : source.generate('words-separated', { count }).split(',');
      }
      return Array.from({ length: count }, () => valueForField(source, fieldName, items));
    }
    case 'integer':
      return numberValue(source, target, schema, true);
    case 'number':
      return numberValue(source, target, schema, false);
    case 'boolean':
      return booleanValue(source, target);
    case 'null':
      return null;
    default:
      return stringValue(source, target, schema);
  }
}
