// Validates a parsed JSON document against the protocol's JSON Schema subset (type, properties,
// required, additionalProperties, min/maxProperties, items, uniqueItems, enum, const, bounds with
// exclusive ones, lengths, multipleOf, format, pattern, allOf/oneOf/anyOf, `$ref`s to the root's
// `$defs`, nullable as a type array). Errors name the path to the value (`items[2].email`).
import type { JsonSchema, JsonSchemaType } from '../../../../protocol/types';
import { jsonErrorPosition, lineColumnAt } from '../../../../protocol/json-error-position.js';
import { defName, resolveRef } from './refs';
import { childPath, locateJsonPaths } from './json-path';
import { hasVariables } from '../workspace/variables';

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
  ipv6: /^(([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(([0-9a-f]{1,4}:){0,7}[0-9a-f]{1,4})?::(([0-9a-f]{1,4}:){0,7}[0-9a-f]{1,4})?)$/i,
  byte: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  // ISO 8601 durations (PT1H30M, P3D, P2W), as JSON Schema's `duration`.
  duration: /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|\d+W)$/,
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

/** How many allOf/oneOf/anyOf levels one value may be checked through: only a schema that refers to itself without end reaches it. */
const MAX_SCHEMA_DEPTH = 64;

export function validateJson(value: unknown, schema: JsonSchema | undefined, options: ValidateOptions = {}): SchemaError[] {
  const errors: SchemaError[] = [];
  const maxErrors = options.maxErrors ?? 200;
  if (schema) visit(value, schema, '$', errors, maxErrors, schema, 0);
  return errors;
}

/** Whether a value meets a schema (whose `$ref`s resolve against `root`). */
export function matchesSchema(value: unknown, schema: JsonSchema, root: JsonSchema = schema): boolean {
  const errors: SchemaError[] = [];
  visit(value, schema, '$', errors, 1, root, 0);
  return errors.length === 0;
}

function visit(value: unknown, given: JsonSchema, path: string, errors: SchemaError[], maxErrors: number, root: JsonSchema, depth: number): void {
  if (errors.length >= maxErrors || depth > MAX_SCHEMA_DEPTH) return;
  const report = (message: string) => {
    if (errors.length < maxErrors) errors.push({ path, message });
  };
  const schema = given.$ref !== undefined ? resolveRef(given, root).schema : given;
  if (schema.allOf !== undefined || schema.oneOf !== undefined || schema.anyOf !== undefined) checkCombinators(value, schema, path, errors, maxErrors, root, depth, report);
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
  if (schema.const !== undefined && !deepEqual(schema.const, value)) report(`Must be ${JSON.stringify(schema.const)}.`);

  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) report(`Must be at least ${schema.minimum}.`);
    if (schema.maximum !== undefined && value > schema.maximum) report(`Must be at most ${schema.maximum}.`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) report(`Must be more than ${schema.exclusiveMinimum}.`);
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) report(`Must be less than ${schema.exclusiveMaximum}.`);
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
    if (schema.uniqueItems && new Set(value.map((item) => JSON.stringify(item))).size < value.length) report('Items must be unique.');
    if (schema.items) {
      for (let index = 0; index < value.length && errors.length < maxErrors; index += 1) visit(value[index], schema.items, childPath(path, index), errors, maxErrors, root, 0);
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!(name in record)) report(`Missing required field "${name}".`);
    }
    if (schema.minProperties !== undefined || schema.maxProperties !== undefined) {
      const count = Object.keys(record).length;
      if (schema.minProperties !== undefined && count < schema.minProperties) report(`Must have at least ${schema.minProperties} fields.`);
      if (schema.maxProperties !== undefined && count > schema.maxProperties) report(`Must have at most ${schema.maxProperties} fields.`);
    }
    const properties = schema.properties ?? {};
    for (const [name, child] of Object.entries(properties)) {
      if (errors.length >= maxErrors) break;
      if (name in record) visit(record[name], child, childPath(path, name), errors, maxErrors, root, 0);
    }
    const additional = schema.additionalProperties;
    if (additional !== undefined && additional !== true) {
      for (const name of Object.keys(record)) {
        if (name in properties || errors.length >= maxErrors) continue;
        if (additional === false) report(`Unknown field "${name}".`);
        else visit(record[name], additional, childPath(path, name), errors, maxErrors, root, 0);
      }
    }
  }
}

/** The branch a value's discriminator tag names (by the mapping, else by the shared schema's name). */
export function discriminatedBranch(value: unknown, schema: JsonSchema, branches: JsonSchema[]): number | undefined {
  const property = schema.discriminator?.propertyName;
  if (!property || !value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const tag = (value as Record<string, unknown>)[property];
  if (typeof tag !== 'string') return undefined;
  const target = defName(schema.discriminator?.mapping?.[tag]) ?? tag;
  const index = branches.findIndex((branch) => defName(branch.$ref) === target);
  return index === -1 ? undefined : index;
}

function checkCombinators(value: unknown, schema: JsonSchema, path: string, errors: SchemaError[], maxErrors: number, root: JsonSchema, depth: number, report: (message: string) => void): void {
  for (const part of schema.allOf ?? []) visit(value, part, path, errors, maxErrors, root, depth + 1);
  for (const keyword of COMBINATORS) {
    const branches = schema[keyword];
    if (!branches || branches.length === 0) continue;
    const tagged = discriminatedBranch(value, schema, branches);
    if (tagged !== undefined) {
      // OpenAPI's discriminator: the tag names the branch the value must meet.
      visit(value, branches[tagged], path, errors, maxErrors, root, depth + 1);
      continue;
    }
    const matching = branches.filter((branch) => {
      const branchErrors: SchemaError[] = [];
      visit(value, branch, path, branchErrors, 1, root, depth + 1);
      return branchErrors.length === 0;
    }).length;
    if (matching === 0) report(`Must match ${keyword === 'oneOf' ? 'one' : 'at least one'} of ${branches.length} alternatives.`);
    else if (keyword === 'oneOf' && matching > 1) report(`Must match exactly one of ${branches.length} alternatives, matches ${matching}.`);
  }
}

const COMBINATORS = ['oneOf', 'anyOf'] as const;

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
  // A value holding a `{{variable}}` is known only once filled in, on send: it is not checked here.
  const variablePaths = text.includes('{{') ? stringsWithVariables(parsed) : new Set<string>();
  const errors = validateJson(parsed, schema, options).filter((error) => !variablePaths.has(error.path));
  if (errors.length === 0) return { kind: 'checked', errors };
  const ranges = locateJsonPaths(text, errors.map((error) => error.path));
  return { kind: 'checked', errors: errors.map((error) => ({ ...error, ...ranges.get(error.path) })) };
}

/** The paths of the strings in a document that hold a `{{variable}}`. */
function stringsWithVariables(value: unknown, path = '$', found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (hasVariables(value)) found.add(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => stringsWithVariables(item, childPath(path, index), found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) stringsWithVariables(item, childPath(path, key), found);
  }
  return found;
}
