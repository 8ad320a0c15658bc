// Route schemas refer to the schemas their application shares (`{ "$ref": "#/$defs/Pet" }`, see
// RoutesApplication.$defs). In the app a schema carries, at its root, the `$defs` it reaches, as
// draft 2020-12 has it: auto-fill, the validator and its worker then need nothing but the schema.
// A host that inlines every schema (Laravel) sends no `$defs`, and nothing here changes its routes.
import type { JsonSchema, RouteInfo } from '../../../../protocol/types';

const DEFS_PREFIX = '#/$defs/';
/** Values that are data, not schemas: never walked for `$ref`s. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples', 'discriminator']);

/** `#/$defs/Pet` → `Pet`; undefined for any other reference. */
export function defName(ref: string | undefined): string | undefined {
  return ref?.startsWith(DEFS_PREFIX) ? decodeURIComponent(ref.slice(DEFS_PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

export interface Resolved {
  schema: JsonSchema;
  /** The def the schema came from (the last one followed), for discriminators and labels. */
  name?: string;
}

/**
 * The schema a `$ref` names, with the keywords written beside the `$ref` laid over it; a schema
 * without `$ref` is returned as it is. A reference to nothing resolves to `{}` (anything goes).
 */
export function resolveRef(schema: JsonSchema, root: JsonSchema | undefined): Resolved {
  let current = schema;
  let name: string | undefined;
  for (let hops = 0; current.$ref !== undefined && hops < 32; hops += 1) {
    const { $ref, ...siblings } = current;
    const target = $ref === '#' ? root : root?.$defs?.[defName($ref) ?? ''];
    name = defName($ref) ?? name;
    if (!target) return { schema: siblings, name };
    current = Object.keys(siblings).length ? { ...target, ...siblings, ...(target.$ref !== undefined ? { $ref: target.$ref } : {}) } : target;
  }
  return { schema: current, name };
}

/** Names of the defs a schema refers to, directly or through other defs. */
export function reachableDefs(schema: JsonSchema, defs: Record<string, JsonSchema>): Set<string> {
  const found = new Set<string>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = defName(value);
        if (name !== undefined && !found.has(name) && defs[name]) {
          found.add(name);
          stack.push(defs[name]);
        }
      } else if (key === 'properties' && value && typeof value === 'object') stack.push(...Object.values(value));
      else if (!DATA_KEYWORDS.has(key) && key !== '$defs' && value && typeof value === 'object') stack.push(value);
    }
  }
  return found;
}

/** The schema with the defs it reaches at its root (itself when it reaches none). */
export function withDefs(schema: JsonSchema, defs: Record<string, JsonSchema> | undefined): JsonSchema {
  if (!defs) return schema;
  const names = reachableDefs(schema, defs);
  if (names.size === 0) return schema;
  const $defs: Record<string, JsonSchema> = { ...schema.$defs };
  for (const name of names) $defs[name] = defs[name];
  return { ...schema, $defs };
}

const linked = new WeakMap<RouteInfo, RouteInfo>();

/**
 * The route with its body, query, parameter and response schemas carrying the defs they reach. The same
 * route object always gives the same linked object, so components comparing schemas by identity
 * see no change between renders.
 */
export function linkRouteSchemas(route: RouteInfo, defs: Record<string, JsonSchema> | undefined): RouteInfo {
  if (!defs || Object.keys(defs).length === 0) return route;
  let result = linked.get(route);
  if (!result) {
    result = {
      ...route,
      schema: {
        ...(route.schema.body ? { body: withDefs(route.schema.body, defs) } : {}),
        ...(route.schema.query ? { query: withDefs(route.schema.query, defs) } : {}),
      },
      parameters: route.parameters.map((parameter) => (parameter.schema ? { ...parameter, schema: withDefs(parameter.schema, defs) } : parameter)),
      ...(route.responses ? { responses: route.responses.map((response) => (response.schema ? { ...response, schema: withDefs(response.schema, defs) } : response)) } : {}),
    };
    linked.set(route, result);
  }
  return result;
}

/**
 * An object schema of the given fields whose own `$defs` (each linked parameter schema carries
 * the defs it reaches) move to the new root, where the fields' `$ref`s resolve.
 */
export function objectSchema(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  const $defs: Record<string, JsonSchema> = {};
  const bare: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const { $defs: own, ...rest } = schema;
    Object.assign($defs, own);
    bare[name] = own ? rest : schema;
  }
  return { type: 'object', properties: bare, ...(required.length ? { required } : {}), ...(Object.keys($defs).length ? { $defs } : {}) };
}
