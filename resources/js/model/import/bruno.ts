// Bruno collections: the .bru files of a collection folder (requests in folders, environments in
// environments/), each read by Bruno's own parser (@usebruno/lang). Post-response variables and
// scripts' variable settings become captures; scripts, tests and assertions are kept as notes.
// collection.bru and folder.bru settings apply to the requests below them: their headers are
// added, and their auth becomes the folder's settings file (folders/SLUG.json), which a request
// whose auth is `inherit` takes. Pure.
import bruToJson from '@usebruno/lang/v2/src/bruToJson';
import collectionBruToJson from '@usebruno/lang/v2/src/collectionBruToJson';
import envToJson from '@usebruno/lang/v2/src/envToJson';
import { emptyRow, type AuthState, type MultipartRow, type RequestState } from '../request/request-state';
import { isRecord } from '../is-record';
import { type ImportBatch, importedState, setRequestAuth, setTextBody } from './batch';
import { capturesFromScript } from './script-captures';
import { type Json, list, text } from './values';

const rows = (items: unknown) => list(items).map((item) => ({ ...emptyRow(text(item.name), text(item.value)), enabled: item.enabled !== false }));

/** `collection/Users/Admin/create.bru` → ['Users', 'Admin']: the folders below the collection's own. */
const foldersOf = (name: string) => name.split(/[\\/]/).slice(1, -1);

function applyBody(state: RequestState, mode: string, body: Json, where: string, batch: ImportBatch): void {
  if (mode === 'json') setTextBody(state, text(body.json), 'application/json');
  else if (mode === 'text') setTextBody(state, text(body.text), 'text/plain');
  else if (mode === 'xml') setTextBody(state, text(body.xml), 'application/xml');
  else if (mode === 'sparql') setTextBody(state, text(body.sparql), 'application/sparql-query');
  else if (mode === 'formUrlEncoded') {
    state.bodyType = 'form';
    state.formFields = rows(body.formUrlEncoded);
  } else if (mode === 'multipartForm') {
    state.bodyType = 'multipart';
    state.multipartFields = list(body.multipartForm).map((item): MultipartRow => {
      const file = item.type === 'file';
      const value = Array.isArray(item.value) ? item.value.map(text).join(', ') : text(item.value);
      const row: MultipartRow = { ...emptyRow(text(item.name), file ? '' : value), enabled: item.enabled !== false, kind: file ? 'file' : 'text' };
      return file ? { ...row, file: { filename: value.replace(/^@file\((.*)\)$/, '$1'), contentType: '', size: 0 } } : row;
    });
  } else if (mode === 'graphql') {
    batch.graphqlBody(state, where, isRecord(body.graphql) ? body.graphql : {});
  } else if (mode && mode !== 'none') batch.keptAsNote(`${where}: a ${mode} body has no Kite equivalent; the request was imported without a body`);
}

/** Bruno's auth as Kite's: null for none or inherit, or for a mode Kite has not (a report line says so). */
function authStateOf(mode: string, auth: Json, where: string, batch: ImportBatch): AuthState | null {
  const fields = isRecord(auth[mode]) ? (auth[mode] as Json) : {};
  const none = importedState().auth;
  if (mode === 'bearer') return { ...none, type: 'bearer', token: text(fields.token) };
  if (mode === 'basic' || mode === 'digest') return { ...none, type: mode, username: text(fields.username), password: text(fields.password) };
  if (mode === 'apikey') return { ...none, type: 'api-key', token: text(fields.value), keyName: text(fields.key) || 'X-API-Key', keyIn: fields.placement === 'queryparams' ? 'query' : 'header' };
  if (mode === 'inherit') batch.keptAsNote(`${where}: its auth is inherited, and no collection.bru or folder.bru above it (among the files imported) sets one; set the auth by hand`);
  else if (mode && mode !== 'none') batch.keptAsNote(`${where}: ${mode} auth has no Kite equivalent; the request was imported without auth (set it up by hand; its settings were not copied, they may hold credentials)`);
  return null;
}

/** Whether a collection.bru or folder.bru sets an auth its requests can inherit. */
const setsAuth = (settings: Json) => isRecord(settings.auth) && !['inherit', ''].includes(text(settings.auth.mode));

/** The settings of each folder of a batch's Bruno collection ('' the collection's own), by folder path. */
const folderSettings = new WeakMap<ImportBatch, Map<string, Json>>();

export const isBrunoSettings = (name: string) => /(^|[\\/])(collection|folder)\.bru$/i.test(name);

function readSettings(source: { name: string; text: string }, batch: ImportBatch): void {
  let settings: Json;
  try {
    settings = collectionBruToJson(source.text);
  } catch (error) {
    batch.skip('', `not a Bruno settings file its parser reads (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return;
  }
  const folders = folderSettings.get(batch) ?? new Map<string, Json>();
  folderSettings.set(batch, folders);
  folders.set(foldersOf(source.name).join('/'), settings);
  if (setsAuth(settings)) {
    const auth = settings.auth as Json;
    batch.addFolderAuth(foldersOf(source.name), authStateOf(text(auth.mode), auth, source.name, batch) ?? { ...importedState().auth, type: 'none' });
  }
  const script = isRecord(settings.script) ? settings.script : {};
  if ([text(script.req), text(script.res), text(settings.tests)].some((code) => code.trim()))
    batch.keptAsNote(`${source.name}: its scripts and tests are not run or copied (Kite runs no scripts); its headers and auth apply to the requests below it`);
}

/** The settings from the collection down to the request's folder, outermost first. */
function settingsAbove(folders: string[], batch: ImportBatch): Array<{ folder: string; settings: Json }> {
  const known = folderSettings.get(batch);
  if (!known) return [];
  return ['', ...folders.map((_, index) => folders.slice(0, index + 1).join('/'))].flatMap((folder) => (known.has(folder) ? [{ folder, settings: known.get(folder)! }] : []));
}

function readRequest(source: { name: string; text: string }, batch: ImportBatch): void {
  let bru: Json;
  try {
    bru = bruToJson(source.text);
  } catch (error) {
    batch.skip('', `not a .bru file Bruno's parser reads (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return;
  }
  const meta = isRecord(bru.meta) ? bru.meta : {};
  const http = isRecord(bru.http) ? bru.http : null;
  const name = text(meta.name) || source.name.split(/[\\/]/).pop()!.replace(/\.bru$/, '');
  const folders = foldersOf(source.name);
  const where = [...folders, name].join('/');
  if (!http) {
    batch.skip(where, `a Bruno ${text(meta.type) || 'file'} without an HTTP request (Kite imports HTTP requests)`);
    return;
  }
  const method = batch.knownMethod(where, text(http.method));
  if (!method) return;
  const state = importedState();
  state.method = method;
  const params = list(bru.params);
  const [path] = text(http.url).split('?');
  if (!path.trim()) {
    batch.skip(where, 'it has no URL');
    return;
  }
  state.url = path.replace(/(^|\/):([A-Za-z_][\w-]*)(?=\/|$)/g, '$1{$2}');
  state.query = rows(params.filter((param) => param.type !== 'path'));
  for (const param of params.filter((item) => item.type === 'path')) state.pathParams[text(param.name)] = text(param.value);
  state.headers = rows(bru.headers);
  const above = settingsAbove(folders, batch);
  // A folder's header is sent unless a nearer folder or the request names it too.
  for (const { settings } of [...above].reverse())
    for (const row of rows(settings.headers)) if (!state.headers.some((other) => other.name.toLowerCase() === row.name.toLowerCase())) state.headers = [row, ...state.headers];
  applyBody(state, text(http.body), isRecord(bru.body) ? bru.body : {}, where, batch);
  // A folder.bru or collection.bru auth is its folder's settings file (readSettings): the request inherits it.
  if (text(http.auth) === 'inherit' && above.some(({ settings }) => setsAuth(settings))) state.auth = { ...state.auth, type: 'inherit' };
  else setRequestAuth(state, authStateOf(text(http.auth), isRecord(bru.auth) ? bru.auth : {}, where, batch), where, batch);

  const script = isRecord(bru.script) ? bru.script : {};
  const vars = isRecord(bru.vars) ? bru.vars : {};
  // Post-response variables are declarative captures: `token: res.body.token`.
  const setters = list(vars.res).map((item) => `bru.setVar(${JSON.stringify(text(item.name))}, ${text(item.value)});`);
  const notes: string[] = [];
  for (const [kind, code] of [
    ['post-response variables', setters.join('\n')],
    ['pre-request script', text(script.req)],
    ['post-response script', text(script.res)],
    ['tests', text(bru.tests)],
    ['assertions', list(bru.assertions).map((item) => `${text(item.name)}: ${text(item.value)}`).join('\n')],
  ]) {
    if (!code.trim()) continue;
    const { rules, whole } = capturesFromScript(code);
    for (const rule of rules) batch.converted(`${where}: ${rule.variable} set from the response → capture {{${rule.variable}}} from the response ${rule.source} ${rule.path}`);
    state.captures = [...state.captures, ...rules];
    if (!whole) notes.push(`Bruno ${kind} (kept verbatim; Kite does not run them):\n${code}`);
  }
  if (notes.length > 0) batch.keptAsNote(`${where}: ${notes.length === 1 ? 'a script' : `${notes.length} scripts`} kept verbatim in the request's notes (Kite runs no scripts; assertions are not turned into Kite assertions on this branch)`);
  batch.addRequest({ name, folders, state, notes: [...(text(bru.docs) ? [text(bru.docs)] : []), ...notes] });
}

function readEnvironment(source: { name: string; text: string }, batch: ImportBatch): void {
  let environment: ReturnType<typeof envToJson>;
  try {
    environment = envToJson(source.text);
  } catch (error) {
    batch.skip('', `not a Bruno environment file (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return;
  }
  const name = source.name.split(/[\\/]/).pop()!.replace(/\.bru$/, '');
  batch.addEnvironment(
    name,
    (environment.variables ?? []).filter((variable) => variable.enabled !== false).map((variable) => ({ name: variable.name, value: variable.value ?? '', secret: variable.secret === true ? true : undefined })),
  );
}

/** Reads a .bru file of a Bruno collection; false for any other file. */
export function readBrunoFile(source: { name: string; text: string }, batch: ImportBatch): boolean {
  if (!/\.bru$/i.test(source.name)) return false;
  const parts = source.name.split(/[\\/]/);
  if (parts.length >= 2 && parts[parts.length - 2] === 'environments') readEnvironment(source, batch);
  else if (isBrunoSettings(source.name)) readSettings(source, batch);
  else {
    batch.nameCollection(parts.length > 1 ? parts[0] : 'Bruno');
    readRequest(source, batch);
  }
  return true;
}

/** bruno.json, the collection's settings: names the collection, nothing to import. */
export function readBrunoConfig(value: unknown, batch: ImportBatch): boolean {
  if (!isRecord(value) || value.type !== 'collection' || typeof value.version !== 'string' || typeof value.name !== 'string') return false;
  batch.nameCollection(value.name);
  return true;
}
