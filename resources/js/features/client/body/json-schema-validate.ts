// Validates a parsed JSON document against the protocol's JSON Schema subset (type, properties,
// required, items, enum, minimum, maximum, minLength, maxLength, minItems, maxItems, multipleOf,
// format, pattern, nullable as a type array). Errors name the path to the value (`items[2].email`).
import type { JsonSchema, JsonSchemaType } from '../../../../../protocol/types';
import { jsonErrorPosition, lineColumnAt } from '../../../../../protocol/json-error-position.js';
import { childPath, locateJsonPaths } from './json-path';

export interface SchemaError {
  /** `$` for the root, then `.name` and `[index]` segments. */
  path: string;
  message: string;
  /** Where the value is written in the text (set by checkJsonText; an object or array: its bracket). */
  from?: number;
  to?: number;
}

export interface ValidateOptions {
  /** Stop after this many errors, so a 5 MB document with one mistake per item stays quick. */
  maxErrors?: number;
}

const FORMAT_PATTERNS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/,
  uri: /^[a-z][a-z0-9+.-]*:[^\s]*$/i,
  url: /^[a-z][a-z0-9+.-]*:[^\s]*$/i,
  ipv4: /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/,
  hostname: /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i,
};

export function typeOf(value: unknown): JsonSchemaType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonSchemaType;
}

function typeMatches(value: unknown, type: JsonSchemaType): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}


const patternCache = new Map<string, RegExp | null>();
function compiledPattern(source: string): RegExp | null {
  if (!patternCache.has(source)) {
    try {
      patternCache.set(source, new RegExp(source, 'u'));
    } catch {
      patternCache.set(source, null);
    }
  }
  return patternCache.get(source)!;
}

export function validateJson(value: unknown, schema: JsonSchema | undefined, options: ValidateOptions = {}): SchemaError[] {
  const errors: SchemaError[] = [];
  const maxErrors = options.maxErrors ?? 200;
  if (schema) visit(value, schema, '$', errors, maxErrors);
  return errors;
}

function visit(value: unknown, schema: JsonSchema, path: string, errors: SchemaError[], maxErrors: number): void {
  if (errors.length >= maxErrors) return;
  const report = (message: string) => {
    if (errors.length < maxErrors) errors.push({ path, message });
  };

  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.length > 0 && !types.some((type) => typeMatches(value, type))) {
      report(`Expected ${types.join(' or ')}, got ${typeOf(value)}.`);
      return;
    }
  }
  if (schema.enum && !schema.enum.some((option) => deepEqual(option, value))) {
    report(`Must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}.`);
  }

  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) report(`Must be at least ${schema.minimum}.`);
    if (schema.maximum !== undefined && value > schema.maximum) report(`Must be at most ${schema.maximum}.`);
    if (schema.multipleOf !== undefined && schema.multipleOf > 0) {
      const quotient = value / schema.multipleOf;
      if (Math.abs(quotient - Math.round(quotient)) > 1e-9) report(`Must be a multiple of ${schema.multipleOf}.`);
    }
  } else if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) report(`Must be at least ${schema.minLength} characters long.`);
    if (schema.maxLength !== undefined && length > schema.maxLength) report(`Must be at most ${schema.maxLength} characters long.`);
    if (schema.pattern !== undefined) {
      const pattern = compiledPattern(schema.pattern);
      if (pattern && !pattern.test(value)) report(`Must match the pattern ${schema.pattern}.`);
    }
    if (schema.format !== undefined) {
      const format = FORMAT_PATTERNS[schema.format];
      if (format && !format.test(value)) report(`Must be a valid ${schema.format}.`);
    }
  } else if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) report(`Must have at least ${schema.minItems} items.`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) report(`Must have at most ${schema.maxItems} items.`);
    if (schema.items) {
      for (let index = 0; index < value.length && errors.length < maxErrors; index += 1) {
        visit(value[index], schema.items, childPath(path, index), errors, maxErrors);
      }
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in record)) report(`Missing required field "${name}".`);
    }
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      if (errors.length >= maxErrors) break;
      if (name in record) visit(record[name], child, childPath(path, name), errors, maxErrors);
    }
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A parse error as a short message with its 1-based line and column, and its offset (-1: unknown). */
export function describeParseError(text: string, error: unknown): { message: string; offset: number } {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : jsonErrorPosition(text);
  if (offset < 0) return { message, offset };
  const { line, column } = lineColumnAt(text, offset);
  const found = offset >= text.length ? 'end of input' : JSON.stringify(text[offset]);
  return { message: `Unexpected ${found} at line ${line}, column ${column}`, offset };
}

export type JsonCheck =
  | { kind: 'empty' }
  | { kind: 'syntax'; message: string; /** -1 when unknown */ offset: number }
  | { kind: 'checked'; errors: SchemaError[] };

/** Parses and validates editor text: the one call the editor makes off the keystroke path. */
export function checkJsonText(text: string, schema: JsonSchema | undefined, options?: ValidateOptions): JsonCheck {
  if (text.trim() === '') return { kind: 'empty' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { kind: 'syntax', ...describeParseError(text, error) };
  }
  const errors = validateJson(parsed, schema, options);
  if (errors.length === 0) return { kind: 'checked', errors };
  const ranges = locateJsonPaths(text, errors.map((error) => error.path));
  return { kind: 'checked', errors: errors.map((error) => ({ ...error, ...ranges.get(error.path) })) };
}
