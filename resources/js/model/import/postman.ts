// Postman collections (v2.0 and v2.1) and Postman environment and globals files, read into an
// ImportBatch. Folders nest, variables are inherited from the collection and its folders, their
// auth becomes folder settings files (folders/SLUG.json) that requests without one inherit,
// scripts are kept verbatim as notes (their variable settings also become captures). Pure.
import { emptyRow, type AuthState, type KeyValueRow, type MultipartRow, type RequestState } from '../request/request-state';
import { isRecord } from '../is-record';
import { type ImportBatch, importedState, setRequestAuth, setTextBody } from './batch';
import { type Json, list, text } from './values';
import { capturesFromScript } from './script-captures';

const SUPPORTED = /schema\.getpostman\.com\/json\/collection\/v2\.[01]\.\d+\/collection\.json/;


export function isPostmanCollection(value: unknown): value is Json {
  return isRecord(value) && isRecord(value.info) && (typeof value.info.schema === 'string' || Array.isArray(value.item));
}

export function isPostmanEnvironment(value: unknown): value is Json {
  return isRecord(value) && Array.isArray(value.values) && (typeof value._postman_variable_scope === 'string' || typeof value.name === 'string');
}

/** Why a collection's schema is not one this reader knows, or null. */
export function postmanSchemaProblem(collection: Json): string | null {
  const schema = text((collection.info as Json).schema);
  if (SUPPORTED.test(schema)) return null;
  return schema
    ? `a Postman collection of schema ${schema}: Kite reads collection v2.0 and v2.1 (export again as "Collection v2.1")`
    : 'a Postman collection without info.schema: Kite reads collection v2.0 and v2.1 (export again as "Collection v2.1")';
}

const rows = (items: unknown): KeyValueRow[] =>
  list(items)
    .filter((item) => text(item.key) !== '' || text(item.value) !== '')
    .map((item) => ({ ...emptyRow(text(item.key), text(item.value)), enabled: item.disabled !== true }));

/** v2.1 keeps an auth type's fields as [{ key, value }], v2.0 as an object. */
function authFields(auth: Json, type: string): Record<string, string> {
  const fields = auth[type];
  if (Array.isArray(fields)) return Object.fromEntries(list(fields).map((item) => [text(item.key), text(item.value)]));
  if (isRecord(fields)) return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, text(value)]));
  return {};
}

interface Context {
  folders: string[];
  /** Whether the collection or a folder above set an auth (a folder settings file): a request without one inherits it. */
  inherits: boolean;
  /** Scripts of the collection and the folders above, kept in each request's notes. */
  scripts: Script[];
}

/** Postman's auth as Kite's: null for none, or for a type Kite has not (a report line says so). */
function authStateOf(auth: Json, where: string, batch: ImportBatch): AuthState | null {
  const type = text(auth.type);
  const fields = authFields(auth, type);
  const none = importedState().auth;
  if (type === 'bearer') return { ...none, type: 'bearer', token: fields.token ?? '' };
  if (type === 'basic' || type === 'digest') return { ...none, type, username: fields.username ?? '', password: fields.password ?? '' };
  if (type === 'apikey') return { ...none, type: 'api-key', token: fields.value ?? '', keyName: fields.key || 'X-API-Key', keyIn: fields.in === 'query' ? 'query' : 'header' };
  if (type !== 'noauth' && type !== '')
    batch.keptAsNote(`${where}: ${type} auth has no Kite equivalent; imported without auth (set it up by hand; its settings were not copied, they may hold credentials)`);
  return null;
}

/** A collection's or folder's auth becomes its folder settings file (Postman's `inherit` and none leave it to the parent). */
function readFolderAuth(owner: Json, context: Context, where: string, batch: ImportBatch): boolean {
  if (!isRecord(owner.auth) || text(owner.auth.type) === 'inherit') return context.inherits;
  batch.addFolderAuth(context.folders, authStateOf(owner.auth, where, batch) ?? { ...importedState().auth, type: 'none' });
  return true;
}

interface Script {
  code: string;
  /** The code with where it came from, as kept in the notes. */
  note: string;
}

function scripts(events: unknown, owner: string): Script[] {
  return list(events).flatMap((event) => {
    const script = isRecord(event.script) ? event.script : {};
    const code = Array.isArray(script.exec) ? script.exec.map(text).join('\n') : text(script.exec);
    if (!code.trim()) return [];
    const kind = event.listen === 'prerequest' ? 'pre-request script' : 'test script';
    return [{ code, note: `Postman ${kind} of ${owner} (kept verbatim; Kite does not run scripts):\n${code}` }];
  });
}

const RAW_TYPES: Record<string, string> = { json: 'application/json', xml: 'application/xml', html: 'text/html', javascript: 'application/javascript', text: 'text/plain' };

function applyBody(state: RequestState, body: Json, where: string, batch: ImportBatch): void {
  const mode = text(body.mode);
  if (mode === 'raw') {
    const raw = text(body.raw);
    const language = isRecord(body.options) && isRecord(body.options.raw) ? text(body.options.raw.language) : '';
    const header = state.headers.find((row) => row.name.toLowerCase() === 'content-type')?.value ?? '';
    setTextBody(state, raw, language === 'json' && !/\bjson\b/i.test(header) ? 'application/json' : header || RAW_TYPES[language] || 'text/plain');
  } else if (mode === 'urlencoded') {
    state.bodyType = 'form';
    state.formFields = rows(body.urlencoded);
  } else if (mode === 'formdata') {
    state.bodyType = 'multipart';
    state.multipartFields = list(body.formdata).map((item): MultipartRow => {
      const file = item.type === 'file';
      const source = Array.isArray(item.src) ? item.src.map(text).join(', ') : text(item.src);
      const row: MultipartRow = { ...emptyRow(text(item.key), file ? '' : text(item.value)), enabled: item.disabled !== true, kind: file ? 'file' : 'text' };
      // The file's name only: its content stays on the machine it was picked on.
      return file ? { ...row, file: { filename: source, contentType: '', size: 0 } } : row;
    });
    if (state.multipartFields.some((row) => row.kind === 'file')) batch.converted(`${where}: file parts keep their file name; pick each file again before sending`);
  } else if (mode === 'graphql') {
    batch.graphqlBody(state, where, isRecord(body.graphql) ? body.graphql : {});
  } else if (mode === 'file') {
    batch.keptAsNote(`${where}: a binary file body (${text(isRecord(body.file) ? body.file.src : '')}) has no Kite equivalent; the request was imported without a body`);
  }
}

/** `{{base}}/users/:id?x=1` → path `{{base}}/users/{id}` and its query rows; the URL object's parts win. */
function applyUrl(state: RequestState, url: unknown): void {
  const raw = isRecord(url) ? text(url.raw) : text(url);
  let path = raw.split('#')[0];
  const question = path.indexOf('?');
  const inlineQuery = question === -1 ? '' : path.slice(question + 1);
  if (question !== -1) path = path.slice(0, question);
  if (isRecord(url) && !raw) {
    const host = Array.isArray(url.host) ? url.host.map(text).join('.') : text(url.host);
    const segments = Array.isArray(url.path) ? url.path.map((segment) => (isRecord(segment) ? text(segment.value) : text(segment))).join('/') : text(url.path);
    path = `${url.protocol ? `${text(url.protocol)}://` : ''}${host}${segments ? `/${segments}` : ''}`;
  }
  state.url = path.replace(/(^|\/):([A-Za-z_][\w-]*)(?=\/|$)/g, '$1{$2}');
  if (isRecord(url) && Array.isArray(url.query)) state.query = [...rows(url.query), ...state.query];
  else if (inlineQuery) {
    state.query = [
      ...inlineQuery
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const [name, ...value] = pair.split('=');
          return emptyRow(name, value.join('='));
        }),
      ...state.query,
    ];
  }
  if (isRecord(url)) for (const variable of list(url.variable)) state.pathParams[text(variable.key)] = text(variable.value);
}

/** Why a URL cannot be a request's, or null: empty, or absolute and not a URL. */
function urlProblem(url: string): string | null {
  if (url.trim() === '') return 'it has no URL';
  const probe = url.replace(/\{\{[^}]*\}\}/g, 'x').replace(/\{([^}]*)\}/g, '$1');
  if (/^[a-z][a-z0-9+.-]*:/i.test(probe)) {
    try {
      new URL(probe);
    } catch {
      return `its URL ${url} does not parse`;
    }
  }
  return null;
}

function readItem(item: Json, context: Context, batch: ImportBatch): void {
  const name = text(item.name) || text(item.id) || 'Untitled';
  const where = [...context.folders, name].join('/');
  if (Array.isArray(item.item) || !isRecord(item.request) && typeof item.request !== 'string') {
    if (!Array.isArray(item.item)) {
      batch.skip(where, 'neither a request nor a folder');
      return;
    }
    for (const variable of list(item.variable)) batch.addDefault(text(variable.key), text(variable.value), variable.type === 'secret' ? true : undefined);
    const folders = [...context.folders, name];
    const folder: Context = {
      folders,
      inherits: readFolderAuth(item, { ...context, folders }, `folder ${where}`, batch),
      scripts: [...context.scripts, ...scripts(item.event, `folder ${where}`)],
    };
    for (const child of list(item.item)) readItem(child, folder, batch);
    return;
  }
  const request: Json = typeof item.request === 'string' ? { url: item.request, method: 'GET' } : (item.request as Json);
  const method = batch.knownMethod(where, text(request.method) || 'GET');
  if (!method) return;
  const state = importedState();
  state.method = method;
  state.headers = rows(request.header);
  applyUrl(state, request.url);
  const problem = urlProblem(state.url);
  if (problem) {
    batch.skip(where, problem);
    return;
  }
  if (isRecord(request.body)) applyBody(state, request.body, where, batch);
  if (isRecord(request.auth) && text(request.auth.type) !== 'inherit') setRequestAuth(state, authStateOf(request.auth, where, batch), where, batch);
  else if (context.inherits) state.auth = { ...state.auth, type: 'inherit' };
  const notes: string[] = [];
  for (const script of [...context.scripts, ...scripts(item.event, `request ${name}`)]) {
    const { rules, whole } = capturesFromScript(script.code);
    for (const rule of rules) batch.converted(`${where}: ${rule.variable} set by a script → capture {{${rule.variable}}} from the response ${rule.source} ${rule.path}`);
    state.captures = [...state.captures, ...rules.filter((rule) => !state.captures.some((other) => other.variable === rule.variable))];
    // A script that only set variables is all in the captures; any other is kept.
    if (!whole) notes.push(script.note);
  }
  if (notes.length > 0) batch.keptAsNote(`${where}: ${notes.length === 1 ? 'a script' : `${notes.length} scripts`} kept verbatim in the request's notes (Kite runs no scripts; status and value checks are not turned into assertions on this branch)`);
  const description = isRecord(request.description) ? text(request.description.content) : text(request.description);
  batch.addRequest({ name, folders: context.folders, state, notes: [...(description ? [description] : []), ...notes] });
}

export function readPostmanCollection(collection: Json, batch: ImportBatch): void {
  const problem = postmanSchemaProblem(collection);
  if (problem) {
    batch.skip('', problem);
    return;
  }
  const info = collection.info as Json;
  batch.nameCollection(text(info.name));
  for (const variable of list(collection.variable)) batch.addDefault(text(variable.key), text(variable.value), variable.type === 'secret' ? true : undefined);
  const top: Context = { folders: [], inherits: false, scripts: scripts(collection.event, 'the collection') };
  const context: Context = { ...top, inherits: readFolderAuth(collection, top, 'the collection', batch) };
  for (const item of list(collection.item)) readItem(item, context, batch);
}

export function readPostmanEnvironment(environment: Json, batch: ImportBatch): void {
  const name = text(environment.name) || (environment._postman_variable_scope === 'globals' ? 'Postman globals' : 'Postman environment');
  batch.addEnvironment(
    name,
    list(environment.values)
      .filter((value) => value.enabled !== false)
      .map((value) => ({ name: text(value.key), value: text(value.value), secret: value.type === 'secret' ? true : undefined })),
  );
}
