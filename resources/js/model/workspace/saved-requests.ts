// Saved requests as workspace files (requests/SLUG.json): from the builder's state and back, the
// file name for a new one, and the pane's folders and search. Pure. Credentials never go in a file:
// auth keeps its type and its `{{variable}}` references only, a credential row (lib/credentials.ts)
// keeps its name and not its literal value, a secret variable's value goes back to its reference
// (`redact`), and file parts keep their name, not their content. saved-credentials.ts turns the
// credentials into references before this runs, so the blanking here is the last line of defence.
import type { SavedAuth, SavedRequestFile, SavedRow } from '../../../../protocol/types';
import { isCredentialRow, isReferenceOnly, type Redact } from './credentials';
import { normalizeRequestState } from '../request/normalize-request';
import type { AuthState, KeyValueRow, RequestDefaults, RequestState } from '../request/request-state';
import { AUTH_FIELDS_KEPT } from './saved-credentials';
import { savedAuthSettings } from '../../model/auth/auth-settings';

const rows = (items: KeyValueRow[], kind?: 'header' | 'query'): SavedRow[] =>
  items.map(({ name, value, enabled }) => ({ name, value: kind && isCredentialRow(kind, { name, value }) ? '' : value, enabled }));

export function toSavedFile(state: RequestState, name: string, folder: string, redact: Redact = (text) => text): SavedRequestFile {
  const body: SavedRequestFile['body'] =
    state.bodyType === 'json'
      ? { type: 'json', text: state.jsonBody }
      : state.bodyType === 'raw'
        ? { type: 'raw', text: state.rawBody, contentType: state.rawContentType }
        : state.bodyType === 'form'
          ? { type: 'form', fields: rows(state.formFields) }
          : state.bodyType === 'multipart'
            ? { type: 'multipart', fields: state.multipartFields.map((row) => ({ name: row.name, value: row.kind === 'file' ? (row.file?.filename ?? '') : row.value, enabled: row.enabled, kind: row.kind })) }
            : { type: 'none' };
  const auth = savedAuthOf(state.auth);
  const file: SavedRequestFile = {
    name: name.trim(),
    folder: folder.trim().replace(/^\/+|\/+$/g, ''),
    application: state.application,
    method: state.method,
    url: state.url,
    pathParams: { ...state.pathParams },
    query: rows(state.query, 'query'),
    headers: rows(state.headers, 'header'),
    body,
    auth,
    captures: state.captures.map((rule) => ({ ...rule })),
    assertions: state.assertions.map(({ source, path, operator, expected }) => ({ source, path, operator, expected })),
    ...(state.identities.length > 0 ? { identities: state.identities.map((identity) => ({ ...identity })) } : {}),
  };
  // Any secret variable's value typed in literally goes back to its {{name}}.
  return JSON.parse(JSON.stringify(file), (_key, value: unknown) => (typeof value === 'string' ? redact(value) : value)) as SavedRequestFile;
}

/** An auth as a file keeps it (a request's, a folder's): its type, `{{variable}}` references only, its public settings. */
export function savedAuthOf(state: AuthState): SavedAuth {
  const auth: SavedAuth = { type: state.type };
  if (state.type === 'inherit') return auth;
  for (const field of AUTH_FIELDS_KEPT[state.type]) {
    const value = state[field] ?? '';
    if (value !== '' && isReferenceOnly(value)) auth[field] = value;
  }
  return Object.assign(auth, savedAuthSettings(state));
}

/** The builder's state for a saved file; whatever is missing or malformed takes the defaults. */
export function fromSavedFile(file: Partial<SavedRequestFile>, defaults?: RequestDefaults): RequestState {
  const body = (file.body ?? { type: 'none' }) as Record<string, unknown>;
  const fields = Array.isArray(body.fields) ? body.fields : [];
  return normalizeRequestState(
    {
      application: file.application,
      method: file.method,
      url: file.url,
      pathParams: file.pathParams,
      query: file.query,
      headers: file.headers,
      bodyType: body.type,
      jsonBody: body.type === 'json' ? body.text : '',
      rawBody: body.type === 'raw' ? body.text : '',
      rawContentType: body.type === 'raw' ? body.contentType : undefined,
      formFields: body.type === 'form' ? fields : [],
      // A file part keeps its file name only: it comes back as a text part to pick the file again.
      multipartFields: body.type === 'multipart' ? fields.map((field) => ({ ...(field as object), kind: 'text' })) : [],
      auth: { ...file.auth, type: file.auth?.type },
      captures: file.captures,
      assertions: file.assertions,
      identities: file.identities,
    },
    defaults,
  );
}

/** Longest slug of a new file's name: a route's whole summary would make an unwieldy file name. */
const MAX_SLUG_LENGTH = 40;

/** `get-user` for "Get user" or `getUser`; cut after a whole word at MAX_SLUG_LENGTH. */
export function fileSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, MAX_SLUG_LENGTH) || 'request';
}

/** `requests/get-user.json` for "Get user", not colliding with the paths taken. */
export function newRequestPath(name: string, taken: string[]): string {
  const slug = fileSlug(name);
  let path = `requests/${slug}.json`;
  for (let n = 2; taken.includes(path); n += 1) path = `requests/${slug}-${n}.json`;
  return path;
}

export interface SavedEntry {
  path: string;
  name: string;
  folder: string;
  method: string;
  url: string;
  /** Set when the file could not be read (malformed). */
  problem?: string;
}

/** Entries matching a search (name, folder, method or URL), grouped by folder, folders sorted. */
export function savedFolders(entries: SavedEntry[], search: string): Array<{ folder: string; entries: SavedEntry[] }> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, SavedEntry[]>();
  for (const entry of entries) {
    const haystack = `${entry.name} ${entry.folder} ${entry.method} ${entry.url}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    groups.set(entry.folder, [...(groups.get(entry.folder) ?? []), entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)))
    .map(([folder, items]) => ({ folder, entries: items.sort((x, y) => x.name.localeCompare(y.name)) }));
}
