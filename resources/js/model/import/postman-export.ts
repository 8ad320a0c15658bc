// Saved requests (a folder of them, or all) as a Postman collection v2.1, and environment files as
// Postman environments. Secrets leave as named variables without a value, as in the workspace's
// files; captures leave as the test-script lines that set the same variables. Inherited auth stays
// inherited: a request whose auth is `inherit` has no `auth` (Postman then takes its folder's), a
// folder's settings auth is its Postman folder's, and the workspace's (or, for one folder, the
// nearest above it) the collection's. Pure.
import type { EnvironmentFile, FolderSettingsFile, SavedAuth, SavedRequestFile, SavedRow } from '../../../../protocol/types';
import { folderLineage, folderSettingsOf } from '../workspace/inherited-auth';
import { postmanCaptureLine } from './script-captures';

export const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

interface PostmanFolder {
  name: string;
  auth?: object;
  item: Array<PostmanFolder | Record<string, unknown>>;
}

const keyValues = (rows: SavedRow[]) => rows.map((row) => ({ key: row.name, value: row.value, ...(row.enabled === false ? { disabled: true } : {}) }));

/** `{{base}}/users/{id}` with query rows → Postman's URL object (path variables as `:id`). */
function postmanUrl(file: SavedRequestFile) {
  const path = file.url.replace(/\{([A-Za-z_][\w-]*)\??\}(?!\})/g, ':$1');
  const query = keyValues(file.query ?? []);
  const search = query.filter((row) => !row.disabled).map((row) => `${row.key}=${row.value}`).join('&');
  const absolute = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(.*)$/i.exec(path);
  const [host, rest] = absolute ? [absolute[2], absolute[3]] : /^(\{\{[^}]+\}\})(.*)$/.exec(path)?.slice(1) ?? ['', path];
  return {
    raw: search ? `${path}?${search}` : path,
    ...(absolute ? { protocol: absolute[1] } : {}),
    ...(host ? { host: host.split('.') } : {}),
    path: rest.split('/').filter(Boolean),
    ...(query.length > 0 ? { query } : {}),
    ...(Object.keys(file.pathParams ?? {}).length > 0 ? { variable: Object.entries(file.pathParams).map(([key, value]) => ({ key, value })) } : {}),
  };
}

function postmanBody(body: SavedRequestFile['body']) {
  switch (body.type) {
    case 'json':
      return { mode: 'raw', raw: body.text, options: { raw: { language: 'json' } } };
    case 'raw':
      return { mode: 'raw', raw: body.text, options: { raw: { language: body.contentType.includes('xml') ? 'xml' : 'text' } } };
    case 'form':
      return { mode: 'urlencoded', urlencoded: keyValues(body.fields) };
    case 'multipart':
      return {
        mode: 'formdata',
        formdata: body.fields.map((field) => ({
          key: field.name,
          ...(field.kind === 'file' ? { type: 'file', src: field.value } : { type: 'text', value: field.value }),
          ...(field.enabled === false ? { disabled: true } : {}),
        })),
      };
    default:
      return undefined;
  }
}

function postmanAuth(auth: SavedAuth) {
  if (auth.type === 'bearer') return { type: 'bearer', bearer: [{ key: 'token', value: auth.token ?? '', type: 'string' }] };
  if (auth.type === 'basic' || auth.type === 'digest')
    return {
      type: auth.type,
      [auth.type]: [
        { key: 'username', value: auth.username ?? '', type: 'string' },
        { key: 'password', value: auth.password ?? '', type: 'string' },
      ],
    };
  if (auth.type === 'api-key')
    return {
      type: 'apikey',
      apikey: [
        { key: 'key', value: auth.keyName || 'X-API-Key', type: 'string' },
        { key: 'value', value: auth.token ?? '', type: 'string' },
        { key: 'in', value: auth.keyIn === 'query' ? 'query' : 'header', type: 'string' },
      ],
    };
  return { type: 'noauth' };
}

/** The Postman auth a folder's settings give ('' the workspace), or undefined when it has none of its own (it inherits). */
function folderAuth(folder: string, folders: readonly FolderSettingsFile[]) {
  const settings = folderSettingsOf(folder, folders);
  return settings && settings.auth?.type !== 'inherit' ? postmanAuth(settings.auth) : undefined;
}

/** Auth that only a Kite host can apply: the collection says what it was. */
const HOST_ONLY_AUTH: Partial<Record<SavedRequestFile['auth']['type'], string>> = {
  'current-user': 'Kite sent this request as the logged-in user (a session only the Kite host has).',
  impersonate: 'Kite sent this request impersonating a user (only the Kite host can).',
};

function postmanItem(file: SavedRequestFile) {
  const body = postmanBody(file.body ?? { type: 'none' });
  const auth = file.auth ?? { type: 'none' };
  const description = [file.notes, auth.type === 'inherit' ? undefined : HOST_ONLY_AUTH[auth.type]].filter(Boolean).join('\n\n');
  return {
    name: file.name,
    request: {
      method: file.method,
      header: keyValues(file.headers ?? []),
      url: postmanUrl(file),
      ...(body ? { body } : {}),
      // No auth is Postman's inherit.
      ...(auth.type === 'inherit' ? {} : { auth: postmanAuth(auth) }),
      ...(description ? { description } : {}),
    },
    ...((file.captures ?? []).length > 0 ? { event: [{ listen: 'test', script: { type: 'text/javascript', exec: file.captures.map(postmanCaptureLine) } }] } : {}),
  };
}

const folderPath = (folder: string | undefined): string => (folder ?? '').replace(/^\/+|\/+$/g, '');

/** The saved requests in `folder` or a folder under it (all of them for no folder): what an export writes. */
export function requestsInFolder<T extends { folder?: string }>(files: T[], folder = ''): T[] {
  const prefix = folderPath(folder);
  if (!prefix) return files;
  return files.filter((file) => {
    const path = folderPath(file.folder);
    return path === prefix || path.startsWith(`${prefix}/`);
  });
}

/**
 * A Postman collection of the saved requests; `folder` keeps one folder (and those under it), with
 * the paths below it. Requests keep their folders as Postman folders, with the folders' auth.
 */
export function toPostmanCollection(name: string, files: SavedRequestFile[], folder = '', folders: readonly FolderSettingsFile[] = []): object {
  const root: PostmanFolder = { name, item: [] };
  const prefix = folderPath(folder);
  // The collection's auth: the exported folder's own, else the nearest above it, else the workspace's.
  const collectionAuth = folderLineage(prefix).map((candidate) => folderAuth(candidate, folders)).find(Boolean);
  for (const file of requestsInFolder(files, folder)) {
    const path = folderPath(file.folder);
    let parent = root;
    let below = prefix;
    for (const part of (prefix ? path.slice(prefix.length) : path).split('/').filter(Boolean)) {
      below = below ? `${below}/${part}` : part;
      let next = parent.item.find((item): item is PostmanFolder => Array.isArray(item.item) && item.name === part);
      if (!next) {
        const auth = folderAuth(below, folders);
        parent.item.push((next = { name: part, ...(auth ? { auth } : {}), item: [] }));
      }
      parent = next;
    }
    parent.item.push(postmanItem(file));
  }
  return { info: { name, schema: POSTMAN_SCHEMA_V21 }, item: root.item, ...(collectionAuth ? { auth: collectionAuth } : {}) };
}

/** A Postman environment of an environment file: a secret is there by name, with no value. */
export function toPostmanEnvironment(file: EnvironmentFile): object {
  return {
    name: file.name,
    values: Object.entries(file.variables).map(([key, value]) =>
      typeof value === 'string' ? { key, value, type: 'default', enabled: true } : { key, value: '', type: 'secret', enabled: true },
    ),
    _postman_variable_scope: 'environment',
  };
}
