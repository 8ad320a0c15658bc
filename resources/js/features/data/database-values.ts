// Auto-fill with real data where the route's rules point at the database (the Laravel host's
// `x-rules`): a field with `exists:TABLE,COLUMN` gets the column's existing values (fetched from
// GET {apiUrl}/data?source=table:TABLE,COLUMN, at most 20) as its enum, so auto-fill picks a row that
// exists; a field with `unique:TABLE,COLUMN` gets, as its enum, those of a few values generated for
// it that the column does not hold yet (`source=unique:TABLE,COLUMN&candidates=[…]`). The body's and
// the query's properties are looked at, nested objects included; a host without data pickers leaves
// the schema as it was, and auto-fill goes on from the schema alone.
import type { KyInstance } from 'ky';
import { DATA_MAX_CANDIDATES } from '../../../../protocol/endpoints.js';
import type { JsonSchema, RouteInfo } from '../../../../protocol/types';
import { hostClient } from '../../lib/http/client';
import { freeValues, searchData } from './data-api';

/** A rule that names a table: `exists:` (a value that is there) or `unique:` (one that is not). */
export interface DatabaseRule {
  kind: 'exists' | 'unique';
  table: string;
  column: string;
}

/**
 * `exists:users,id` → exists users.id; `unique:users` reads the field's own name as the column, as
 * Laravel does (and as `Rule::unique('users')` writes it: `unique:users,NULL,NULL,id`). Tables
 * named as `connection.table` or a model class are not read.
 */
export function databaseRule(rule: string, field: string): DatabaseRule | null {
  const match = /^(exists|unique):([A-Za-z0-9_]+)(?:,([A-Za-z0-9_]+))?(?:,|$)/.exec(rule);
  if (!match) return null;
  const column = match[3] && match[3] !== 'NULL' ? match[3] : field;
  return { kind: match[1] as DatabaseRule['kind'], table: match[2], column };
}

/** A property a database rule points at: its rule, its schema and its name (for the generators). */
export interface DatabaseField {
  rule: DatabaseRule;
  schema: JsonSchema;
  name: string;
}

/** Every property with a database rule, by property path (`a.b`); its first such rule counts. */
export function databaseFields(schema: JsonSchema | undefined, prefix = ''): Map<string, DatabaseField> {
  const found = new Map<string, DatabaseField>();
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    for (const text of property['x-rules'] ?? []) {
      const rule = databaseRule(text, name);
      if (rule) {
        found.set(path, { rule, schema: property, name });
        break;
      }
    }
    for (const [inner, field] of databaseFields(property, path)) found.set(inner, field);
  }
  return found;
}

/** The schema with each sourced property's enum set to its values (properties without values stay). */
export function withValues(schema: JsonSchema, values: ReadonlyMap<string, unknown[]>, prefix = ''): JsonSchema {
  if (!schema.properties) return schema;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const known = values.get(path);
    const inner = withValues(property, values, path);
    properties[name] = known && known.length > 0 ? { ...inner, enum: known } : inner;
  }
  return { ...schema, properties };
}

/** Values generated for a field (auto-fill with other seeds): the candidates a `unique:` rule is asked about. */
export type CandidateValues = (schema: JsonSchema, name: string) => unknown[];

/**
 * Candidates for a `unique:` field: what auto-fill gives it alone under DATA_MAX_CANDIDATES seeds
 * drawn from the fill's own, so one seed fills the same request again.
 */
export function uniqueCandidates(fill: (schema: JsonSchema, name: string, seed: number) => unknown, seed: number): CandidateValues {
  return (schema, name) => Array.from({ length: DATA_MAX_CANDIDATES }, (_, index) => fill(schema, name, seed * DATA_MAX_CANDIDATES + index + 1));
}

/** Distinct strings and numbers among the candidates, at most as many as one question may send. */
export function askable(candidates: unknown[]): Array<string | number> {
  const seen = new Set<string>();
  const kept: Array<string | number> = [];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' && (typeof candidate !== 'number' || !Number.isFinite(candidate))) continue;
    const key = `${typeof candidate}:${candidate}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(candidate);
    if (kept.length === DATA_MAX_CANDIDATES) break;
  }
  return kept;
}

/** No data pickers on this host: stop asking, auto-fill goes on from the schema. */
const UNAVAILABLE = Symbol('no data pickers');

async function valuesFor(field: DatabaseField, candidates: CandidateValues, client: KyInstance): Promise<unknown[] | typeof UNAVAILABLE> {
  const { kind, table, column } = field.rule;
  if (kind === 'exists') {
    const answer = await searchData(`table:${table},${column}`, '', undefined, client);
    return answer ? answer.rows.map((row) => row.value) : UNAVAILABLE;
  }
  const asked = askable(candidates(field.schema, field.name));
  if (asked.length === 0) return [];
  const free = await freeValues(table, column, asked, undefined, client);
  return free ?? UNAVAILABLE;
}

async function filled(schema: JsonSchema | undefined, candidates: CandidateValues, client: KyInstance): Promise<JsonSchema | undefined> {
  const fields = databaseFields(schema);
  if (!schema || fields.size === 0) return schema;
  // Asked together: every host call takes at least 200 ms.
  const answers = await Promise.all([...fields].map(async ([path, field]) => [path, await valuesFor(field, candidates, client)] as const));
  if (answers.some(([, values]) => values === UNAVAILABLE)) return schema;
  return withValues(schema, new Map(answers as Array<readonly [string, unknown[]]>));
}

/**
 * The route with its body's and query's `exists:`/`unique:` fields filled from the app's data; the
 * route itself when there is none, when the host has no data pickers, or when asking fails.
 */
export async function withDatabaseValues(route: RouteInfo | undefined, candidates: CandidateValues, client: KyInstance = hostClient): Promise<RouteInfo | undefined> {
  if (!route) return route;
  try {
    const [body, query] = await Promise.all([filled(route.schema.body, candidates, client), filled(route.schema.query, candidates, client)]);
    if (body === route.schema.body && query === route.schema.query) return route;
    const schema = { ...route.schema };
    if (body) schema.body = body;
    if (query) schema.query = query;
    return { ...route, schema };
  } catch {
    return route; // auto-fill goes on from the schema alone
  }
}
