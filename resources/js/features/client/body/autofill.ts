// Fills a value from a route's JSON Schema: types, formats, enums, required and optional fields,
// bounds, nested objects and arrays; for fields the schema leaves open, the generators issue's
// field-name rules. Bounds from the schema always win over a rule's range. Everything random flows
// from one seed, so a payload can be generated again identically.
import type { JsonSchema, JsonSchemaType } from '../../../../../protocol/types';

/** The part of the generator kit auto-fill needs (`loadGeneratorKit()` in lib/generators/kit). */
export interface AutofillKit {
  generate(id: string, config?: Record<string, unknown>): unknown;
  /** The field-name rule's value for a name, or undefined when no rule matches. */
  valueForField(name: string, schema?: JsonSchema): unknown;
  seed(n: number): void;
}

/** Small, fast, seedable PRNG (mulberry32): the choices auto-fill makes itself. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function newSeed(): number {
  return Math.floor(Math.random() * 1_000_000) + 1;
}


interface Context {
  kit: AutofillKit;
  random: () => number;
  depth: number;
}

const MAX_DEPTH = 8;

/** A sample value for a schema; `name` is the field's name, which the field-name rules read. */
export function autofill(schema: JsonSchema | undefined, kit: AutofillKit, seed: number, name = ''): unknown {
  kit.seed(seed);
  return fill(schema ?? {}, name, { kit, random: seededRandom(seed), depth: 0 });
}

/** Query parameters (a flat object schema) as name → text, for the query rows of a GET. */
export function autofillQuery(schema: JsonSchema | undefined, kit: AutofillKit, seed: number): Record<string, string> {
  const value = autofill(schema ?? { type: 'object' }, kit, seed);
  const result: Record<string, string> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) result[key] = typeof item === 'string' ? item : JSON.stringify(item);
  }
  return result;
}

function primaryType(schema: JsonSchema): JsonSchemaType | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  // A nullable field (`['string', 'null']`) gets a real value: a null tells the user nothing.
  const preferred = types.find((type) => type !== 'null') ?? types[0];
  if (preferred) return preferred;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function fill(schema: JsonSchema, name: string, context: Context): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[Math.floor(context.random() * schema.enum.length)];
  const type = primaryType(schema);
  switch (type) {
    case 'object':
      return fillObject(schema, context);
    case 'array':
      return fillArray(schema, name, context);
    case 'integer':
    case 'number':
      return fillNumber(schema, name, type, context);
    case 'boolean':
      return fillBoolean(schema, name, context);
    case 'null':
      return null;
    case 'string':
      return fillString(schema, name, context);
    default:
      // No type: let the field name decide, else a string.
      return fillString(schema, name, context);
  }
}

function fillObject(schema: JsonSchema, context: Context): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (context.depth >= MAX_DEPTH) return result;
  const inner = { ...context, depth: context.depth + 1 };
  for (const [key, child] of Object.entries(schema.properties ?? {})) result[key] = fill(child, key, inner);
  copyConfirmations(result);
  return result;
}

const CONFIRMATION_SUFFIX = '_confirmation';

/**
 * `password_confirmation` must repeat `password` (Laravel's `confirmed` rule adds such fields):
 * a generated value of its own would fail validation every time.
 */
function copyConfirmations(result: Record<string, unknown>): void {
  for (const key of Object.keys(result)) {
    if (!key.endsWith(CONFIRMATION_SUFFIX)) continue;
    const confirmed = key.slice(0, -CONFIRMATION_SUFFIX.length);
    if (confirmed in result) result[key] = result[confirmed];
  }
}

function isLeaf(schema: JsonSchema | undefined): boolean {
  const type = schema ? primaryType(schema) : undefined;
  return !schema || (type !== 'object' && type !== 'array' && schema.pattern === undefined);
}

function fillArray(schema: JsonSchema, name: string, context: Context): unknown[] {
  if (context.depth >= MAX_DEPTH) return [];
  const min = Math.max(0, schema.minItems ?? 0);
  const max = schema.maxItems ?? Number.MAX_SAFE_INTEGER;
  const count = Math.min(max, Math.max(min, 2));
  if (isLeaf(schema.items)) {
    // The field-name rules know arrays of simple values (`tags` → words), so ask them first.
    const fromRule = context.kit.valueForField(name, { ...schema, minItems: count, maxItems: count });
    if (Array.isArray(fromRule) && fromRule.length === count) return fromRule;
  }
  const inner = { ...context, depth: context.depth + 1 };
  return Array.from({ length: count }, () => fill(schema.items ?? { type: 'string' }, name, inner));
}

function fillNumber(schema: JsonSchema, name: string, type: 'integer' | 'number', context: Context): number {
  const fromRule = toNumber(context.kit.valueForField(name, { ...schema, type }));
  if (fromRule !== undefined && withinBounds(fromRule, schema) && (type === 'number' || Number.isInteger(fromRule)) && fitsMultiple(fromRule, schema)) {
    return fromRule;
  }
  // The rules could not honour the schema: draw within the schema's bounds ourselves.
  const min = schema.minimum ?? (schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1);
  const max = schema.maximum ?? Math.max(min, 1000);
  if (schema.multipleOf && schema.multipleOf > 0) {
    const step = schema.multipleOf;
    const first = Math.ceil(min / step);
    const last = Math.floor(max / step);
    if (last >= first) return roundFloat((first + Math.floor(context.random() * (last - first + 1))) * step);
  }
  if (type === 'integer') {
    const low = Math.ceil(min);
    const high = Math.floor(max);
    return low + Math.floor(context.random() * (high - low + 1));
  }
  return roundFloat(min + context.random() * (max - min));
}

function roundFloat(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function withinBounds(value: number, schema: JsonSchema): boolean {
  return (schema.minimum === undefined || value >= schema.minimum) && (schema.maximum === undefined || value <= schema.maximum);
}

function fitsMultiple(value: number, schema: JsonSchema): boolean {
  if (!schema.multipleOf) return true;
  const quotient = value / schema.multipleOf;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function fillBoolean(schema: JsonSchema, name: string, context: Context): boolean {
  const fromRule = context.kit.valueForField(name, { ...schema, type: 'boolean' });
  return typeof fromRule === 'boolean' ? fromRule : context.random() < 0.5;
}

function fillString(schema: JsonSchema, name: string, context: Context): string {
  let text: string | undefined;
  if (schema.pattern !== undefined) text = sampleForPattern(schema.pattern, context.random);
  else if (schema.format === 'ipv4') text = Array.from({ length: 4 }, () => Math.floor(context.random() * 254) + 1).join('.');
  if (text === undefined) {
    const fromRule = context.kit.valueForField(name, { ...schema, type: 'string' });
    text = typeof fromRule === 'string' ? fromRule : fromRule === undefined || fromRule === null ? '' : String(fromRule);
  }
  return fitLength(text, schema, context);
}

/** Pads or cuts a string into [minLength, maxLength]: the schema's bounds win over any rule. */
function fitLength(text: string, schema: JsonSchema, context: Context): string {
  let result = text;
  const min = schema.minLength ?? 0;
  for (let round = 0; [...result].length < min && round < 1000; round += 1) result += String(context.kit.generate('word')).replace(/\s+/g, '') || 'x';
  if ([...result].length < min) result = result.padEnd(min, 'x');
  if (schema.maxLength !== undefined && [...result].length > schema.maxLength) result = [...result].slice(0, schema.maxLength).join('');
  return result;
}

/**
 * A string for the simple patterns routes actually use (`^[A-Z]{3}$`, `^\d{5}$`, `^[a-z0-9-]+$`):
 * character classes and literals with quantifiers. Anything fancier falls back to letters.
 */
export function sampleForPattern(pattern: string, random: () => number): string | undefined {
  const source = pattern.replace(/^\^/, '').replace(/\$$/, '');
  let result = '';
  let i = 0;
  const pick = (chars: string) => chars[Math.floor(random() * chars.length)] ?? '';
  while (i < source.length) {
    let chars: string;
    if (source[i] === '[') {
      const end = source.indexOf(']', i);
      if (end === -1) return undefined;
      chars = expandClass(source.slice(i + 1, end));
      i = end + 1;
    } else if (source[i] === '\\') {
      const code = source[i + 1];
      chars = code === 'd' ? '0123456789' : code === 'w' ? 'abcdefghijklmnopqrstuvwxyz0123456789' : code === 's' ? ' ' : code;
      i += 2;
    } else if ('()|*+?{.'.includes(source[i])) {
      if (source[i] === '.') {
        chars = 'abcdefghijklmnopqrstuvwxyz';
        i += 1;
      } else return undefined;
    } else {
      chars = source[i];
      i += 1;
    }
    let count = 1;
    const quantifier = /^(\{(\d+)(,(\d*))?\}|\+|\*|\?)/.exec(source.slice(i));
    if (quantifier) {
      i += quantifier[0].length;
      if (quantifier[0] === '+') count = 3;
      else if (quantifier[0] === '*') count = 2;
      else if (quantifier[0] === '?') count = 1;
      else count = Number(quantifier[2]);
    }
    for (let n = 0; n < count; n += 1) result += pick(chars);
  }
  return result;
}

function expandClass(body: string): string {
  let chars = '';
  for (let i = 0; i < body.length; i += 1) {
    if (body[i] === '\\' && i + 1 < body.length) {
      const code = body[i + 1];
      chars += code === 'd' ? '0123456789' : code === 'w' ? 'abcdefghijklmnopqrstuvwxyz0123456789' : code;
      i += 1;
    } else if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let c = body.charCodeAt(i); c <= body.charCodeAt(i + 2); c += 1) chars += String.fromCharCode(c);
      i += 2;
    } else chars += body[i];
  }
  return chars;
}
