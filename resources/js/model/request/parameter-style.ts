// How a parameter's value is written into the URL, by its OpenAPI `style` and `explode` (or Kite's
// `brackets` for PHP's and Rails' `tags[]=a`): an array or object becomes the query pairs or the
// path text the API reads, never JSON text. Auto-fill writes its values through it, so the Params
// table shows exactly the rows that are sent (an exploded array as repeated rows).
import type { ParameterStyle, RouteInfo, RouteParameter } from '../../../../protocol/types';

export interface Serialization {
  style: ParameterStyle;
  explode: boolean;
}

/** The parameter's style and explode, with OpenAPI's defaults (form and exploded in the query, simple elsewhere). */
export function serializationOf(parameter: Pick<RouteParameter, 'in' | 'style' | 'explode'> | undefined, place: RouteParameter['in'] = parameter?.in ?? 'query'): Serialization {
  const style = parameter?.style ?? (place === 'query' ? 'form' : 'simple');
  return { style, explode: parameter?.explode ?? style === 'form' };
}

/** How the route's query (or path) parameter of this name is written. */
export function routeSerialization(route: RouteInfo | undefined, place: 'query' | 'path', name: string): Serialization {
  return serializationOf(route?.parameters.find((parameter) => parameter.in === place && parameter.name === name), place);
}

/** A name as its query rows spell it: `tags[]` for a bracketed array. */
export function queryRowName(name: string, how: Serialization, isArray: boolean): string {
  return how.style === 'brackets' && isArray ? `${name}[]` : name;
}

/** The parameter a query row's name belongs to: `tags[]` and `filter[name]` are `tags` and `filter`. */
export function queryParameterName(rowName: string): string {
  return rowName.replace(/\[[^\]]*\](?:\[[^\]]*\])*$/, '') || rowName;
}

/** A single value's text: strings as they are, numbers and booleans as written, null as nothing, the rest as JSON. */
function scalarText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const DELIMITERS: Partial<Record<ParameterStyle, string>> = { spaceDelimited: ' ', pipeDelimited: '|' };

/** The query pairs (decoded names and values) that carry `value` for the parameter `name`. */
export function queryPairs(name: string, value: unknown, how: Serialization): Array<{ name: string; value: string }> {
  if (how.style === 'deepObject' || how.style === 'brackets') {
    if (Array.isArray(value)) return value.flatMap((item) => nestedPairs(`${name}[]`, item));
    if (isObject(value)) return nestedPairs(name, value);
    return [{ name, value: scalarText(value) }];
  }
  const delimiter = DELIMITERS[how.style] ?? ',';
  if (Array.isArray(value)) {
    if (how.explode) return value.map((item) => ({ name, value: scalarText(item) }));
    return [{ name, value: value.map(scalarText).join(delimiter) }];
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (how.explode) return entries.map(([key, item]) => ({ name: key, value: scalarText(item) }));
    return [{ name, value: entries.flatMap(([key, item]) => [key, scalarText(item)]).join(delimiter) }];
  }
  return [{ name, value: scalarText(value) }];
}

/** `filter[name]=x`, `filter[tags][]=a`: PHP's and deepObject's nesting. */
function nestedPairs(name: string, value: unknown): Array<{ name: string; value: string }> {
  if (Array.isArray(value)) return value.flatMap((item) => nestedPairs(`${name}[]`, item));
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => nestedPairs(`${name}[${key}]`, item));
  return [{ name, value: scalarText(value) }];
}

/**
 * The text of a path parameter (before percent-encoding each value): `3,4` (simple), `.3.4`
 * (label, exploded), `;id=3;id=4` (matrix, exploded), objects as `k,v` pairs or `k=v` when exploded.
 */
export function pathText(name: string, value: unknown, how: Serialization): string {
  const prefix = how.style === 'label' ? '.' : how.style === 'matrix' ? `;${name}=` : '';
  if (Array.isArray(value)) {
    const items = value.map(scalarText);
    if (how.explode && how.style === 'label') return items.map((item) => `.${item}`).join('');
    if (how.explode && how.style === 'matrix') return items.map((item) => `;${name}=${item}`).join('');
    return `${prefix}${items.join(',')}`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value).map(([key, item]): [string, string] => [key, scalarText(item)]);
    if (!how.explode) return `${prefix}${entries.flat().join(',')}`;
    if (how.style === 'label') return entries.map(([key, item]) => `.${key}=${item}`).join('');
    if (how.style === 'matrix') return entries.map(([key, item]) => `;${key}=${item}`).join('');
    return entries.map(([key, item]) => `${key}=${item}`).join(',');
  }
  return `${prefix}${scalarText(value)}`;
}
