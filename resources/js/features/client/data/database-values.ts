// Auto-fill with real data where the route's rules point at the database (the Laravel host's
// `x-rules`): a field with `exists:TABLE,COLUMN` gets the column's existing values (fetched from
// GET {apiUrl}/data?source=table:TABLE,COLUMN, at most 20) as its enum, so auto-fill picks a row that
// exists. Only the body's top-level and nested object properties are looked at; a host without data
// pickers leaves the schema as it was. (`unique:` rules are not handled yet: see the report.)
import type { JsonSchema, RouteInfo } from '../../../../../protocol/types';
import { searchData } from './data-api';

/** `exists:users,id` → `table:users,id`; `exists:users` reads the field's own name as the column. */
export function existsSource(rule: string, field: string): string | null {
  const match = /^exists:([A-Za-z0-9_]+)(?:,([A-Za-z0-9_]+))?/.exec(rule);
  if (!match) return null;
  return `table:${match[1]},${match[2] ?? field}`;
}

/** Every data source the schema's properties name, by property path (`a.b`). */
export function sourcesIn(schema: JsonSchema | undefined, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    for (const rule of property['x-rules'] ?? []) {
      const source = existsSource(rule, name);
      if (source) found.set(path, source);
    }
    for (const [inner, source] of sourcesIn(property, path)) found.set(inner, source);
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

/** The route with its body's `exists:` fields filled from the app's data; the route itself when there is none. */
export async function withDatabaseValues(route: RouteInfo | undefined): Promise<RouteInfo | undefined> {
  const body = route?.schema.body;
  const sources = sourcesIn(body);
  if (!route || !body || sources.size === 0) return route;
  const values = new Map<string, unknown[]>();
  try {
    for (const [path, source] of sources) {
      const answer = await searchData(source, '');
      if (!answer) return route; // no data pickers on this host
      values.set(path, answer.rows.map((row) => row.value));
    }
  } catch {
    return route; // auto-fill goes on from the schema alone
  }
  return { ...route, schema: { ...route.schema, body: withValues(body, values) } };
}
