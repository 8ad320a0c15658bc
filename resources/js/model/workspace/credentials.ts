// What counts as a credential in a request as typed, for everything that writes a request down
// outside this browser (saved files, share links). Secret-looking names come from the one list
// every host and the app share, protocol/secret-names.json. Pure.
import { isSecretName } from './secret-names';
//
// A header or query row is a credential when its name says so — Authorization, Cookie and the
// like, or any name with a key/token/secret/password word — and its value holds literal text
// rather than `{{variable}}` references. `Bearer {{token}}` or `session={{session}}` hold none.

/** What a writer does to each text it writes down (a share link puts `{{name}}` back for secret values). */
export type Redact = (text: string) => string;

/** Headers whose value is a credential whatever the request. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-xsrf-token', 'x-csrf-token']);

export function isCredentialHeader(name: string): boolean {
  const trimmed = name.trim();
  // isSecretName reads camelCase humps, so it gets the name as typed.
  return CREDENTIAL_HEADERS.has(trimmed.toLowerCase()) || isSecretName(trimmed);
}

const REFERENCE = /\{\{\s*[A-Za-z0-9_.-]+\s*\}\}/g;

/**
 * Whether a value holds literal credential text: anything left once `{{variable}}` references,
 * auth scheme words (`Bearer `, `Basic `), cookie names (`session=`) and separators are taken out.
 */
export function holdsLiteral(value: string): boolean {
  const rest = value
    .replace(REFERENCE, ' ')
    .replace(/^\s*(Bearer|Basic|Token|Digest|ApiKey)\s+/i, ' ')
    .replace(/[A-Za-z0-9_.-]+=/g, ' ')
    .replace(/[\s;,]+/g, '');
  return rest !== '';
}

/** A whole value made of `{{variable}}` references only (or empty): what auth fields may keep in a file. */
export function isReferenceOnly(value: string): boolean {
  return value.replace(REFERENCE, '').trim() === '';
}

/**
 * Query parameters that are credentials by their whole name, though the word alone is not secret
 * elsewhere (a `key` in a dump is usually not): APIs that take a key in the URL call it `key`
 * (Google's), and signed URLs carry their proof as `signature` (Laravel's) or `sig` (Azure's SAS).
 */
const CREDENTIAL_QUERY_NAMES = new Set(['key', 'sig', 'signature']);

export function isCredentialQueryName(name: string): boolean {
  const trimmed = name.trim();
  return CREDENTIAL_QUERY_NAMES.has(trimmed.toLowerCase()) || isSecretName(trimmed);
}

export type CredentialRowKind = 'header' | 'query';

/** A row whose value must not be written down as typed. */
export function isCredentialRow(kind: CredentialRowKind, row: { name: string; value: string }): boolean {
  const named = kind === 'header' ? isCredentialHeader(row.name) : isCredentialQueryName(row.name);
  return named && holdsLiteral(row.value);
}

/** Auth fields that are credentials when they hold a literal (the auth type itself never is). */
export const AUTH_CREDENTIAL_FIELDS = ['token', 'username', 'password', 'userId'] as const;
export type AuthCredentialField = (typeof AUTH_CREDENTIAL_FIELDS)[number];
