// A route's query parameters as one object schema: what the Params table names as the route's own
// rows, and what auto-fill fills. Apart from auto-fill, so the URL bar needs none of its code.
import type { JsonSchema, RouteInfo } from '../../../../protocol/types';
import { objectSchema } from '../../model/json-schema/refs';
import { queryParameterName } from '../../model/request/parameter-style';

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

/**
 * Whether the route documents a parameter of this name there (headers by any case): the rows that
 * get docs beside them. The docs themselves are worked out in their own chunk (docs/parameter-docs.ts).
 */
export function documentsParameter(route: RouteInfo | undefined, place: 'path' | 'query' | 'header', name: string): boolean {
  const wanted = place === 'header' ? name.trim().toLowerCase() : name.trim();
  if (!route || wanted === '') return false;
  const documents = (candidate: string) =>
    route.parameters.some((parameter) => parameter.in === place && (place === 'header' ? parameter.name.toLowerCase() : parameter.name) === candidate) ||
    (place === 'query' && Object.hasOwn(route.schema.query?.properties ?? {}, candidate));
  // `tags[]` and `filter[name]` rows are the `tags` and `filter` parameters, written with brackets.
  return documents(wanted) || (place === 'query' && documents(queryParameterName(wanted)));
}
