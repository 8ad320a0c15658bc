// What the builder shows beside a parameter's row (Params and Headers tabs): its type, whether it
// is required, its limits, description, allowed values and example, read from the route's
// `parameters` and, for hosts that give the query as one schema (Laravel), `schema.query`.
// Rows whose name the route does not document get none.
import { queryParameterName } from '../../model/request/parameter-style';
import type { JsonSchema, JsonSchemaType, RouteInfo, RouteParameter } from '../../../../protocol/types';
import { valueText } from '../../model/request/request-state';

export type ParameterPlace = RouteParameter['in'];

export interface ParameterDoc {
  name: string;
  in: ParameterPlace;
  required: boolean;
  /** `integer`, `string · email`, `string[]`, `integer | null`. */
  type: string;
  /** Short facts: `1 to 100`, `at most 100 characters`, `default 15`. */
  limits: string[];
  /** Markdown or HTML as the document has it (shown through rich-text.ts, never as HTML). */
  description?: string;
  /** The allowed values, as a row's text. */
  values: string[];
  /** The documented example, as a row's text. */
  example?: string;
}

/** Allowed values beyond this many are counted, not listed. */
export const MAX_VALUES_SHOWN = 12;

const types = (schema: JsonSchema): JsonSchemaType[] => {
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type : [schema.type];
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : []);
  const seen = new Set<JsonSchemaType>();
  for (const value of values) seen.add(value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : (typeof value as JsonSchemaType));
  return [...seen];
};

/** The type as a short label: `integer`, `string · email`, `string[]`, `integer | null`; `string` when unsaid. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'string';
  const named = types(schema).map((type) => (type === 'array' && schema.items ? `${typeLabel(schema.items)}[]` : type));
  const base = named.join(' | ') || (schema.items ? `${typeLabel(schema.items)}[]` : 'any');
  return schema.format ? `${base} · ${schema.format}` : base;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Range, length, pattern and default, each as a short phrase. */
export function limitsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const limits: string[] = [];
  const low = schema.minimum ?? schema.exclusiveMinimum;
  const high = schema.maximum ?? schema.exclusiveMaximum;
  const lowText = low === undefined ? '' : schema.minimum === undefined ? `more than ${low}` : String(low);
  const highText = high === undefined ? '' : schema.maximum === undefined ? `less than ${high}` : String(high);
  if (schema.minimum !== undefined && schema.maximum !== undefined) limits.push(`${lowText} to ${highText}`);
  else {
    if (low !== undefined) limits.push(schema.minimum === undefined ? lowText : `at least ${lowText}`);
    if (high !== undefined) limits.push(schema.maximum === undefined ? highText : `at most ${highText}`);
  }
  if (schema.minLength !== undefined && schema.maxLength !== undefined && schema.minLength === schema.maxLength) limits.push(`exactly ${plural(schema.minLength, 'character')}`);
  else {
    if (schema.minLength !== undefined && schema.minLength > 0) limits.push(`at least ${plural(schema.minLength, 'character')}`);
    if (schema.maxLength !== undefined) limits.push(`at most ${plural(schema.maxLength, 'character')}`);
  }
  if (schema.multipleOf !== undefined) limits.push(`multiple of ${schema.multipleOf}`);
  if (schema.pattern !== undefined) limits.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) limits.push(`default ${valueText(schema.default)}`);
  return limits;
}

function docOf(name: string, place: ParameterPlace, required: boolean, schema: JsonSchema | undefined, description: string | undefined): ParameterDoc {
  const listed = schema?.enum ?? (schema?.const !== undefined ? [schema.const] : schema?.items?.enum) ?? [];
  const example = schema?.example ?? schema?.examples?.[0];
  const doc: ParameterDoc = { name, in: place, required, type: typeLabel(schema), limits: limitsOf(schema), values: listed.map(valueText) };
  const text = description ?? schema?.description;
  if (text?.trim()) doc.description = text;
  if (example !== undefined) doc.example = valueText(example);
  return doc;
}

export interface RouteParameterDocs {
  path: Map<string, ParameterDoc>;
  query: Map<string, ParameterDoc>;
  /** Keyed by the lower-case name: header names are case-insensitive. */
  header: Map<string, ParameterDoc>;
}

const cache = new WeakMap<RouteInfo, RouteParameterDocs>();

/** Every documented parameter of a route by place and name (worked out once per route object). */
export function routeParameterDocs(route: RouteInfo): RouteParameterDocs {
  const known = cache.get(route);
  if (known) return known;
  const docs: RouteParameterDocs = { path: new Map(), query: new Map(), header: new Map() };
  for (const parameter of route.parameters) {
    const key = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    if (docs[parameter.in].has(key)) continue;
    docs[parameter.in].set(key, docOf(parameter.name, parameter.in, parameter.in === 'path' || parameter.required, parameter.schema, parameter.description));
  }
  const query = route.schema.query;
  for (const [name, schema] of Object.entries(query?.properties ?? {})) {
    if (!docs.query.has(name)) docs.query.set(name, docOf(name, 'query', query?.required?.includes(name) ?? false, schema, undefined));
  }
  cache.set(route, docs);
  return docs;
}

/** The documentation of the parameter a row names, if the route documents one there. */
export function parameterDoc(route: RouteInfo | undefined, place: ParameterPlace, name: string): ParameterDoc | undefined {
  if (!route || name.trim() === '') return undefined;
  const docs = routeParameterDocs(route)[place];
  if (place === 'header') return docs.get(name.trim().toLowerCase());
  // `tags[]` and `filter[name]` rows are the `tags` and `filter` parameters, written with brackets.
  return docs.get(name.trim()) ?? (place === 'query' ? docs.get(queryParameterName(name.trim())) : undefined);
}
