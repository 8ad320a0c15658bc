// Fills a value from a route's JSON Schema so that the schema accepts it: types, formats, patterns,
// enums and consts, required and optional fields, bounds (exclusive ones too), multipleOf,
// uniqueItems, additionalProperties, allOf, oneOf/anyOf (one branch, chosen by the caller or the
// first, its discriminator set, the value changed until no other oneOf branch accepts it too) and
// `$ref`s to the root's `$defs`. An optional field whose schema accepts no value at all
// (schema-satisfiable.ts) is left out. A schema's example, examples or
// default come first when the schema accepts them; for fields the schema leaves open, the field-name
// rules of the generators issue, within the schema's limits (a rule's value the schema refuses is
// replaced). Recursion stops only at a true cycle, and there with the smallest value. Everything
// random flows from one seed, so a payload can be generated again identically.
import { branchLabel, type FieldsMode } from './autofill-labels';
import type { JsonSchema, JsonSchemaType } from '../../../../protocol/types';
import { mergeSchemas } from '../../../../protocol/json-schema-merge.js';
import { defName } from '../../model/json-schema/refs';
import { flattenSchema } from '../../model/json-schema/flatten';
import { childPath } from '../../model/json-schema/json-path';
import { matchesSchema } from '../../model/json-schema/json-schema-validate';
import { unsatisfiable } from './schema-satisfiable';

/** The part of the generator kit auto-fill needs (`loadAutofillKit()` in autofill-kit.ts). */
export interface AutofillKit {
  generate(id: string, config?: Record<string, unknown>): unknown;
  /** The field-name rule's value for a name, or undefined when no rule matches. */
  valueForField(name: string, schema?: JsonSchema): unknown;
  seed(n: number): void;
  /** A string matching a regular expression within the lengths (randexp; see pattern-sampler.ts). */
  samplePattern?(pattern: string, random: () => number, minLength?: number, maxLength?: number): string | undefined;
}

/**
 * Which optional fields are filled: `some` (the default) a few near the top, `required` none,
 * `all` every one.
 */
export type { FieldsMode } from './autofill-labels';
export { branchLabel } from './autofill-labels';

export interface AutofillOptions {
  fields?: FieldsMode;
  /** The branch to take at each oneOf/anyOf, by the path of the value (`$`, `$.payment`, `$.items[0]`). */
  branches?: Record<string, number>;
}

/** A oneOf/anyOf auto-fill met: which branch it took, for the builder to offer the others. */
export interface BranchChoice {
  /** Path of the value (`$.payment`), the key of `AutofillOptions.branches`. */
  path: string;
  keyword: 'oneOf' | 'anyOf';
  index: number;
  count: number;
  /** One label per branch: its title, its shared schema's name, or its type. */
  labels: string[];
  /** `Card · one of 3` */
  label: string;
}

export interface AutofillResult {
  value: unknown;
  choices: BranchChoice[];
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
  root: JsonSchema;
  fields: FieldsMode;
  branches: Record<string, number>;
  choices: BranchChoice[];
  /** Shared schemas being filled, outermost first: one seen again is a cycle. */
  defs: string[];
  /** Inside a cycle: the smallest valid value from here on. */
  minimal: boolean;
  /** Objects above this one (arrays do not count): optional fields are filled near the top only. */
  objectDepth: number;
}

/** `some`: optional fields of objects this close to the top, at most this many per object. */
const SOME_DEPTH = 2;
const SOME_PER_OBJECT = 6;
/** A shared schema met this often on one branch of the value: stop even where fields are required. */
const MAX_CYCLE_REPEATS = 3;
/** Tries per pattern and per uniqueItems item before settling for the best value. */
const ATTEMPTS = 4;
/** Values tried per oneOf/anyOf (branch × fields mode) before settling for the first. */
const MAX_BRANCH_TRIES = 24;

/** A sample value for a schema; `name` is the field's name, which the field-name rules read. */
export function autofill(schema: JsonSchema | undefined, kit: AutofillKit, seed: number, name = '', options: AutofillOptions = {}): unknown {
  return autofillWithChoices(schema, kit, seed, options, name).value;
}

/** The value and the oneOf/anyOf choices made on the way, for the builder to switch. */
export function autofillWithChoices(schema: JsonSchema | undefined, kit: AutofillKit, seed: number, options: AutofillOptions = {}, name = ''): AutofillResult {
  kit.seed(seed);
  const root = schema ?? {};
  const context: Context = {
    kit,
    random: seededRandom(seed),
    root,
    fields: options.fields ?? 'some',
    branches: options.branches ?? {},
    choices: [],
    defs: [],
    minimal: false,
    objectDepth: 0,
  };
  const value = fill(root, name, '$', context);
  return { value, choices: context.choices };
}

/**
 * Parameters (a flat object schema) as name → value: arrays and objects stay values, so each is
 * written as its parameter's style asks (request/parameter-style.ts), never as JSON text.
 */
export function autofillParameters(schema: JsonSchema | undefined, kit: AutofillKit, seed: number, options: AutofillOptions = {}): Record<string, unknown> {
  const value = autofill(schema ?? { type: 'object' }, kit, seed, '', options);
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
}

function primaryType(schema: JsonSchema): JsonSchemaType | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  // A nullable field (`['string', 'null']`) gets a real value: a null tells the user nothing.
  const preferred = types.find((type) => type !== 'null') ?? types[0];
  if (preferred) return preferred;
  if (schema.properties || schema.additionalProperties !== undefined || schema.required) return 'object';
  if (schema.items) return 'array';
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined) return 'number';
  return undefined;
}

function allowsNull(schema: JsonSchema): boolean {
  return schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'));
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** `via`: the shared schema a oneOf/anyOf branch came from, when the branch arrives merged (no `$ref` left to see). */
function fill(given: JsonSchema, name: string, path: string, outer: Context, via?: string): unknown {
  const flat = flattenSchema(given, outer.root);
  const { schema } = flat;
  const def = flat.def ?? via;
  let context = outer;
  if (def !== undefined) {
    const repeats = outer.defs.filter((seen) => seen === def).length;
    if (repeats >= MAX_CYCLE_REPEATS) return smallestValue(schema);
    context = { ...outer, defs: [...outer.defs, def], minimal: outer.minimal || repeats > 0 };
  }
  if (schema.const !== undefined) return clone(schema.const);
  if (schema.enum && schema.enum.length > 0) return pickEnum(schema, context);
  for (const candidate of [schema.example, ...(schema.examples ?? []), schema.default]) {
    if (candidate !== undefined && matchesSchema(candidate, schema, context.root)) return clone(candidate);
  }
  if ((schema.oneOf && schema.oneOf.length > 0) || (schema.anyOf && schema.anyOf.length > 0)) return fillBranch(schema, name, path, context);
  if (context.minimal && allowsNull(schema)) return null;
  switch (primaryType(schema)) {
    case 'object':
      return fillObject(schema, def, path, context);
    case 'array':
      return fillArray(schema, name, path, context);
    case 'integer':
    case 'number':
      return fillNumber(schema, name, primaryType(schema) as 'integer' | 'number', context);
    case 'boolean':
      return fillBoolean(schema, name, context);
    case 'null':
      return null;
    default:
      // No type: let the field name decide, else a string.
      return fillString(schema, name, context);
  }
}

function pickEnum(schema: JsonSchema, context: Context): unknown {
  const options = schema.enum!;
  for (const preferred of [schema.example, schema.default]) if (preferred !== undefined && options.some((o) => JSON.stringify(o) === JSON.stringify(preferred))) return clone(preferred);
  const real = options.filter((option) => option !== null);
  return clone(pick(real.length > 0 ? real : options, context.random));
}

/** The least a schema takes, where a cycle leaves no room for more. */
function smallestValue(schema: JsonSchema): unknown {
  if (allowsNull(schema)) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch (primaryType(schema)) {
    case 'object':
      return {};
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return ''.padEnd(schema.minLength ?? 0, 'a');
  }
}

// ---------------------------------------------------------------------------------------------
// oneOf / anyOf

function labelOf(branch: JsonSchema, index: number, root: JsonSchema): string {
  if (branch.title) return branch.title;
  const name = defName(branch.$ref);
  if (name) return name.split(/[./]/).at(-1) ?? name;
  const resolved = flattenSchema(branch, root).schema;
  if (resolved.title) return resolved.title;
  const type = primaryType(resolved);
  if (resolved.const !== undefined) return JSON.stringify(resolved.const);
  return type ?? `Option ${index + 1}`;
}

/** The value a discriminator takes for a branch: the mapping's key for it, else its schema's name. */
function discriminatorValue(schema: JsonSchema, branch: JsonSchema, def: string | undefined): string | undefined {
  const mapping = schema.discriminator?.mapping ?? {};
  const name = defName(branch.$ref) ?? def;
  for (const [value, ref] of Object.entries(mapping)) if (defName(ref) === name) return value;
  return name;
}

function setDiscriminator(value: unknown, schema: JsonSchema, tag: string | undefined, context: Context): void {
  const property = schema.discriminator?.propertyName;
  if (!property || tag === undefined || !value || typeof value !== 'object' || Array.isArray(value)) return;
  const record = value as Record<string, unknown>;
  const propertySchema = flattenSchema(schema.properties?.[property] ?? {}, context.root).schema;
  if (matchesSchema(tag, propertySchema, context.root)) record[property] = tag;
}

function fillBranch(schema: JsonSchema, name: string, path: string, context: Context): unknown {
  const keyword = schema.oneOf && schema.oneOf.length > 0 ? 'oneOf' : 'anyOf';
  const branches = schema[keyword]!;
  const { oneOf: _oneOf, anyOf: _anyOf, ...base } = schema;
  const resolved = branches.map((branch) => flattenSchema(branch, context.root));
  const isNull = resolved.map(({ schema: b }) => b.type === 'null');
  const requested = context.branches[path];
  // Inside a cycle, a branch that ends it: null, else one that is not a shared schema being filled.
  const endsCycle = resolved.map(({ def }) => def === undefined || !context.defs.includes(def));
  const preferred =
    requested !== undefined && requested >= 0 && requested < branches.length
      ? requested
      : context.minimal && isNull.includes(true)
        ? isNull.indexOf(true)
        : context.minimal && endsCycle.includes(true)
          ? endsCycle.indexOf(true)
          : Math.max(0, isNull.indexOf(false));
  const order = [preferred, ...branches.map((_b, i) => i).filter((i) => i !== preferred && !isNull[i])];
  const labels = branches.map((branch, index) => labelOf(branch, index, context.root));
  const whole = (index: number) => mergeSchemas([base, resolved[index].schema]);
  let fallback: { value: unknown; index: number; choices: BranchChoice[] } | undefined;
  // The preferred branch in every fields mode first; then, unless the user chose it, the others.
  const modes = [context.fields, ...(['all', 'required'] as const).filter((mode) => mode !== context.fields)];
  const plan = [
    ...modes.map((fields) => [preferred, fields] as const),
    ...(requested !== undefined ? [] : modes.flatMap((fields) => order.slice(1).map((index) => [index, fields] as const))),
  ].slice(0, MAX_BRANCH_TRIES);
  for (const [index, fields] of plan) {
    const attempt: Context = { ...context, choices: [], fields };
    const value = fill(whole(index), name, path, attempt, resolved[index].def);
    // The discriminator may sit beside the branches or in them (a subtype's allOf of its base).
    const tagged = schema.discriminator ? schema : whole(index);
    setDiscriminator(value, tagged, discriminatorValue(tagged, branches[index], resolved[index].def), context);
    fallback ??= { value, index, choices: attempt.choices };
    // The value must meet its branch and, for oneOf, no other (or carry the discriminator's tag).
    if (matchesSchema(value, whole(index), context.root)) {
      if (matchesSchema(value, schema, context.root)) return settle(value, index, attempt.choices);
      // Another branch accepts it too (open objects overlap): change it until only its own does.
      const apart = keyword === 'oneOf' ? tellApart(value, index, branches.length, whole, schema, path, attempt) : undefined;
      if (apart !== undefined) return settle(apart, index, attempt.choices);
    }
  }
  return settle(fallback!.value, fallback!.index, fallback!.choices);

  function settle(value: unknown, index: number, inner: BranchChoice[]): unknown {
    const choice = { path, keyword, index, count: branches.length, labels } as const;
    context.choices.push({ ...choice, labels: [...labels], label: branchLabel(choice) }, ...inner);
    return value;
  }
}

/** Values most schemas of a field refuse, to make a value fail a branch it should not match. */
const REFUSED = [null, 0, '', false, [], {}];

/**
 * A value of branch `index` that no other branch of the oneOf accepts as well: an optional field
 * another branch requires left out, a field of this branch another one forbids added, or a field
 * another branch describes given a value that branch refuses and this one allows (`bark: null` on
 * a Cat when a Dog's `bark` is a boolean). Undefined when no such change is found.
 */
function tellApart(value: unknown, index: number, count: number, whole: (i: number) => JsonSchema, schema: JsonSchema, path: string, context: Context): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { root } = context;
  const mine = flattenSchema(whole(index), root).schema;
  const mineRequired = new Set(mine.required ?? []);
  let current = value as Record<string, unknown>;
  for (let j = 0; j < count; j += 1) {
    if (j === index || !matchesSchema(current, whole(j), root)) continue;
    const other = flattenSchema(whole(j), root).schema;
    const apart = (next: Record<string, unknown>) => matchesSchema(next, mine, root) && !matchesSchema(next, whole(j), root);
    const candidates = function* (): Generator<Record<string, unknown>> {
      for (const key of other.required ?? []) {
        if (!(key in current) || mineRequired.has(key)) continue;
        const { [key]: _left, ...rest } = current;
        yield rest;
      }
      if (other.additionalProperties === false) {
        for (const [key, child] of Object.entries(mine.properties ?? {})) {
          if (!(key in current) && !(key in (other.properties ?? {})) && child.readOnly !== true) yield { ...current, [key]: fill(child, key, childPath(path, key), context) };
        }
      }
      for (const [key, child] of Object.entries(other.properties ?? {})) {
        for (const refused of REFUSED) if (!matchesSchema(refused, child, root)) yield { ...current, [key]: clone(refused) };
      }
    };
    let found: Record<string, unknown> | undefined;
    for (const next of candidates()) {
      if (apart(next)) {
        found = next;
        break;
      }
    }
    if (!found) return undefined;
    current = found;
  }
  return matchesSchema(current, schema, root) ? current : undefined;
}

// ---------------------------------------------------------------------------------------------
// Objects and arrays

function refersBack(schema: JsonSchema, context: Context): boolean {
  const name = defName(schema.$ref ?? schema.items?.$ref);
  return name !== undefined && context.defs.includes(name);
}

function fillObject(schema: JsonSchema, def: string | undefined, path: string, context: Context): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const inner: Context = { ...context, objectDepth: context.objectDepth + 1 };
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields: FieldsMode = context.minimal ? 'required' : context.fields;
  const max = schema.maxProperties ?? Number.MAX_SAFE_INTEGER;
  let optional = 0;
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
  const canAdd = schema.additionalProperties !== false;
  const add = (key: string, child: JsonSchema) => {
    result[key] = fill(child, key, childPath(path, key), inner);
  };
  for (const [key, child] of Object.entries(properties)) {
    if (required.has(key)) add(key, child);
  }
  for (const key of required) if (!(key in result) && canAdd) add(key, additional);
  for (const [key, child] of Object.entries(properties)) {
    if (key in result || child.readOnly === true || Object.keys(result).length >= max) continue;
    const wanted =
      fields === 'all' ? !refersBack(child, context) : fields === 'some' && context.objectDepth < SOME_DEPTH && optional < SOME_PER_OBJECT && !refersBack(child, context);
    if (!wanted) continue;
    add(key, child);
    // An optional field whose schema accepts no value at all is left out rather than sent invalid.
    if (!matchesSchema(result[key], child, context.root) && unsatisfiable(child, context.root)) {
      delete result[key];
      forgetChoicesUnder(childPath(path, key), context.choices);
      continue;
    }
    optional += 1;
  }
  // minProperties: the remaining fields first, then extra ones where the schema allows them.
  const min = schema.minProperties ?? 0;
  for (const [key, child] of Object.entries(properties)) {
    if (Object.keys(result).length >= min) break;
    if (!(key in result)) add(key, child);
  }
  const wantsEntry = fields === 'all' && !schema.properties && typeof schema.additionalProperties === 'object';
  for (let n = 1; canAdd && (Object.keys(result).length < min || (wantsEntry && n === 1)) && n <= min + 1; n += 1) {
    const key = `key${n}`;
    if (!(key in result)) add(key, additional);
  }
  // A subtype filled by itself still names itself in its parent's discriminator.
  if (schema.discriminator && def !== undefined) setDiscriminator(result, schema, discriminatorValue(schema, {}, def), context);
  copyConfirmations(result, schema, context.root);
  return result;
}

/** A field left out takes the oneOf/anyOf choices made inside it along (nothing there to switch). */
function forgetChoicesUnder(path: string, choices: BranchChoice[]): void {
  for (let index = choices.length - 1; index >= 0; index -= 1) {
    const at = choices[index].path;
    if (at === path || at.startsWith(`${path}.`) || at.startsWith(`${path}[`)) choices.splice(index, 1);
  }
}

const CONFIRMATION_SUFFIX = '_confirmation';

/**
 * `password_confirmation` must repeat `password` (Laravel's `confirmed` rule adds such fields):
 * a generated value of its own would fail validation every time. Only where the twin's schema
 * takes that value: TVmaze's `email_confirmation` is a boolean (send a confirmation link or not).
 */
function copyConfirmations(result: Record<string, unknown>, schema: JsonSchema, root: JsonSchema): void {
  for (const key of Object.keys(result)) {
    if (!key.endsWith(CONFIRMATION_SUFFIX)) continue;
    const confirmed = key.slice(0, -CONFIRMATION_SUFFIX.length);
    if (confirmed in result && matchesSchema(result[confirmed], schema.properties?.[key] ?? {}, root)) result[key] = result[confirmed];
  }
}

function isLeaf(schema: JsonSchema | undefined, root: JsonSchema): boolean {
  if (!schema) return true;
  const flat = flattenSchema(schema, root).schema;
  const type = primaryType(flat);
  return type !== 'object' && type !== 'array' && flat.pattern === undefined && flat.format === undefined && !flat.enum && !flat.oneOf && !flat.anyOf;
}

const DEFAULT_ITEM_COUNT = 2;

function fillArray(schema: JsonSchema, name: string, path: string, context: Context): unknown[] {
  const min = Math.max(0, schema.minItems ?? 0);
  const max = schema.maxItems ?? Number.MAX_SAFE_INTEGER;
  const count = context.minimal || refersBack(schema, context) ? min : Math.max(min, Math.min(max, DEFAULT_ITEM_COUNT));
  const items = schema.items ?? {};
  if (count === 0) return [];
  if (isLeaf(schema.items, context.root)) {
    // The field-name rules know arrays of simple values (`tags` → words), so ask them first.
    const fromRule = context.kit.valueForField(name, { ...flattenSchema(schema, context.root).schema, items: flattenSchema(items, context.root).schema, minItems: count, maxItems: count });
    if (Array.isArray(fromRule) && fromRule.length === count && matchesSchema(fromRule, schema, context.root)) return fromRule;
  }
  const result: unknown[] = [];
  const seen = new Set<string>();
  for (let index = 0, tries = 0; result.length < count && tries < count * ATTEMPTS * 2; tries += 1) {
    const value = fill(items, name, childPath(path, index), context);
    const key = JSON.stringify(value);
    if (schema.uniqueItems && seen.has(key)) continue;
    seen.add(key);
    result.push(value);
    index += 1;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Numbers, booleans, strings

function fillNumber(schema: JsonSchema, name: string, type: 'integer' | 'number', context: Context): number {
  const typed = { ...schema, type };
  const fromRule = toNumber(context.kit.valueForField(name, typed));
  if (fromRule !== undefined && matchesSchema(fromRule, typed, context.root)) return fromRule;
  // The rules could not honour the schema: draw within the schema's bounds ourselves.
  const integer = type === 'integer';
  const step = schema.multipleOf && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : 0;
  let low = Math.max(schema.minimum ?? -Infinity, schema.exclusiveMinimum ?? -Infinity);
  let high = Math.min(schema.maximum ?? Infinity, schema.exclusiveMaximum ?? Infinity);
  if (!Number.isFinite(low) && !Number.isFinite(high)) [low, high] = [1, 1000];
  else if (!Number.isFinite(low)) low = Math.min(1, high - 1000);
  else if (!Number.isFinite(high)) high = Math.max(low, 1) * 10 + 1000;
  const exclusiveLow = schema.exclusiveMinimum !== undefined && schema.exclusiveMinimum >= (schema.minimum ?? -Infinity);
  const exclusiveHigh = schema.exclusiveMaximum !== undefined && schema.exclusiveMaximum <= (schema.maximum ?? Infinity);
  if (step > 0) {
    let first = Math.ceil(low / step);
    let last = Math.floor(high / step);
    if (exclusiveLow && first * step <= low) first += 1;
    if (exclusiveHigh && last * step >= high) last -= 1;
    if (integer && !Number.isInteger(step)) {
      // Whole multiples of a fraction: whole numbers only.
      const values = Array.from({ length: Math.min(1000, Math.max(0, last - first + 1)) }, (_v, i) => roundFloat((first + i) * step)).filter(Number.isInteger);
      if (values.length) return pick(values, context.random);
    }
    if (last >= first) return roundFloat((first + Math.floor(context.random() * (last - first + 1))) * step);
    return roundFloat(first * step);
  }
  let value = roundFloat(low + context.random() * (high - low));
  if ((exclusiveLow && value <= low) || (exclusiveHigh && value >= high)) value = (low + high) / 2;
  return value;
}

function roundFloat(value: number): number {
  return Math.round(value * 1e6) / 1e6;
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

const HEX = '0123456789abcdef';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A value of a format the validators check, drawn with auto-fill's own random. */
function formatSample(format: string, random: () => number): string | undefined {
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hex = (n: number) => Array.from({ length: n }, () => pick([...HEX], random)).join('');
  const word = (n: number) => Array.from({ length: n }, () => pick([...LETTERS], random)).join('');
  const date = () => `${int(2000, 2030)}-${pad(int(1, 12))}-${pad(int(1, 28))}`;
  const time = () => `${pad(int(0, 23))}:${pad(int(0, 59))}:${pad(int(0, 59))}`;
  switch (format) {
    case 'date-time':
      return `${date()}T${time()}Z`;
    case 'date':
      return date();
    case 'time':
      return `${time()}Z`;
    case 'email':
    case 'idn-email':
      return `${word(6)}@example.com`;
    case 'uri':
    case 'url':
    case 'iri':
      return `https://example.com/${word(6)}`;
    case 'uri-reference':
    case 'iri-reference':
      return `/${word(6)}`;
    case 'uuid':
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${pick([...'89ab'], random)}${hex(3)}-${hex(12)}`;
    case 'ipv4':
      return Array.from({ length: 4 }, () => int(1, 254)).join('.');
    case 'ipv6':
      return Array.from({ length: 8 }, () => hex(4)).join(':');
    case 'hostname':
    case 'idn-hostname':
      return `${word(8)}.example.com`;
    case 'byte':
      return btoa(word(12));
    case 'duration':
      return `P${int(0, 6)}DT${int(0, 23)}H${int(1, 59)}M`;
    default:
      return undefined;
  }
}

function lengthFits(text: string, schema: JsonSchema): boolean {
  const length = [...text].length;
  return length >= (schema.minLength ?? 0) && (schema.maxLength === undefined || length <= schema.maxLength);
}

function fillString(schema: JsonSchema, name: string, context: Context): string {
  const typed: JsonSchema = { ...schema, type: 'string' };
  const accepts = (text: unknown): text is string => typeof text === 'string' && matchesSchema(text, typed, context.root);
  const fromRule = context.kit.valueForField(name, typed);
  const ruleText = typeof fromRule === 'string' ? fromRule : fromRule === undefined || fromRule === null ? undefined : String(fromRule);
  if (accepts(ruleText)) return ruleText;
  if (schema.pattern !== undefined) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const sampled =
        context.kit.samplePattern?.(schema.pattern, context.random, schema.minLength ?? 0, schema.maxLength) ?? sampleForPattern(schema.pattern, context.random);
      if (sampled === undefined) break;
      if (accepts(sampled)) return sampled;
      if (lengthFits(sampled, schema) && schema.format === undefined) return sampled;
    }
  }
  if (schema.format !== undefined) {
    const sample = formatSample(schema.format, context.random);
    if (sample !== undefined && (accepts(sample) || schema.pattern === undefined)) return fitLength(sample, schema, context);
  }
  return fitLength(ruleText ?? String(context.kit.generate('word')), schema, context);
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
 * character classes and literals with quantifiers, for when the pattern sampler is not loaded.
 * Anything fancier gives undefined.
 */
export function sampleForPattern(pattern: string, random: () => number): string | undefined {
  const source = pattern.replace(/^\^/, '').replace(/\$$/, '');
  let result = '';
  let i = 0;
  const pickChar = (chars: string) => chars[Math.floor(random() * chars.length)] ?? '';
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
        chars = LETTERS;
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
    for (let n = 0; n < count; n += 1) result += pickChar(chars);
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
