// Keeping credentials out of a saved request (requests/NAME.json): which values must not be written
// as typed (lib/credentials.ts decides, as for share links), the `{{variable}}` that takes each one's
// place, and the request with those references in place. A value equal to a secret variable's
// value is that variable's reference; any other credential becomes a new secret variable, under a
// name the user may change in the save dialog. Pure.
import { AUTH_CREDENTIAL_FIELDS, isCredentialRow, isReferenceOnly, type AuthCredentialField } from './credentials';
import type { AuthState, KeyValueRow, RequestState } from '../request/request-state';
import { VARIABLE_NAME } from './set-variable';
import { redactSecrets, type VariableScope } from './variables';

/** The auth fields the file keeps for each auth type (as `{{variable}}` references only). */
export const AUTH_FIELDS_KEPT: Record<AuthState['type'], readonly AuthCredentialField[]> = {
  inherit: [],
  bearer: ['token'],
  basic: ['username', 'password'],
  digest: ['username', 'password'],
  impersonate: ['userId'],
  'current-user': [],
  none: [],
  'api-key': ['token'],
  oauth2: ['clientSecret', 'username', 'password'],
};

export interface CredentialToReplace {
  /** Stable within one plan: `header:2`, `query:0`, `auth:token`. */
  id: string;
  /** What the user sees: "header Authorization", "query api_key", "auth token". */
  where: string;
  value: string;
  /** A secret variable that already holds this value, if any: its reference is written. */
  existing?: string;
  /** The name offered for a new secret variable. */
  suggested: string;
}

const label = (field: AuthCredentialField) => (field === 'userId' ? 'user id' : field === 'clientSecret' ? 'client secret' : field === 'token' ? 'token or key' : field);

/** `X-Api-Key` → `api-key`, `Authorization` → `authorization`: a valid variable name. */
function nameFor(text: string): string {
  return (
    text
      .trim()
      .replace(/^x-/i, '')
      .replace(/[^A-Za-z0-9_.-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toLowerCase() || 'secret'
  );
}

/** Every credential of the request that a file would otherwise hold, with a name offered for each. */
export function credentialsToReplace(state: RequestState, scope: VariableScope): CredentialToReplace[] {
  const found: Array<Omit<CredentialToReplace, 'existing' | 'suggested'> & { base: string }> = [];
  const rows = (kind: 'header' | 'query', list: KeyValueRow[]) =>
    list.forEach((row, index) => {
      if (isCredentialRow(kind, row)) found.push({ id: `${kind}:${index}`, where: `${kind} ${row.name.trim()}`, value: row.value, base: nameFor(row.name) });
    });
  rows('header', state.headers);
  rows('query', state.query);
  for (const field of AUTH_FIELDS_KEPT[state.auth.type]) {
    const value = state.auth[field] ?? '';
    if (!isReferenceOnly(value)) found.push({ id: `auth:${field}`, where: `auth ${label(field)}`, value, base: field });
  }
  const secrets = Object.entries(scope).filter(([, variable]) => variable.secret);
  const taken = new Set(Object.keys(scope));
  return found.map(({ base, ...item }) => {
    const existing = secrets.find(([, variable]) => variable.value === item.value)?.[0];
    let suggested = existing ?? base;
    for (let n = 2; !existing && taken.has(suggested); n += 1) suggested = `${base}_${n}`;
    taken.add(suggested);
    return { ...item, existing, suggested };
  });
}

/** What is wrong with the names chosen (id → name), or null. */
export function chosenNamesProblem(items: CredentialToReplace[], names: Record<string, string>, scope: VariableScope): string | null {
  const used = new Map<string, string>();
  for (const item of items) {
    if (item.existing) continue;
    const name = (names[item.id] ?? item.suggested).trim();
    if (!VARIABLE_NAME.test(name)) return `The variable for ${item.where} needs a name of letters, digits, _, - and . only`;
    const other = used.get(name);
    if ((other !== undefined && other !== item.value) || (Object.hasOwn(scope, name) && scope[name].value !== item.value)) {
      return `{{${name}}} already holds another value: choose another name for ${item.where}`;
    }
    used.set(name, item.value);
  }
  return null;
}

export interface Replacement {
  where: string;
  variable: string;
  /** Set when a new secret variable is made from the value. */
  value?: string;
}

/** The replacements the names give: the reference written for each credential. */
export function replacementsFor(items: CredentialToReplace[], names: Record<string, string>): Replacement[] {
  return items.map((item) =>
    item.existing ? { where: item.where, variable: item.existing } : { where: item.where, variable: (names[item.id] ?? item.suggested).trim(), value: item.value },
  );
}

/** The request with each credential replaced by its `{{variable}}` (the builder keeps it so, and sends the same). */
export function withReferences(state: RequestState, items: CredentialToReplace[], replacements: Replacement[]): RequestState {
  const reference = (id: string) => {
    const index = items.findIndex((item) => item.id === id);
    return index === -1 ? null : `{{${replacements[index].variable}}}`;
  };
  const rows = (kind: string, list: KeyValueRow[]) => list.map((row, index) => ({ ...row, value: reference(`${kind}:${index}`) ?? row.value }));
  const auth = { ...state.auth };
  for (const field of AUTH_CREDENTIAL_FIELDS) {
    const replaced = reference(`auth:${field}`);
    if (replaced !== null) auth[field] = replaced;
  }
  return { ...state, headers: rows('header', state.headers), query: rows('query', state.query), auth };
}

/** The secret variables whose values appear in a text: written there as their references. */
export function secretsIn(text: string, scope: VariableScope): string[] {
  return Object.entries(scope)
    .filter(([name, variable]) => variable.secret && redactSecrets(text, { [name]: variable }) !== text)
    .map(([name]) => name);
}

/** "header Authorization → {{authorization}}, body: the value of {{apiSecret}}". */
export function replacedSummary(replacements: Replacement[], redacted: string[]): string {
  return [...replacements.map((item) => `${item.where} → {{${item.variable}}}`), ...redacted.map((name) => `the value of {{${name}}}`)].join(', ');
}
