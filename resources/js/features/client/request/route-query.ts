// A route's query parameters as one object schema: what the Params table names as the route's own
// rows, and what auto-fill fills. Apart from auto-fill, so the URL bar needs none of its code.
import type { JsonSchema, RouteInfo } from '../../../../../protocol/types';
import { objectSchema } from '../../../lib/json-schema/refs';

/** The query parameters of a route as one object schema (its query schema and `in: query` parameters). */
export function querySchema(route: RouteInfo): JsonSchema | undefined {
  const properties: Record<string, JsonSchema> = { ...(route.schema.query?.properties ?? {}) };
  if (route.schema.query?.$defs) for (const [name, schema] of Object.entries(properties)) properties[name] = { ...schema, $defs: route.schema.query.$defs };
  const required = new Set(route.schema.query?.required ?? []);
  for (const parameter of route.parameters) {
    if (parameter.in !== 'query') continue;
    properties[parameter.name] ??= parameter.schema ?? { type: 'string' };
    if (parameter.required) required.add(parameter.name);
  }
  if (Object.keys(properties).length === 0) return undefined;
  return objectSchema(properties, [...required]);
}
