// Turning the builder's URL template, path parameters and query rows into the URL that is sent.
import type { KeyValueRow } from './request-state';
import { encodeAroundVariables } from '../workspace/variables';

/**
 * Replaces `{name}` (and optional `{name?}`) placeholders with encoded values. An empty required
 * placeholder stays visible as `{name}` so the preview shows what is missing; an empty optional
 * one is dropped along with its leading slash, as the framework would.
 */
export function fillPathParams(template: string, values: Record<string, string>): string {
  return template.replace(/\/?(?<!\{)\{([^{}/?]+)(\?)?\}(?!\})/g, (whole, name: string, optional: string | undefined) => {
    const slash = whole.startsWith('/') ? '/' : '';
    const value = values[name];
    if (value === undefined || value === '') return optional ? '' : `${slash}{${name}}`;
    return `${slash}${encodePathValue(value)}`;
  });
}

/**
 * A path value percent-encoded, but for the delimiters OpenAPI's path styles write (`3,4`,
 * `;id=3;id=4`; RFC 3986 allows them in a segment), so an array or object reaches the API as its
 * style writes it.
 */
function encodePathValue(value: string): string {
  return encodeAroundVariables(value, (run) => encodeURIComponent(run).replace(/%2C/gi, ',').replace(/%3B/gi, ';').replace(/%3D/gi, '='));
}

/** Names of placeholders still without a value. */
export function missingPathParams(template: string, values: Record<string, string>): string[] {
  const missing: string[] = [];
  for (const match of template.matchAll(/(?<!\{)\{([^{}/?]+)\}(?!\})/g)) {
    if (!values[match[1]] && !missing.includes(match[1])) missing.push(match[1]);
  }
  return missing;
}

export function activeRows<T extends KeyValueRow>(rows: T[]): T[] {
  return rows.filter((row) => row.enabled && row.name.trim() !== '');
}

/** `a=1&b=two%20words` from the enabled rows, in order; repeated names are kept. */
export function buildQueryString(rows: KeyValueRow[]): string {
  return queryString(activeRows(rows));
}

/** `a=1&b=two%20words` from name/value pairs (a relay request's query), in order; nameless ones left out. */
export function queryString(pairs: ReadonlyArray<{ name: string; value: string }>): string {
  return pairs
    .filter((pair) => pair.name.trim() !== '')
    .map((pair) => `${encodeQueryPart(pair.name)}=${encodeQueryPart(pair.value)}`)
    .join('&');
}

function encodeQueryPart(text: string): string {
  // Brackets stay readable (`filter[name]=`), as frameworks parse them either way; `{{variables}}` stay as typed.
  return encodeAroundVariables(text, (run) => encodeURIComponent(run).replace(/%5B/gi, '[').replace(/%5D/gi, ']'));
}

/**
 * Splits `path?query#hash` into the path and query rows (decoded); the fragment is dropped. The
 * `?` of an optional placeholder (`{post?}`) belongs to the path.
 */
export function splitUrl(url: string): { path: string; query: Array<{ name: string; value: string }> } {
  const withoutHash = url.split('#')[0];
  const index = withoutHash.search(/\?(?![^{]*\})/);
  if (index === -1) return { path: withoutHash, query: [] };
  const search = withoutHash.slice(index + 1);
  const query = search
    .split('&')
    .filter((part) => part !== '')
    .map(decodeQueryPair);
  return { path: withoutHash.slice(0, index), query };
}

/** `name=value` of a query string or form body, decoded (`+` is a space); no `=` means an empty value. */
export function decodeQueryPair(part: string): { name: string; value: string } {
  const eq = part.indexOf('=');
  const name = eq === -1 ? part : part.slice(0, eq);
  const value = eq === -1 ? '' : part.slice(eq + 1);
  return { name: safeDecode(name), value: safeDecode(value) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Joins a base URL and a relative path with exactly one slash; absolute URLs pass through. */
export function joinUrl(baseUrl: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return path;
  if (!baseUrl) return path;
  const base = baseUrl.replace(/\/+$/, '');
  if (path === '') return base;
  return `${base}/${path.replace(/^\/+/, '')}`;
}

/** The final URL shown in the preview and used for cURL: base + filled path + query string. */
export function finalUrl(
  baseUrl: string,
  template: string,
  pathParams: Record<string, string>,
  query: KeyValueRow[],
): string {
  const { path, query: inlineQuery } = splitUrl(template);
  const filled = joinUrl(baseUrl, fillPathParams(path, pathParams));
  const search = [
    buildQueryString(inlineQuery.map((item, index) => ({ id: `inline${index}`, enabled: true, ...item }))),
    buildQueryString(query),
  ]
    .filter(Boolean)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

/** A path relative to the base URL when the absolute URL lies under it; otherwise unchanged. */
export function relativeToBase(url: string, baseUrl: string): string {
  if (!baseUrl) return url;
  const base = baseUrl.replace(/\/+$/, '');
  if (url === base) return '/';
  if (url.startsWith(`${base}/`) || url.startsWith(`${base}?`)) {
    const rest = url.slice(base.length);
    return rest.startsWith('?') ? `/${rest}` : rest;
  }
  return url;
}

/**
 * True when pasted text looks like a cURL command rather than a URL. Here rather than in curl.ts
 * so the URL bar can decide on a paste at once and load the cURL reader only for a command.
 */
export function looksLikeCurl(text: string): boolean {
  return /^\s*curl(\.exe)?\s/i.test(withoutLeadingComments(text));
}

/** A command without the comment lines above it (as Copy as cURL writes them). */
export function withoutLeadingComments(text: string): string {
  return text.replace(/^(\s*#[^\n]*(\n|$))+/, '');
}
