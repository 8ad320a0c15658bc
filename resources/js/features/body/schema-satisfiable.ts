// Does a JSON Schema accept any value at all? Some published schemas accept none: an allOf of a
// string and an integer, a required property that leads back to its own object with no way out
// (TreeNode.parent → TreeNode: every finite value lacks the last parent), a oneOf whose branches
// accept the same values (no value matches exactly one). `unsatisfiable` proves such cases and
// names them; it never claims a schema empty that accepts a value (it answers undefined when it
// cannot tell). Auto-fill leaves out an optional field whose schema is proven empty, the builder
// says so for a body, and the auto-fill benchmark counts those payloads apart from invalid ones.
// Works on the protocol's schemas and on plain JSON Schema (the benchmark passes OpenAPI documents
// turned into JSON Schema): `$ref`s are JSON pointers into `root`; keywords it does not know only
// ever make it answer undefined.
import { childPath } from '../../model/json-schema/json-path';
import { typeOf } from '../../model/json-schema/json-schema-validate';
import { groupEnd } from './regex-groups';

export interface Unsatisfiable {
  /** Why no value is accepted: `allOf of string and integer`. */
  reason: string;
  /** Path of the value the contradiction is at (`$`, `$.parent`). */
  path: string;
}

type Node = Record<string, unknown>;

interface State {
  root: unknown;
  /** References being checked, with the depth in the value at which each was entered. */
  entered: Map<string, number>;
  steps: number;
}

/** Enough for any real document; past it the answer is "can't tell" (undefined). */
const MAX_STEPS = 20_000;
/** Keywords no validator checks (`format` and `discriminator` are checked by some, so they count). */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml', '$id', '$schema', '$defs', 'definitions', '$anchor']);
/** Keywords whose meaning depends on each other: compared as one. */
const GROUPS: Record<string, string> = {
  properties: 'object-shape',
  additionalProperties: 'object-shape',
  patternProperties: 'object-shape',
  items: 'array-shape',
  additionalItems: 'array-shape',
  prefixItems: 'array-shape',
  contains: 'contains',
  minContains: 'contains',
  maxContains: 'contains',
  if: 'conditional',
  then: 'conditional',
  else: 'conditional',
};
const NUMERIC = ['number', 'integer'];

/** The contradiction that leaves a schema without any valid value, or undefined (satisfiable or unknown). */
export function unsatisfiable(schema: unknown, root: unknown = schema, path = '$'): Unsatisfiable | undefined {
  return check(schema, path, 0, { root, entered: new Map(), steps: 0 });
}

/** `Unsatisfiable` as one line: `allOf of string and integer at $.x`. */
export function describeUnsatisfiable(found: Unsatisfiable): string {
  return `${found.reason} at ${found.path}`;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    if (!isNode(node)) return undefined;
    node = node[decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

const refName = (ref: string) => decodeURIComponent(ref.split('/').at(-1) ?? ref);

/** The schemas one value must meet at once: `$ref`s followed and allOf parts spread, at one place in the value. */
interface Parts {
  parts: Node[];
  /** The references each part was reached through. */
  chains: string[][];
  /** A reference entered higher up the value, met again: that way holds no smallest value. */
  cycle?: string;
  /** Something here could not be read (a reference to nothing, a loop in one place). */
  unknown?: boolean;
}

function parts(schema: unknown, depth: number, state: State, chain: string[] = []): Parts {
  if (schema === true || schema === undefined) return { parts: [], chains: [] };
  if (schema === false) return { parts: [{ not: {} }], chains: [chain] };
  if (!isNode(schema)) return { parts: [], chains: [], unknown: true };
  const result: Parts = { parts: [], chains: [] };
  const { $ref, allOf, ...own } = schema;
  const take = (inner: Parts) => {
    result.parts.push(...inner.parts);
    result.chains.push(...inner.chains);
    result.unknown ||= inner.unknown === true;
    return inner.cycle;
  };
  if (typeof $ref === 'string') {
    const entered = state.entered.get($ref);
    // The same shared schema again, further down the value: a smallest valid value never holds
    // one there (it would be a smaller valid value itself), so that way is closed.
    if (entered !== undefined && entered < depth) return { ...result, cycle: $ref };
    const target = pointer(state.root, $ref);
    if (target === undefined || chain.includes($ref) || entered !== undefined) result.unknown = true;
    else {
      const cycle = take(parts(target, depth, state, [...chain, $ref]));
      if (cycle) return { ...result, cycle };
    }
  }
  if (Array.isArray(allOf)) {
    for (const part of allOf) {
      const cycle = take(parts(part, depth, state, chain));
      if (cycle) return { ...result, cycle };
    }
  }
  if (Object.keys(own).length) {
    result.parts.push(own);
    result.chains.push(chain);
  }
  return result;
}

function check(schema: unknown, path: string, depth: number, state: State): Unsatisfiable | undefined {
  state.steps += 1;
  if (state.steps > MAX_STEPS) return undefined;
  const found = parts(schema, depth, state);
  if (found.cycle) return { reason: `${refName(found.cycle)} requires itself again (a cycle with no way out)`, path };
  // A shared schema that is all this place asks for: below, a smallest valid value never holds it again.
  const pure = [...new Set(found.chains.flat())].filter(
    (ref) => !state.entered.has(ref) && found.parts.every((part, index) => found.chains[index].includes(ref) || Object.keys(part).every((key) => ANNOTATIONS.has(key))),
  );
  for (const ref of pure) state.entered.set(ref, depth);
  try {
    return checkParts(found.parts, path, depth, state);
  } finally {
    for (const ref of pure) state.entered.delete(ref);
  }
}

function typesOf(part: Node): string[] | undefined {
  if (typeof part.type === 'string') return [part.type];
  if (Array.isArray(part.type)) return part.type.filter((type): type is string => typeof type === 'string');
  return undefined;
}

function intersect(a: string[], b: string[]): string[] {
  return a.flatMap((type) => (b.includes(type) ? [type] : type === 'number' && b.includes('integer') ? ['integer'] : type === 'integer' && b.includes('number') ? ['integer'] : []));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isNode(value)) return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

const label = (types: string[]) => types.join(' or ');

function checkParts(all: Node[], path: string, depth: number, state: State): Unsatisfiable | undefined {
  if (all.some((part) => isNode(part.not) && Object.keys(part.not).length === 0)) return { reason: 'a schema that accepts nothing (false)', path };
  // Types: what every part allows.
  let types: string[] | undefined;
  for (const part of all) {
    const own = typesOf(part);
    if (!own) continue;
    const both = types === undefined ? own : intersect(types, own);
    if (both.length === 0) return { reason: `allOf of ${label(types!)} and ${label(own)}`, path };
    types = both;
  }
  const only = (...allowed: string[]) => types !== undefined && types.every((type) => allowed.includes(type));

  // enum / const: an option every part allows.
  const listed = all.filter((part) => Array.isArray(part.enum) || 'const' in part);
  if (listed.length) {
    const optionsOf = (part: Node) => ('const' in part ? [part.const] : (part.enum as unknown[]));
    const options = optionsOf(listed[0]).filter(
      (option) =>
        listed.every((part) => optionsOf(part).some((other) => canonical(other) === canonical(option))) &&
        (types === undefined || intersect(types, [typeOf(option)]).length > 0),
    );
    if (options.length === 0) {
      const named = listed.map((part) => ('const' in part ? `const ${JSON.stringify(part.const)}` : `enum ${JSON.stringify(part.enum)}`));
      const reason = listed.length > 1 ? `${named.join(' and ')} have no value in common` : types ? `${named[0]} has no value of type ${label(types)}` : `${named[0]} lists no value`;
      return { reason, path };
    }
  }

  // Bounds that cross, where the type leaves no other kind of value.
  const most = (key: string, pick: (a: number, b: number) => number) =>
    all.reduce<number | undefined>((found, part) => (typeof part[key] === 'number' ? (found === undefined ? (part[key] as number) : pick(found, part[key] as number)) : found), undefined);
  const crossing = (low: string, high: string) => {
    const a = most(low, Math.max);
    const b = most(high, Math.min);
    return a !== undefined && b !== undefined && a > b ? `${low} ${a} above ${high} ${b}` : undefined;
  };
  if (only(...NUMERIC)) {
    const min = most('minimum', Math.max) ?? -Infinity;
    const max = most('maximum', Math.min) ?? Infinity;
    const exclusiveMin = most('exclusiveMinimum', Math.max);
    const exclusiveMax = most('exclusiveMaximum', Math.min);
    const low = Math.max(min, typeof exclusiveMin === 'number' ? exclusiveMin : -Infinity);
    const high = Math.min(max, typeof exclusiveMax === 'number' ? exclusiveMax : Infinity);
    const lowOpen = typeof exclusiveMin === 'number' && exclusiveMin >= min;
    const highOpen = typeof exclusiveMax === 'number' && exclusiveMax <= max;
    if (low > high || (low === high && (lowOpen || highOpen))) return { reason: `no number between ${low} and ${high}`, path };
    if (only('integer') && Number.isFinite(low) && Number.isFinite(high)) {
      const first = lowOpen && Number.isInteger(low) ? low + 1 : Math.ceil(low);
      const last = highOpen && Number.isInteger(high) ? high - 1 : Math.floor(high);
      if (first > last) return { reason: `no integer between ${low} and ${high}`, path };
    }
  }
  if (only('string')) {
    for (const part of all) {
      const never = typeof part.pattern === 'string' ? patternNeverMatches(part.pattern) : undefined;
      if (never) return { reason: `pattern ${JSON.stringify(part.pattern)} can never match (${never}, without the m flag)`, path };
    }
  }
  const lengths = only('string') ? crossing('minLength', 'maxLength') : undefined;
  const counts = only('array') ? crossing('minItems', 'maxItems') : only('object') ? crossing('minProperties', 'maxProperties') : undefined;
  if (lengths ?? counts) return { reason: (lengths ?? counts)!, path };

  // Objects: every required property must have a value.
  if (only('object')) {
    const required = new Set(all.flatMap((part) => (Array.isArray(part.required) ? part.required.filter((name): name is string => typeof name === 'string') : [])));
    for (const name of required) {
      const schemas: unknown[] = [];
      for (const part of all) {
        const properties = isNode(part.properties) ? part.properties : {};
        if (name in properties) schemas.push(properties[name]);
        else if (isNode(part.patternProperties)) return undefined;
        else if (part.additionalProperties === false) return { reason: `"${name}" is required but additionalProperties: false leaves it out`, path };
        else if (isNode(part.additionalProperties)) schemas.push(part.additionalProperties);
      }
      const inner = schemas.length ? check(schemas.length === 1 ? schemas[0] : { allOf: schemas }, childPath(path, name), depth + 1, state) : undefined;
      if (inner) return inner;
    }
  }
  // Arrays that must hold an item.
  if (only('array') && (most('minItems', Math.max) ?? 0) > 0) {
    const items = all.map((part) => part.items).filter((item) => item !== undefined);
    if (items.length && items.every((item) => isNode(item) || typeof item === 'boolean') && !all.some((part) => 'prefixItems' in part)) {
      const inner = check(items.length === 1 ? items[0] : { allOf: items }, childPath(path, 0), depth + 1, state);
      if (inner) return inner;
    }
  }

  // anyOf / oneOf: a branch that can hold a value (for oneOf: one no other branch always accepts too).
  const outerTypes = types;
  for (const part of all) {
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = part[keyword];
      if (!Array.isArray(branches) || branches.length === 0) continue;
      // With a discriminator the tag names the branch, so branches may overlap (OpenAPI).
      const exact = keyword === 'oneOf' && !isNode(part.discriminator);
      // What the value meets besides this keyword: the other parts and this part's other keywords.
      const { [keyword]: _branches, ...beside } = part;
      const others = [...all.filter((other) => other !== part), beside];
      const open = branches.map((branch) => check(outerTypes ? { allOf: [branch, { type: outerTypes }] } : branch, path, depth, state) === undefined);
      if (!open.includes(true)) {
        const first = check(outerTypes ? { allOf: [branches[0], { type: outerTypes }] } : branches[0], path, depth, state);
        return { reason: `no branch of ${keyword} accepts a value${first ? ` (the first: ${first.reason})` : ''}`, path };
      }
      if (!exact) continue;
      const constraints = branches.map((branch) => constraintsOf(branch, depth, state));
      const outer = new Set(others.flatMap((other) => constraintsOf(other, depth, state) ?? []));
      const covered = branches.map((_branch, i) => {
        if (!open[i]) return -2;
        const own = constraints[i];
        if (!own) return -1;
        return constraints.findIndex((theirs, j) => j !== i && theirs !== undefined && theirs.every((constraint) => own.includes(constraint) || outer.has(constraint)));
      });
      if (covered.every((j) => j !== -1)) {
        const i = covered.findIndex((j) => j >= 0);
        const name = (index: number) => {
          const branch = branches[index];
          return isNode(branch) && typeof branch.$ref === 'string' ? `${index + 1} (${refName(branch.$ref)})` : String(index + 1);
        };
        return { reason: `oneOf whose branches ${name(i)} and ${name(covered[i])} accept the same values (no value matches exactly one)`, path };
      }
    }
  }
  return undefined;
}

/**
 * Why no string matches a pattern, where its anchors stand against characters it must consume,
 * outside every group and with no alternation there (no m flag, as JSON Schema's patterns have):
 * `^` after a character (`/^\\d{5}$/`, a regular expression written with its slashes, asks for a
 * literal `/` before the start) or `$` before one (`^[a-z]*$\\{2,64\\}$`). Undefined otherwise:
 * groups, escapes that may be empty and optional characters never count.
 */
export function patternNeverMatches(pattern: string): string | undefined {
  const compiles = (flags: string) => {
    try {
      return new RegExp(pattern, flags) !== undefined;
    } catch {
      return false;
    }
  };
  // Not a regular expression at all (with or without the unicode flag): nothing to say.
  if (!compiles('u') && !compiles('')) return undefined;
  const tokens: { kind: 'char' | 'start' | 'end' | 'other'; optional: boolean }[] = [];
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    const quantifier = /^(\?|\*|\+|\{(\d+)(,\d*)?\})/.exec(pattern.slice(i));
    if (quantifier) {
      const last = tokens.at(-1);
      if (last && quantifier[1] !== '+' && (quantifier[2] === undefined || Number(quantifier[2]) === 0)) last.optional = true;
      i += quantifier[0].length - 1;
      continue;
    }
    if (char === '|') return undefined;
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      tokens.push({ kind: /[0-9bBk]/.test(next) ? 'other' : 'char', optional: false });
      i += 1;
    } else if (char === '[') {
      for (i += 1; i < pattern.length && pattern[i] !== ']'; i += 1) if (pattern[i] === '\\') i += 1;
      tokens.push({ kind: 'char', optional: false });
    } else if (char === '(') {
      i = groupEnd(pattern, i);
      tokens.push({ kind: 'other', optional: false });
    } else tokens.push({ kind: char === '^' ? 'start' : char === '$' ? 'end' : 'char', optional: false });
  }
  const mandatory = (index: number) => tokens[index].kind === 'char' && !tokens[index].optional;
  const start = tokens.findLastIndex((token) => token.kind === 'start');
  if (start > 0 && tokens.slice(0, start).some((_token, index) => mandatory(index))) return '^ after a character';
  const end = tokens.findIndex((token) => token.kind === 'end');
  if (end >= 0 && tokens.slice(end + 1).some((_token, index) => mandatory(end + 1 + index))) return '$ before a character';
  return undefined;
}

/**
 * A schema's constraints at the top of one value, one string each (annotations left out, keywords
 * that depend on each other as one): a schema whose constraints all appear in another's accepts
 * every value the other does. Undefined where that cannot be said.
 */
function constraintsOf(schema: unknown, depth: number, state: State): string[] | undefined {
  const { parts: all, cycle, unknown } = parts(schema, depth, state);
  if (cycle !== undefined || unknown) return undefined;
  const result: string[] = [];
  for (const part of all) {
    const groups = new Map<string, Node>();
    for (const [key, value] of Object.entries(part)) {
      if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
      if (key.startsWith('unevaluated') || key === '$dynamicRef' || key === '$recursiveRef') return undefined;
      const group = GROUPS[key];
      if (group) groups.set(group, { ...groups.get(group), [key]: value });
      else result.push(canonical({ [key]: value }));
    }
    for (const [group, values] of groups) result.push(`${group}:${canonical(values)}`);
  }
  return result;
}
