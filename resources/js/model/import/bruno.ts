// Bruno collections: the .bru files of a collection folder (requests in folders, environments in
// environments/), each read by Bruno's own parser (@usebruno/lang). Post-response variables and
// scripts' variable settings become captures; scripts, tests and assertions are kept as notes. Pure.
import bruToJson from '@usebruno/lang/v2/src/bruToJson';
import envToJson from '@usebruno/lang/v2/src/envToJson';
import { emptyRow, type MultipartRow, type RequestState } from '../request/request-state';
import { isRecord } from '../is-record';
import { type ImportBatch, importedState, setTextBody } from './batch';
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

function applyAuth(state: RequestState, mode: string, auth: Json, where: string, batch: ImportBatch): void {
  const fields = isRecord(auth[mode]) ? (auth[mode] as Json) : {};
  if (mode === 'bearer') state.auth = { ...state.auth, type: 'bearer', token: text(fields.token) };
  else if (mode === 'basic') state.auth = { ...state.auth, type: 'basic', username: text(fields.username), password: text(fields.password) };
  else if (mode === 'apikey') {
    const row = emptyRow(text(fields.key) || 'X-API-Key', text(fields.value));
    if (fields.placement === 'queryparams') state.query = [...state.query, row];
    else state.headers = [...state.headers, row];
    batch.converted(`${where}: API key auth → ${fields.placement === 'queryparams' ? 'query' : 'header'} ${row.name}`);
  } else if (mode === 'inherit') batch.keptAsNote(`${where}: its auth is inherited from the Bruno collection or folder, which Kite does not read; set the auth by hand`);
  else if (mode && mode !== 'none') batch.keptAsNote(`${where}: ${mode} auth has no Kite equivalent; the request was imported without auth (set it up by hand; its settings were not copied, they may hold credentials)`);
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
    batch.skip(where, `a Bruno ${text(meta.type) || 'file'} without an HTTP request (Kite imports HTTP requests; folder.bru and collection.bru settings are not read)`);
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
  applyBody(state, text(http.body), isRecord(bru.body) ? bru.body : {}, where, batch);
  applyAuth(state, text(http.auth), isRecord(bru.auth) ? bru.auth : {}, where, batch);

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
  else if (/^(collection|folder)\.bru$/i.test(parts[parts.length - 1])) batch.keptAsNote(`${source.name}: Bruno collection and folder settings (auth, headers, scripts) are not applied to the requests`);
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
