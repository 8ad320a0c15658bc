// `{{name}}` variables: finding them in what the user typed, and resolving a whole request at send
// time against the scope (captured values, then the active environment, then globals). Pure.
import type { AuthState, KeyValueRow, MultipartRow, RequestState } from '../request/request-state';
import { resolveOAuthSettings } from '../auth/auth-settings';
import { takesLogin } from '../request/authorization';

export interface Variable {
  name: string;
  value: string;
  /** Masked on screen, kept only in this browser: never in a file, a link, history or a cURL copy. */
  secret: boolean;
}

export type VariableSource = 'capture' | 'environment' | 'global';

export interface ScopedValue {
  value: string;
  secret: boolean;
  source: VariableSource;
}

/** Name → value, after precedence has been applied. */
export type VariableScope = Readonly<Record<string, ScopedValue>>;

/** `{{ name }}`; names are letters, digits, `_`, `-` and `.`. */
const VARIABLE = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

export const EMPTY_SCOPE: VariableScope = Object.freeze({});

/** The scope from its layers; a name in an earlier layer hides the same name in a later one. */
export function buildScope(layers: { capture?: Variable[]; environment?: Variable[]; global?: Variable[] }): VariableScope {
  const scope: Record<string, ScopedValue> = {};
  const order: Array<[VariableSource, Variable[] | undefined]> = [
    ['global', layers.global],
    ['environment', layers.environment],
    ['capture', layers.capture],
  ];
  for (const [source, variables] of order) {
    for (const variable of variables ?? []) {
      if (!variable.name) continue;
      scope[variable.name] = { value: variable.value, secret: variable.secret, source };
    }
  }
  return scope;
}

export function hasVariables(text: string): boolean {
  return text.includes('{{') && new RegExp(VARIABLE.source).test(text);
}

/** Names used in a text, in order, without repeats. */
export function variableNames(text: string): string[] {
  if (!text.includes('{{')) return [];
  const names: string[] = [];
  for (const match of text.matchAll(VARIABLE)) if (!names.includes(match[1])) names.push(match[1]);
  return names;
}

export interface Segment {
  text: string;
  /** Set when the segment is a `{{name}}` reference. */
  name?: string;
  resolved?: ScopedValue;
}

/** The text cut into plain runs and variable references, for marking them where they are typed. */
export function segments(text: string, scope: VariableScope): Segment[] {
  const result: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(VARIABLE)) {
    const start = match.index ?? 0;
    if (start > last) result.push({ text: text.slice(last, start) });
    result.push({ text: match[0], name: match[1], resolved: Object.hasOwn(scope, match[1]) ? scope[match[1]] : undefined });
    last = start + match[0].length;
  }
  if (last < text.length) result.push({ text: text.slice(last) });
  return result;
}

/**
 * The text with `encode` applied to the runs between `{{variables}}`, which stay as typed: a
 * variable is encoded only once it is filled in (on send), as its value.
 */
export function encodeAroundVariables(text: string, encode: (run: string) => string): string {
  if (!text.includes('{{')) return encode(text);
  return segments(text, EMPTY_SCOPE)
    .map((segment) => (segment.name === undefined ? encode(segment.text) : segment.text))
    .join('');
}

export const SECRET_MASK = '••••••';

/** How a variable's value is shown on screen: secrets masked. */
export function displayValue(value: ScopedValue): string {
  return value.secret ? SECRET_MASK : value.value;
}

/** Replaces every known `{{name}}`; unknown names stay as typed and are added to `unresolved`. */
export function resolveText(text: string, scope: VariableScope, unresolved?: Set<string>, used?: Set<string>): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (whole, name: string) => {
    if (!Object.hasOwn(scope, name)) {
      unresolved?.add(name);
      return whole;
    }
    used?.add(name);
    return scope[name].value;
  });
}

export interface ResolvedRequest {
  state: RequestState;
  /** Names used by a part that is sent, with no value in the scope. */
  unresolved: string[];
  /** Secret variables the request uses. */
  secrets: string[];
}

/**
 * The request with every variable replaced, in the URL, path parameters, query and header rows
 * (names and values), every body type and the auth fields. Only the parts that are sent count
 * towards `unresolved`: a disabled row or another body type's text does not stop a send.
 */
export function resolveRequest(state: RequestState, scope: VariableScope): ResolvedRequest {
  const unresolved = new Set<string>();
  const used = new Set<string>();
  const sink = new Set<string>();
  const text = (value: string, sent: boolean) => resolveText(value, scope, sent ? unresolved : sink, sent ? used : sink);
  const rows = <T extends KeyValueRow>(items: T[], sent: boolean): T[] =>
    items.map((row) => ({ ...row, name: text(row.name, sent && row.enabled), value: (row as { kind?: string }).kind === 'file' ? row.value : text(row.value, sent && row.enabled) }) as T);
  const body = state.bodyType;
  const auth: AuthState = {
    ...state.auth,
    token: text(state.auth.token, state.auth.type === 'bearer' || state.auth.type === 'api-key'),
    username: text(state.auth.username, takesLogin(state.auth.type)),
    password: text(state.auth.password, takesLogin(state.auth.type)),
    userId: text(state.auth.userId, state.auth.type === 'impersonate'),
    ...(state.auth.type === 'oauth2' ? resolveOAuthSettings(state.auth, (value) => text(value, true)) : {}),
  };
  const url = text(state.url, true);
  const resolved: RequestState = {
    ...state,
    url,
    pathParams: Object.fromEntries(Object.entries(state.pathParams).map(([name, value]) => [name, text(value, state.url.includes(`{${name}`))])),
    query: rows(state.query, true),
    headers: rows(state.headers, true),
    jsonBody: text(state.jsonBody, body === 'json'),
    formFields: rows(state.formFields, body === 'form'),
    multipartFields: rows<MultipartRow>(state.multipartFields, body === 'multipart'),
    rawBody: text(state.rawBody, body === 'raw'),
    rawContentType: text(state.rawContentType, body === 'raw'),
    auth,
  };
  const secrets = [...used].filter((name) => scope[name]?.secret);
  return { state: resolved, unresolved: [...unresolved], secrets };
}

/** The message a send stops with when variables have no value. */
export function unresolvedMessage(names: string[]): string {
  const list = names.map((name) => `{{${name}}}`).join(', ');
  return names.length === 1 ? `The variable ${list} has no value` : `The variables ${list} have no value`;
}

/** Puts `{{name}}` back where a secret's value appears in a text (a URL the host echoed, say). */
export function redactSecrets(text: string, scope: VariableScope): string {
  let result = text;
  for (const [name, value] of Object.entries(scope)) {
    if (!value.secret || value.value.length < 3) continue;
    result = result.split(value.value).join(`{{${name}}}`);
    const encoded = encodeURIComponent(value.value);
    if (encoded !== value.value) result = result.split(encoded).join(`{{${name}}}`);
  }
  return result;
}

/** The scope without its secrets: what a file, a link or a cURL copy without secrets may show. */
export function publicScope(scope: VariableScope): VariableScope {
  return Object.fromEntries(Object.entries(scope).filter(([, value]) => !value.secret));
}
