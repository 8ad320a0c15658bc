// One import: the requests, environments and secrets read from a set of source files, and the
// report of what happened to each item. Readers (postman.ts, har.ts, …) hand it requests as the
// builder's state; it names them safely, takes every credential out into a secret variable
// (features/workspace/saved-credentials.ts decides what is one, as for a save), and writes the
// saved-file form (features/workspace/saved-requests.ts). Pure.
import type { EnvironmentFile, FolderSettingsFile, SavedRequestFile } from '../../../../protocol/types';
import { WORKSPACE_MAX_FILE_BYTES } from '../../../../protocol/endpoints.js';
import { HTTP_METHODS, defaultRequestState, emptyRow, type AuthState, type RequestState } from '../request/request-state';
import { environmentFile } from '../workspace/environment-files';
import type { Environment } from '../workspace/environments';
import { credentialsToReplace, replacementsFor, withReferences } from '../workspace/saved-credentials';
import { fileSlug, savedAuthOf, toSavedFile } from '../workspace/saved-requests';
import { newFolderSettingsPath } from '../workspace/inherited-auth';
import { VARIABLE_NAME } from '../workspace/set-variable';
import type { Variable, VariableScope } from '../workspace/variables';
import { isSecretName } from '../workspace/secret-names';
import { type KnownApplication, linkToRoute } from './routes';

export interface SkippedItem {
  file: string;
  /** The request, folder or variable in the file; '' for the whole file. */
  item: string;
  reason: string;
}

export interface ImportReport {
  requests: number;
  environments: number;
  /** Requests linked to a known route (their method and path fit it): the builder shows its schema and docs. */
  matched: number;
  /** What was translated into a Kite equivalent, one line each ("Login: test → capture {{token}}"). */
  converted: string[];
  /** What Kite cannot run, kept verbatim in the request's notes, and why. */
  keptAsNote: string[];
  skipped: SkippedItem[];
}

/** A secret variable's value: kept in this browser (or set by hand), never in a workspace file. */
export interface ImportedSecret {
  environment: string;
  name: string;
  value: string;
}

export interface ImportResult {
  requests: Array<{ path: string; content: SavedRequestFile }>;
  environments: Array<{ path: string; content: EnvironmentFile }>;
  /** The auth of the collection ('' folder) and of its folders, as folders/SLUG.json settings: their requests say `inherit`. */
  folders: Array<{ path: string; content: FolderSettingsFile }>;
  secrets: ImportedSecret[];
  report: ImportReport;
}

/** A request as a reader found it: the builder's state with `{{variables}}` as typed. */
export interface ImportedRequest {
  name: string;
  /** Folder path from the top of the collection; each entry one level. */
  folders: string[];
  state: RequestState;
  /** Scripts and anything else kept verbatim; joined into the file's `notes`. */
  notes?: string[];
}

/** A fresh request state for a reader to fill: no auth unless the source has one. */
export const importedState = (): RequestState => ({ ...defaultRequestState(), auth: { ...defaultRequestState().auth, type: 'none' } });

/**
 * A request's own auth from another tool on its state: an API key as the header or query row the
 * tool sends (a folder's stays an api-key auth, ImportBatch.addFolderAuth); none leaves it as it is.
 */
export function setRequestAuth(state: RequestState, auth: AuthState | null, where: string, batch: ImportBatch): void {
  if (auth?.type !== 'api-key') {
    if (auth) state.auth = auth;
    return;
  }
  const row = emptyRow(auth.keyName, auth.token);
  if (auth.keyIn === 'query') state.query = [...state.query, row];
  else state.headers = [...state.headers, row];
  batch.converted(`${where}: API key auth → ${auth.keyIn === 'query' ? 'query' : 'header'} ${row.name}`);
}

/** A text body: JSON when its content type says so, else raw with that type (nothing when empty). */
export function setTextBody(state: RequestState, body: string, contentType: string): void {
  if (/\bjson\b/i.test(contentType)) {
    state.bodyType = 'json';
    state.jsonBody = body;
  } else if (body !== '') {
    state.bodyType = 'raw';
    state.rawBody = body;
    state.rawContentType = contentType || 'text/plain';
  }
}

/** A folder's or environment's name made safe: no `/` (it nests folders), no `..`. */
function safeName(raw: string, fallback: string): { name: string; changed: boolean } {
  const trimmed = raw.trim();
  const name = trimmed.replace(/\//g, '-').replace(/\.{2,}/g, '.').trim() || fallback;
  return { name, changed: name !== trimmed };
}

export class ImportBatch {
  private readonly requests: ImportResult['requests'] = [];
  private readonly folders: ImportResult['folders'] = [];
  private readonly environments: Environment[] = [];
  /** Collection variables and secrets taken out of requests: every imported environment gets them. */
  private readonly defaults: Variable[] = [];
  private readonly secretValues = new Map<string, string>();
  private readonly paths = new Set<string>();
  private readonly names = new Set<string>();
  /** The name an environment gets when the sources bring none. */
  private collectionName = '';
  readonly report: ImportReport = { requests: 0, environments: 0, matched: 0, converted: [], keptAsNote: [], skipped: [] };
  file = '';

  /** `applications`: whose routes imported requests are linked to when they fit (./routes.ts). */
  constructor(private readonly applications: readonly KnownApplication[] = []) {}

  skip(item: string, reason: string): void {
    this.report.skipped.push({ file: this.file, item, reason });
  }

  /** The method as Kite sends it, or null (and a report line) for one it does not. */
  knownMethod(item: string, method: string): RequestState['method'] | null {
    const upper = method.trim().toUpperCase();
    if ((HTTP_METHODS as string[]).includes(upper)) return upper as RequestState['method'];
    this.skip(item, `method ${upper || '(none)'}: Kite sends ${HTTP_METHODS.join(', ')}`);
    return null;
  }

  /** A GraphQL query and its variables (JSON text) as the JSON body a GraphQL server reads. */
  graphqlBody(state: RequestState, where: string, graphql: { query?: unknown; variables?: unknown }): void {
    const variablesText = typeof graphql.variables === 'string' ? graphql.variables : '';
    let variables: unknown = {};
    try {
      variables = variablesText.trim() ? JSON.parse(variablesText) : {};
    } catch {
      variables = variablesText;
    }
    state.bodyType = 'json';
    state.jsonBody = JSON.stringify({ query: typeof graphql.query === 'string' ? graphql.query : '', variables }, null, 2);
    this.converted(`${where}: GraphQL body → JSON body { query, variables }`);
  }

  converted(line: string): void {
    this.report.converted.push(line);
  }

  keptAsNote(line: string): void {
    this.report.keptAsNote.push(line);
  }

  /** Names the environment made when the sources bring none (the first collection's name). */
  nameCollection(name: string): void {
    if (!this.collectionName && name.trim()) this.collectionName = safeName(name, 'Imported').name;
  }

  /** A collection's (or folder's) variable: a default of every environment; a secret-looking one is secret. */
  addDefault(name: string, value: string, secret = isSecretName(name)): void {
    if (!this.checkVariableName(name, 'variable')) return;
    if (this.defaults.some((variable) => variable.name === name)) return;
    this.defaults.push({ name, value: secret ? '' : value, secret });
    if (secret && value !== '') this.secretValues.set(name, value);
  }

  private checkVariableName(name: string, what: string): boolean {
    if (VARIABLE_NAME.test(name)) return true;
    this.skip(`${what} ${name}`, 'a Kite variable name has letters, digits, _, - and . only');
    return false;
  }

  addEnvironment(rawName: string, variables: Array<{ name: string; value: string; secret?: boolean }>): void {
    const { name, changed } = safeName(rawName, 'Imported');
    if (changed) this.converted(`environment "${rawName}" named "${name}" (a name holds no / or ..)`);
    if (this.environments.some((environment) => environment.name === name)) {
      this.skip(`environment ${name}`, 'another environment of this import has the same name: the first one was kept');
      return;
    }
    const kept: Variable[] = [];
    const secrets: ImportedSecret[] = [];
    for (const variable of variables) {
      if (!this.checkVariableName(variable.name, `variable ${variable.name} of environment`)) continue;
      if (kept.some((other) => other.name === variable.name)) continue;
      const secret = variable.secret === true || isSecretName(variable.name);
      kept.push({ name: variable.name, value: secret ? '' : variable.value, secret });
      if (secret && variable.value !== '') secrets.push({ environment: name, name: variable.name, value: variable.value });
    }
    this.environments.push({ name, variables: kept });
    this.environmentSecrets.push(...secrets);
  }

  private readonly environmentSecrets: ImportedSecret[] = [];

  /** The scope credentials are looked up in: a value already taken out reuses its variable. */
  private secretScope(): VariableScope {
    const scope: Record<string, { value: string; secret: boolean; source: 'environment' }> = {};
    for (const variable of this.defaults) scope[variable.name] = { value: this.secretValues.get(variable.name) ?? variable.value, secret: variable.secret, source: 'environment' };
    return scope;
  }

  /** The folder path of a reader's folder names, each made safe; says so in the report when one changed. */
  private folderOf(folders: string[], where: string): string {
    const parts = folders.map((folder) => safeName(folder, 'Folder'));
    const folder = parts.map((part) => part.name).join('/');
    if (parts.some((part) => part.changed)) this.converted(`${where}: in folder "${folder}" (a folder's name holds no / or ..)`);
    return folder;
  }

  /** The state with every credential taken out into a secret variable (its value kept for this browser), as a save does. */
  private withSecretsOut(state: RequestState, where: string): RequestState {
    const items = credentialsToReplace(state, this.secretScope());
    const replacements = replacementsFor(items, {});
    for (const replacement of replacements) {
      if (replacement.value === undefined) continue;
      this.defaults.push({ name: replacement.variable, value: '', secret: true });
      this.secretValues.set(replacement.variable, replacement.value);
      this.converted(`${where}: ${replacement.where} → secret variable {{${replacement.variable}}}`);
    }
    return withReferences(state, items, replacements);
  }

  /**
   * The auth a collection (no folders) or a folder gives the requests below it that set none: a
   * folders/SLUG.json settings file, its credentials secret variables as a request's are.
   */
  addFolderAuth(folders: string[], auth: AuthState): void {
    const where = folders.length > 0 ? `folder ${folders.join('/')}` : 'the collection';
    const folder = this.folderOf(folders, where);
    if (this.folders.some((settings) => settings.content.folder === folder)) return;
    const state = this.withSecretsOut({ ...importedState(), auth }, `${where} auth`);
    const path = newFolderSettingsPath(folder, this.folders.map((settings) => settings.path));
    this.folders.push({ path, content: { folder, auth: savedAuthOf(state.auth) } });
    this.converted(`${where}: its ${auth.type} auth → ${path}, inherited by its requests that set none`);
  }

  addRequest(request: ImportedRequest): void {
    // A request's own name may hold `/` (`GET /users`): only its file name is made from it, as a slug.
    const baseName = request.name.trim() || 'Untitled request';
    const where = [...request.folders, request.name].join('/');
    const folder = this.folderOf(request.folders, where);
    let name = baseName;
    for (let n = 2; this.names.has(`${folder}\n${name}`); n += 1) name = `${baseName} (${n})`;
    if (name !== baseName) this.converted(`${where}: a second request of that name in the same folder, imported as "${name}"`);
    this.names.add(`${folder}\n${name}`);

    const state = this.withSecretsOut(request.state, `${folder ? `${folder}/` : ''}${name}`);
    const content: SavedRequestFile = toSavedFile(state, name, folder);
    const notes = (request.notes ?? []).filter(Boolean);
    if (notes.length > 0) content.notes = notes.join('\n\n');
    if (new TextEncoder().encode(JSON.stringify(content)).length > WORKSPACE_MAX_FILE_BYTES) {
      this.skip(where, `the saved file would pass the workspace's ${WORKSPACE_MAX_FILE_BYTES / 1024 / 1024} MB limit for one file`);
      return;
    }
    let path = `requests/${fileSlug(folder ? `${folder} ${name}` : name)}.json`;
    for (let n = 2; this.paths.has(path); n += 1) path = path.replace(/(-\d+)?\.json$/, `-${n}.json`);
    this.paths.add(path);
    this.requests.push({ path, content });
    this.report.requests += 1;
  }

  /** Links each request that fits a known route under its base URL (./routes.ts), with the variables' plain values. */
  private linkRoutes(environments: EnvironmentFile[]): void {
    if (this.applications.length === 0) return;
    const valueOf = (name: string) =>
      [...environments.map((environment) => environment.variables[name]), this.defaults.find((variable) => variable.name === name)?.value].find(
        (value): value is string => typeof value === 'string' && value !== '',
      );
    for (const request of this.requests) {
      const linked = linkToRoute(request.content, this.applications, valueOf);
      if (!linked) continue;
      Object.assign(request.content, { application: linked.application.id, url: linked.url, pathParams: linked.pathParams });
      this.report.matched += 1;
    }
  }

  /**
   * The files and secrets: every environment gets the collection's variables it lacks; without an
   * environment in the sources, one named after the collection holds them.
   */
  finish(): ImportResult {
    const environments = [...this.environments];
    if (environments.length === 0 && this.defaults.length > 0) environments.push({ name: this.collectionName || 'Imported', variables: [] });
    const secrets = [...this.environmentSecrets];
    const files: ImportResult['environments'] = [];
    const envPaths = new Set<string>();
    for (const environment of environments) {
      const variables = [...environment.variables];
      for (const variable of this.defaults) {
        if (variables.some((other) => other.name === variable.name)) continue;
        variables.push(variable);
        const value = this.secretValues.get(variable.name);
        if (variable.secret && value !== undefined) secrets.push({ environment: environment.name, name: variable.name, value });
      }
      let path = `environments/${fileSlug(environment.name)}.json`;
      for (let n = 2; envPaths.has(path); n += 1) path = `environments/${fileSlug(environment.name)}-${n}.json`;
      envPaths.add(path);
      files.push({ path, content: environmentFile({ name: environment.name, variables }) });
    }
    this.report.environments = files.length;
    this.linkRoutes(files.map((file) => file.content));
    return { requests: this.requests, environments: files, folders: this.folders, secrets, report: this.report };
  }
}
