// Insomnia exports: v4 (JSON, a flat list of resources linked by parentId) and v5 (YAML, a nested
// collection), with their environments. Both are read as one tree; `{{ _.name }}` becomes Kite's
// `{{name}}`, scripts are kept as notes (their variable settings become captures). Pure.
import { parse as parseYaml } from 'yaml';
import { emptyRow, type MultipartRow, type RequestState } from '../request/request-state';
import { isRecord } from '../is-record';
import { type ImportBatch, importedState, setTextBody } from './batch';
import { type Json, list, text } from './values';
import { capturesFromScript } from './script-captures';


/** A folder (children) or a request of either version. */
interface Node extends Json {
  name?: string;
  children?: Node[];
}

/** `{{ _.token }}` / `{{ token }}` → `{{token}}`; Insomnia's `{% tags %}` stay as text (said in the report). */
const variables = (value: unknown) => text(value).replace(/\{\{\s*(?:_\.)?([A-Za-z0-9_.-]+)\s*\}\}/g, '{{$1}}');

export function isInsomniaV4(value: unknown): value is Json {
  return isRecord(value) && value._type === 'export' && Array.isArray(value.resources);
}

/** Environment data (possibly nested objects) as `a.b` names. */
function flatten(data: unknown, prefix = ''): Array<{ name: string; value: string }> {
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([key, value]) =>
    isRecord(value) ? flatten(value, `${prefix}${key}.`) : [{ name: `${prefix}${key}`, value: typeof value === 'string' ? variables(value) : JSON.stringify(value) }],
  );
}

function applyBody(state: RequestState, body: Json, where: string, batch: ImportBatch): void {
  const mimeType = text(body.mimeType);
  if (/x-www-form-urlencoded/i.test(mimeType)) {
    state.bodyType = 'form';
    state.formFields = list(body.params).map((param) => ({ ...emptyRow(text(param.name), variables(param.value)), enabled: param.disabled !== true }));
  } else if (/multipart\/form-data/i.test(mimeType)) {
    state.bodyType = 'multipart';
    state.multipartFields = list(body.params).map((param): MultipartRow => {
      const file = param.type === 'file';
      const row: MultipartRow = { ...emptyRow(text(param.name), file ? '' : variables(param.value)), enabled: param.disabled !== true, kind: file ? 'file' : 'text' };
      return file ? { ...row, file: { filename: text(param.fileName).split(/[\\/]/).pop() ?? '', contentType: '', size: 0 } } : row;
    });
  } else if (/graphql/i.test(mimeType)) {
    state.bodyType = 'json';
    state.jsonBody = text(body.text);
    batch.converted(`${where}: GraphQL body → JSON body { query, variables }`);
  } else if (text(body.text) !== '' || /json/i.test(mimeType)) {
    setTextBody(state, variables(body.text), mimeType);
  } else if (mimeType === 'application/octet-stream' || body.fileName) {
    batch.keptAsNote(`${where}: a binary file body has no Kite equivalent; the request was imported without a body`);
  }
}

function applyAuth(state: RequestState, auth: Json | null, where: string, batch: ImportBatch): void {
  const type = auth ? text(auth.type) : '';
  if (!auth || auth.disabled === true || type === '' || type === 'none') return;
  if (type === 'bearer') {
    state.auth = { ...state.auth, type: 'bearer', token: variables(auth.token) };
    if (text(auth.prefix) && text(auth.prefix).toLowerCase() !== 'bearer') batch.converted(`${where}: the token prefix "${text(auth.prefix)}" is sent as Bearer`);
  } else if (type === 'basic' || type === 'digest') state.auth = { ...state.auth, type, username: variables(auth.username), password: variables(auth.password) };
  else if (type === 'apikey') {
    const row = emptyRow(text(auth.key) || 'X-API-Key', variables(auth.value));
    if (auth.addTo === 'queryParams') state.query = [...state.query, row];
    else if (auth.addTo === 'cookie') state.headers = [...state.headers, emptyRow('Cookie', `${row.name}=${row.value}`)];
    else state.headers = [...state.headers, row];
    batch.converted(`${where}: API key auth → ${auth.addTo === 'queryParams' ? 'query' : auth.addTo === 'cookie' ? 'cookie' : 'header'} ${row.name}`);
  } else batch.keptAsNote(`${where}: ${type} auth has no Kite equivalent; the request was imported without auth (set it up by hand; its settings were not copied, they may hold credentials)`);
}

const isFolder = (node: Node) => Array.isArray(node.children) || node._type === 'request_group';

function readNode(node: Node, folders: string[], inherited: Json | null, batch: ImportBatch): void {
  const name = text(node.name) || 'Untitled';
  const where = [...folders, name].join('/');
  const own = isRecord(node.authentication) && Object.keys(node.authentication).length > 0 && node.authentication.type !== 'inherit' ? node.authentication : null;
  if (isFolder(node)) {
    for (const variable of flatten(isRecord(node.environment) ? node.environment : undefined)) batch.addDefault(variable.name, variable.value);
    for (const child of node.children ?? []) readNode(child, [...folders, name], own ?? inherited, batch);
    return;
  }
  if (node._type !== undefined && node._type !== 'request') {
    batch.skip(where, `an Insomnia ${text(node._type).replace(/_/g, ' ')}: Kite imports HTTP requests`);
    return;
  }
  const method = batch.knownMethod(where, text(node.method) || 'GET');
  if (!method) return;
  const state = importedState();
  state.method = method;
  const [path, search = ''] = variables(node.url).split('?');
  if (!path.trim()) {
    batch.skip(where, 'it has no URL');
    return;
  }
  state.url = path;
  state.query = [
    ...[...new URLSearchParams(search)].map(([key, value]) => emptyRow(key, value)),
    ...list(node.parameters).map((param) => ({ ...emptyRow(text(param.name), variables(param.value)), enabled: param.disabled !== true })),
  ];
  state.headers = list(node.headers).map((header) => ({ ...emptyRow(text(header.name), variables(header.value)), enabled: header.disabled !== true }));
  if (isRecord(node.body)) applyBody(state, node.body, where, batch);
  if (state.bodyType === 'json' || state.bodyType === 'form' || state.bodyType === 'multipart') state.headers = state.headers.filter((header) => header.name.toLowerCase() !== 'content-type');
  applyAuth(state, own ?? inherited, where, batch);
  if (/\{%/.test(JSON.stringify(node))) batch.keptAsNote(`${where}: Insomnia template tags ({% … %}) have no Kite equivalent and are kept as text`);
  const scripts = isRecord(node.scripts) ? node.scripts : {};
  const notes: string[] = [];
  for (const [kind, code] of [
    ['pre-request script', text(scripts.preRequest) || text(node.preRequestScript)],
    ['after-response script', text(scripts.afterResponse) || text(node.afterResponseScript)],
  ]) {
    if (!code.trim()) continue;
    const { rules, whole } = capturesFromScript(code);
    for (const rule of rules) batch.converted(`${where}: ${rule.variable} set by a script → capture {{${rule.variable}}} from the response ${rule.source} ${rule.path}`);
    state.captures = [...state.captures, ...rules];
    if (!whole) notes.push(`Insomnia ${kind} (kept verbatim; Kite does not run scripts):\n${code}`);
  }
  if (notes.length > 0) batch.keptAsNote(`${where}: ${notes.length === 1 ? 'a script' : `${notes.length} scripts`} kept verbatim in the request's notes (Kite runs no scripts)`);
  const description = isRecord(node.meta) ? text(node.meta.description) : text(node.description);
  batch.addRequest({ name, folders, state, notes: [...(description ? [description] : []), ...notes] });
}

/** The base environment's variables are defaults; each sub-environment becomes an environment. */
function readEnvironments(base: Json | null, subs: Json[], batch: ImportBatch): void {
  for (const variable of flatten(base?.data)) batch.addDefault(variable.name, variable.value);
  for (const sub of subs) batch.addEnvironment(text(sub.name) || 'Insomnia environment', flatten(sub.data));
}

export function readInsomniaV4(exported: Json, batch: ImportBatch): void {
  const format = Number(exported.__export_format);
  if (format !== 4) {
    batch.skip('', `an Insomnia export of format ${text(exported.__export_format) || '(none)'}: Kite reads format 4 (JSON) and collection.insomnia.rest/5.0 (YAML)`);
    return;
  }
  const resources = list(exported.resources) as Node[];
  const byParent = new Map<string, Node[]>();
  for (const resource of resources) byParent.set(text(resource.parentId), [...(byParent.get(text(resource.parentId)) ?? []), resource]);
  const tree = (id: string): Node[] =>
    (byParent.get(id) ?? [])
      .filter((resource) => resource._type !== 'environment' && resource._type !== 'cookie_jar' && resource._type !== 'api_spec' && resource._type !== 'workspace')
      .sort((a, b) => Number(a.metaSortKey ?? 0) - Number(b.metaSortKey ?? 0))
      .map((resource) => (resource._type === 'request_group' ? { ...resource, children: tree(text(resource._id)) } : resource));
  for (const workspace of resources.filter((resource) => resource._type === 'workspace')) {
    batch.nameCollection(text(workspace.name));
    const base = resources.find((resource) => resource._type === 'environment' && resource.parentId === workspace._id) ?? null;
    readEnvironments(base, base ? resources.filter((resource) => resource._type === 'environment' && resource.parentId === base._id) : [], batch);
    for (const node of tree(text(workspace._id))) readNode(node, [], null, batch);
  }
}

/** Reads an Insomnia v5 YAML file; false when the text is not one. */
export function readInsomniaYaml(source: { name: string; text: string }, batch: ImportBatch): boolean {
  const type = /^type:\s*(\S+)/m.exec(source.text)?.[1] ?? '';
  if (!type.includes('insomnia.rest')) return false;
  if (type !== 'collection.insomnia.rest/5.0') {
    batch.skip('', `an Insomnia file of type ${type}: Kite reads collection.insomnia.rest/5.0 (and format 4 JSON exports)`);
    return true;
  }
  let exported: unknown;
  try {
    exported = parseYaml(source.text);
  } catch (error) {
    batch.skip('', `not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); is the file cut short?`);
    return true;
  }
  if (!isRecord(exported)) return false;
  batch.nameCollection(text(exported.name));
  const environments = isRecord(exported.environments) ? exported.environments : null;
  readEnvironments(environments, list(environments?.subEnvironments), batch);
  for (const node of list(exported.collection) as Node[]) readNode(node, [], null, batch);
  return true;
}
