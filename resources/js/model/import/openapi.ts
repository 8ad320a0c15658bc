// OpenAPI 3.0 and 3.1 documents (JSON or YAML) read into an ImportBatch: one saved request per
// operation, in a folder named by its first tag, with the document's examples (the body's example
// or first of its examples, each parameter's; else a value assembled from the schema's own
// examples, defaults and types), the first server as the environment's `baseUrl`, and the
// operation's security as auth settings whose credentials are `{{secret}}` references. Pure.
import { parse as parseYaml } from 'yaml';
import type { SecurityRequirement, SecurityScheme } from '../../../../protocol/types';
import { authForRoute } from '../auth/document-schemes';
import { isRecord } from '../is-record';
import { emptyRow, type MultipartRow, type RequestState } from '../request/request-state';
import { VARIABLE_NAME } from '../workspace/set-variable';
import { type ImportBatch, importedState } from './batch';
import { type Json, list, text } from './values';

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function isOpenApi(value: unknown): value is Json {
  return isRecord(value) && (typeof value.openapi === 'string' || typeof value.swagger === 'string') && (isRecord(value.paths) || isRecord(value.info));
}

/** A document's `$ref`s followed inside it; a reference to another file is not (the caller says so). */
class Resolver {
  constructor(private readonly api: Json) {}

  /** The value a `#/…` pointer names, or undefined. */
  private pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = this.api;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isRecord(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
    }
    return node;
  }

  /** The object behind a chain of `$ref`s (at most 20), or {} when one does not resolve. */
  deref(value: unknown): Json {
    let node = value;
    for (let hops = 0; isRecord(node) && typeof node.$ref === 'string' && hops < 20; hops += 1) node = this.pointer(node.$ref);
    return isRecord(node) && typeof node.$ref !== 'string' ? node : {};
  }

  /**
   * An example value of a schema: its example, first of its examples, default, const or first enum
   * value; else one assembled from its properties, items and type. A `$ref` cycle stops there.
   */
  sample(schemaOrRef: unknown, seen: ReadonlySet<string> = new Set()): unknown {
    const ref = isRecord(schemaOrRef) && typeof schemaOrRef.$ref === 'string' ? schemaOrRef.$ref : '';
    if (ref && seen.has(ref)) return undefined;
    const within = ref ? new Set([...seen, ref]) : seen;
    const schema = this.deref(schemaOrRef);
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if (schema.default !== undefined) return schema.default;
    if (schema.const !== undefined) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf.map((part) => this.sample(part, within));
      if (parts.every(isRecord)) return Object.assign({}, ...parts);
      return parts.find((part) => part !== undefined);
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const first = Array.isArray(schema[key]) ? schema[key][0] : undefined;
      if (first !== undefined) return this.sample(first, within);
    }
    const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
    if (type === 'object' || (type === undefined && isRecord(schema.properties))) {
      const value: Json = {};
      for (const [name, property] of Object.entries(isRecord(schema.properties) ? schema.properties : {})) {
        if (this.deref(property).readOnly === true) continue;
        const sampled = this.sample(property, within);
        if (sampled !== undefined) value[name] = sampled;
      }
      return value;
    }
    if (type === 'array') {
      const item = this.sample(schema.items, within);
      return item === undefined ? [] : [item];
    }
    if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 0;
    if (type === 'boolean') return true;
    if (type === 'string') return STRING_FORMATS[text(schema.format)] ?? 'string';
    return undefined;
  }
}

/** A string of a format as the format's own example. */
const STRING_FORMATS: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uuid: '00000000-0000-0000-0000-000000000000',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  binary: '',
  byte: '',
  password: '',
};

/** A parameter's or value's text as typed in a row: strings as they are, the rest as JSON. */
const asText = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The example of a parameter or a media type: its `example`, its first `examples` entry's value, else the schema's sample. */
function exampleOf(resolver: Resolver, holder: Json): unknown {
  if (holder.example !== undefined) return holder.example;
  const first = isRecord(holder.examples) ? Object.values(holder.examples)[0] : undefined;
  if (first !== undefined) {
    const example = resolver.deref(first);
    if (example.value !== undefined) return example.value;
  }
  return resolver.sample(holder.schema);
}

/** The first server's URL with its variables at their defaults; '' without one. */
function serverUrl(api: Json): string {
  const server = list(api.servers)[0];
  if (!server) return '';
  const variables = isRecord(server.variables) ? server.variables : {};
  return text(server.url)
    .replace(/\{([^}]+)\}/g, (whole, name: string) => (isRecord(variables[name]) ? text((variables[name] as Json).default) : whole))
    .replace(/\/+$/, '');
}

/** The document's security schemes Kite can read (the shapes document-schemes.ts takes). */
function securitySchemes(resolver: Resolver, api: Json): Record<string, SecurityScheme> {
  const schemes: Record<string, SecurityScheme> = {};
  const declared = isRecord(api.components) && isRecord(api.components.securitySchemes) ? api.components.securitySchemes : {};
  for (const [name, raw] of Object.entries(declared)) {
    const scheme = resolver.deref(raw);
    const usable =
      (scheme.type === 'apiKey' && text(scheme.name) && ['header', 'query', 'cookie'].includes(text(scheme.in))) ||
      (scheme.type === 'http' && text(scheme.scheme)) ||
      (scheme.type === 'oauth2' && isRecord(scheme.flows)) ||
      (scheme.type === 'openIdConnect' && text(scheme.openIdConnectUrl));
    if (usable) schemes[name] = (scheme.type === 'http' ? { ...scheme, scheme: text(scheme.scheme).toLowerCase() } : scheme) as unknown as SecurityScheme;
  }
  return schemes;
}

const requirements = (value: unknown): SecurityRequirement[] | undefined =>
  Array.isArray(value) ? list(value).map((requirement) => Object.fromEntries(Object.entries(requirement).map(([name, scopes]) => [name, Array.isArray(scopes) ? scopes.map(text) : []]))) : undefined;

/** A variable name made of a scheme's name (a variable name has letters, digits, _, - and . only). */
const variableOf = (scheme: string, suffix = '') => {
  const name = `${scheme.replace(/[^A-Za-z0-9_.-]+/g, '_')}${suffix}`;
  return VARIABLE_NAME.test(name) ? name : `secret${suffix}`;
};

/** The auth the operation's security asks for, its credentials as secret `{{references}}` (named in the batch). */
function applySecurity(state: RequestState, security: SecurityRequirement[] | undefined, schemes: Record<string, SecurityScheme>, where: string, batch: ImportBatch, unusable: Set<string>): void {
  const auth = authForRoute(state.auth, { security }, schemes);
  const names = [...new Set((security ?? []).flatMap((requirement) => Object.keys(requirement)))];
  if (auth.type === state.auth.type) {
    for (const name of names.filter((item) => !unusable.has(item))) {
      unusable.add(name);
      batch.keptAsNote(`security scheme ${name}: ${schemes[name] ? 'a kind (or OAuth 2.0 flow) Kite does not apply' : 'not declared in components.securitySchemes'}; the operations that need it were imported without auth (${where} first)`);
    }
    return;
  }
  const scheme = auth.scheme ?? 'auth';
  const secret = (suffix: string) => {
    const variable = variableOf(scheme, suffix);
    batch.addDefault(variable, '', true);
    return `{{${variable}}}`;
  };
  if (auth.type === 'bearer' || auth.type === 'api-key') auth.token = secret('');
  else if (auth.type === 'basic') Object.assign(auth, { username: secret('_username'), password: secret('_password') });
  else if (auth.type === 'oauth2') auth.clientSecret = secret('_client_secret');
  state.auth = auth;
}

/** The request body from the operation's first content type Kite can send (JSON first). */
function applyBody(resolver: Resolver, state: RequestState, requestBody: Json, where: string, batch: ImportBatch): void {
  const content = isRecord(requestBody.content) ? requestBody.content : {};
  const types = Object.keys(content);
  const json = types.find((type) => /^application\/([\w.+-]*\+)?json\b/i.test(type));
  const chosen = json ?? types.find((type) => /x-www-form-urlencoded|multipart\/form-data/i.test(type)) ?? types[0];
  if (!chosen) return;
  const media = resolver.deref(content[chosen]);
  const example = exampleOf(resolver, media);
  if (chosen === json) {
    state.bodyType = 'json';
    state.jsonBody = example === undefined ? '' : typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  } else if (/x-www-form-urlencoded|multipart\/form-data/i.test(chosen)) {
    const schema = resolver.deref(media.schema);
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const values = isRecord(example) ? example : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(text) : []);
    const fields = Object.entries(properties).map(([name, property]) => {
      const file = ['binary', 'byte'].includes(text(resolver.deref(property).format));
      return { ...emptyRow(name, file ? '' : asText(values[name])), enabled: required.size === 0 || required.has(name), kind: file ? ('file' as const) : ('text' as const) };
    });
    if (/multipart/i.test(chosen)) {
      state.bodyType = 'multipart';
      state.multipartFields = fields as MultipartRow[];
      if (fields.some((field) => field.kind === 'file')) batch.converted(`${where}: file parts are named; pick each file before sending`);
    } else {
      state.bodyType = 'form';
      state.formFields = fields.map(({ kind: _kind, ...row }) => row);
    }
  } else {
    state.bodyType = 'raw';
    state.rawBody = typeof example === 'string' ? example : '';
    state.rawContentType = chosen;
  }
  if (types.length > 1) batch.converted(`${where}: body as ${chosen} (the operation also takes ${types.filter((type) => type !== chosen).join(', ')})`);
}

function readOperation(resolver: Resolver, api: Json, path: string, method: string, pathItem: Json, context: { base: string; schemes: Record<string, SecurityScheme>; unusable: Set<string> }, batch: ImportBatch): void {
  const operation = resolver.deref(pathItem[method]);
  const name = text(operation.summary).trim() || text(operation.operationId) || `${method.toUpperCase()} ${path}`;
  const where = `${method.toUpperCase()} ${path}`;
  const known = batch.knownMethod(where, method);
  if (!known) return;
  const state = importedState();
  state.method = known;
  state.url = `${context.base}${path.startsWith('/') ? path : `/${path}`}`;
  // Operation parameters replace the path item's of the same name and place.
  const parameters = new Map<string, Json>();
  for (const raw of [...list(pathItem.parameters), ...list(operation.parameters)]) {
    const parameter = resolver.deref(raw);
    if (text(parameter.name)) parameters.set(`${text(parameter.in)} ${text(parameter.name)}`, parameter);
  }
  for (const parameter of parameters.values()) {
    const example = exampleOf(resolver, parameter);
    // An array is written as the default styles do: a query row per item (form, exploded), else comma-separated.
    const values = Array.isArray(example) ? example.map(asText) : [asText(example)];
    const value = values.join(',');
    const row = { ...emptyRow(text(parameter.name), value), enabled: parameter.required === true || parameter.in === 'path' };
    if (parameter.in === 'path') state.pathParams[row.name] = value;
    else if (parameter.in === 'query') state.query.push(...(values.length > 0 ? values : ['']).map((item) => ({ ...row, ...emptyRow(row.name, item), enabled: row.enabled })));
    else if (parameter.in === 'header') state.headers.push(row);
    else if (parameter.in === 'cookie') {
      state.headers.push({ ...emptyRow('Cookie', `${row.name}=${value}`), enabled: row.enabled });
      batch.converted(`${where}: cookie parameter ${row.name} → Cookie header`);
    }
  }
  const requestBody = resolver.deref(operation.requestBody);
  if (Object.keys(requestBody).length > 0) applyBody(resolver, state, requestBody, where, batch);
  applySecurity(state, requirements(operation.security) ?? requirements(api.security), context.schemes, where, batch, context.unusable);
  const folder = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? [operation.tags[0]] : [];
  const description = text(operation.description).trim();
  batch.addRequest({ name, folders: folder, state, notes: description ? [description] : [] });
}

export function readOpenApi(api: Json, batch: ImportBatch): void {
  const version = text(api.openapi) || `Swagger ${text(api.swagger)}`;
  if (!/^3\.[01]\./.test(text(api.openapi))) {
    batch.skip('', `an API api of version ${version}: Kite imports OpenAPI 3.0 and 3.1 (convert a Swagger 2.0 api first, e.g. with swagger2openapi)`);
    return;
  }
  const resolver = new Resolver(api);
  const info = isRecord(api.info) ? api.info : {};
  const title = text(info.title) || 'OpenAPI';
  batch.nameCollection(title);
  const server = serverUrl(api);
  if (server) batch.addEnvironment(title, [{ name: 'baseUrl', value: server }]);
  const context = { base: server ? '{{baseUrl}}' : '', schemes: securitySchemes(resolver, api), unusable: new Set<string>() };
  if (list(api.servers).length > 1) batch.converted(`servers: the first (${server}) is {{baseUrl}}; the others were left out`);
  for (const [path, rawItem] of Object.entries(isRecord(api.paths) ? api.paths : {})) {
    const pathItem = resolver.deref(rawItem);
    if (isRecord(rawItem) && typeof rawItem.$ref === 'string' && !rawItem.$ref.startsWith('#/')) {
      batch.skip(path, `its $ref ${rawItem.$ref} names another file: import the bundled api (one file)`);
      continue;
    }
    for (const method of OPERATION_METHODS) if (isRecord(pathItem[method])) readOperation(resolver, api, path, method, pathItem, context, batch);
  }
}

/** A YAML OpenAPI document (a JSON one goes through the JSON readers). */
export function readOpenApiYaml(source: { name: string; text: string }, batch: ImportBatch): boolean {
  if (!/^(openapi|swagger)\s*:/m.test(source.text)) return false;
  let api: unknown;
  try {
    api = parseYaml(source.text);
  } catch (error) {
    batch.skip('', `not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); is the file cut short?`);
    return true;
  }
  if (!isOpenApi(api)) return false;
  readOpenApi(api, batch);
  return true;
}
