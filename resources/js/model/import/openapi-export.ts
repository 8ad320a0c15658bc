// Saved requests (a folder of them, or all) as an OpenAPI 3.0 document: one operation per method
// and path (the first saved one; each other is a line of `left`), its query and header rows as
// parameters with their values as examples, its body as the request body's example, its auth type
// as a security scheme. A `{{variable}}` in front of the paths becomes the server (its value from
// an environment, where one gives a plain value); secrets are never written: a saved file holds
// none, and a secret variable's value is not read. Pure.
import type { EnvironmentFile, FolderSettingsFile, SavedRequestFile, SavedRow } from '../../../../protocol/types';
import { withInheritedSavedAuth } from '../workspace/inherited-auth';
import { requestsInFolder } from './postman-export';
import { fileSlug } from '../workspace/saved-requests';

export const OPENAPI_EXPORT_VERSION = '3.0.3';

type Json = Record<string, unknown>;

export interface OpenApiExport {
  document: Json;
  /** Saved requests not written, each with why ("GET /users: a second request of that method and path"). */
  left: string[];
}

/** Headers OpenAPI describes elsewhere (the media type, auth): not header parameters. */
const DESCRIBED_ELSEWHERE = new Set(['accept', 'content-type', 'authorization']);

/** `{{baseUrl}}/users/{id}?x=1` → the server part (`{{baseUrl}}`, an origin, or '') and the path. */
function splitServer(url: string): { server: string; path: string } {
  const withoutQuery = url.split(/[?#]/)[0];
  const variable = /^(\{\{[^}]+\}\})(.*)$/.exec(withoutQuery);
  if (variable) return { server: variable[1], path: variable[2] };
  const absolute = /^([a-z][a-z0-9+.-]*:\/\/[^/]*)(.*)$/i.exec(withoutQuery);
  if (absolute) return { server: absolute[1], path: absolute[2] };
  return { server: '', path: withoutQuery };
}

/** `/users/{{userId}}` → `/users/{userId}`: a variable in the path is a path parameter. */
const pathTemplate = (path: string) => `/${path.replace(/^\/+/, '')}`.replace(/\{\{\s*([^}]+?)\s*\}\}/g, '{$1}').replace(/\{([A-Za-z_][\w.-]*)\?\}/g, '{$1}');

const example = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const rowParameters = (rows: SavedRow[], place: 'query' | 'header') =>
  rows
    // An enabled row is sent: the operation needs it; a disabled one is optional.
    .filter((row) => row.name !== '' && !(place === 'header' && DESCRIBED_ELSEWHERE.has(row.name.toLowerCase())))
    .map((row) => ({ name: row.name, in: place, required: row.enabled, schema: { type: 'string' }, ...(row.value !== '' ? { example: row.value } : {}) }));

function requestBody(body: SavedRequestFile['body']): Json | undefined {
  // The enabled fields are the required ones (what is sent); none listed when all are off.
  const formSchema = (fields: Array<SavedRow & { kind?: 'text' | 'file' }>) => ({
    type: 'object',
    ...(fields.some((field) => field.enabled) ? { required: [...new Set(fields.filter((field) => field.enabled).map((field) => field.name))] } : {}),
    properties: Object.fromEntries(fields.map((field) => [field.name, field.kind === 'file' ? { type: 'string', format: 'binary' } : { type: 'string', ...(field.value !== '' ? { example: field.value } : {}) }])),
  });
  switch (body.type) {
    case 'json':
      return { content: { 'application/json': { schema: {}, ...(body.text.trim() ? { example: example(body.text) } : {}) } } };
    case 'raw':
      return { content: { [body.contentType || 'text/plain']: { schema: { type: 'string' }, ...(body.text ? { example: body.text } : {}) } } };
    case 'form':
      return { content: { 'application/x-www-form-urlencoded': { schema: formSchema(body.fields) } } };
    case 'multipart':
      return { content: { 'multipart/form-data': { schema: formSchema(body.fields) } } };
    default:
      return undefined;
  }
}

/** The security scheme an auth type is (named by the scheme it came from, else by its kind); null for none. */
function securityScheme(auth: SavedRequestFile['auth']): { name: string; scheme: Json; scopes: string[] } | null {
  const scopes = (auth.scope ?? '').split(/\s+/).filter(Boolean);
  switch (auth.type) {
    case 'bearer':
      return { name: auth.scheme || 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' }, scopes: [] };
    case 'basic':
      return { name: auth.scheme || 'basicAuth', scheme: { type: 'http', scheme: 'basic' }, scopes: [] };
    case 'api-key':
      return { name: auth.scheme || 'apiKeyAuth', scheme: { type: 'apiKey', name: auth.keyName || 'X-API-Key', in: auth.keyIn ?? 'header' }, scopes: [] };
    case 'oauth2': {
      const flowScopes = Object.fromEntries(scopes.map((scope) => [scope, '']));
      const flow =
        auth.grant === 'authorization_code'
          ? { authorizationCode: { authorizationUrl: auth.authorizationUrl || 'https://example.com/oauth/authorize', tokenUrl: auth.tokenUrl || 'https://example.com/oauth/token', scopes: flowScopes } }
          : auth.grant === 'password'
            ? { password: { tokenUrl: auth.tokenUrl || 'https://example.com/oauth/token', scopes: flowScopes } }
            : { clientCredentials: { tokenUrl: auth.tokenUrl || 'https://example.com/oauth/token', scopes: flowScopes } };
      return { name: auth.scheme || 'oauth2', scheme: { type: 'oauth2', flows: flow }, scopes };
    }
    default:
      return null;
  }
}

/** The server of the requests: a `{{variable}}` becomes a server variable whose default is its plain value in an environment. */
function serverOf(server: string, environments: EnvironmentFile[]): Json {
  const variable = /^\{\{\s*([^}]+?)\s*\}\}$/.exec(server)?.[1];
  if (!variable) return { url: server || '/' };
  const value = environments.map((environment) => environment.variables[variable]).find((entry): entry is string => typeof entry === 'string' && entry !== '');
  return { url: `{${variable}}`, variables: { [variable]: { default: value ?? 'http://localhost' } } };
}

/** `folders`: the folders' settings, whose auth a request that inherits it has as its security. */
export function toOpenApiDocument(title: string, files: SavedRequestFile[], environments: EnvironmentFile[] = [], folder = '', folders: readonly FolderSettingsFile[] = []): OpenApiExport {
  const paths: Record<string, Record<string, Json>> = {};
  const schemes: Record<string, Json> = {};
  const tags = new Set<string>();
  const servers: string[] = [];
  const operationIds = new Set<string>();
  const left: string[] = [];
  for (const file of requestsInFolder(files, folder)) {
    const { server, path: rawPath } = splitServer(file.url);
    const path = pathTemplate(rawPath);
    const method = file.method.toLowerCase();
    if (paths[path]?.[method]) {
      left.push(`${file.folder ? `${file.folder}/` : ''}${file.name}: ${file.method} ${path} is already the operation of another saved request`);
      continue;
    }
    if (!servers.includes(server)) servers.push(server);
    let operationId = fileSlug(file.name);
    for (let n = 2; operationIds.has(operationId); n += 1) operationId = `${fileSlug(file.name)}-${n}`;
    operationIds.add(operationId);
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const parameters = [
      ...names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' }, ...(file.pathParams?.[name] ? { example: file.pathParams[name] } : {}) })),
      ...rowParameters(file.query ?? [], 'query'),
      ...rowParameters(file.headers ?? [], 'header'),
    ].filter((parameter, index, all) => all.findIndex((other) => other.name === parameter.name && other.in === parameter.in) === index);
    const body = requestBody(file.body ?? { type: 'none' });
    const security = securityScheme(withInheritedSavedAuth(file, folders).auth ?? { type: 'none' });
    if (security) schemes[security.name] = security.scheme;
    const tag = (file.folder ?? '').split('/')[0];
    if (tag) tags.add(tag);
    (paths[path] ??= {})[method] = {
      operationId,
      summary: file.name,
      ...(file.notes ? { description: file.notes } : {}),
      ...(tag ? { tags: [tag] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      ...(security ? { security: [{ [security.name]: security.scopes }] } : {}),
      responses: { default: { description: 'The response' } },
    };
  }
  const api: Json = {
    openapi: OPENAPI_EXPORT_VERSION,
    info: { title, version: '1.0.0', description: 'Exported from Kite: the saved requests, their examples and auth types (secrets left out).' },
    servers: servers.map((server) => serverOf(server, environments)),
    ...(tags.size > 0 ? { tags: [...tags].sort().map((name) => ({ name })) } : {}),
    paths,
    ...(Object.keys(schemes).length > 0 ? { components: { securitySchemes: schemes } } : {}),
  };
  return { document: api, left };
}
