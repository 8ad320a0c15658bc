// @ts-check
// `kite run [FOLDER|FILE…] --workspace DIR --env NAME [--target URL] [--bail] [--reporter
// cli,junit,json] [--output DIR] [--openapi FILE]`: the workspace's saved requests sent in file-name order with the
// Node host's own relay code (straight to the target: Kite's 200 ms floor is for the browser's
// calls to the host), values captured by one request flowing to the next, each request's
// assertions evaluated, and the run reported. Secret values come from KITE_VAR_<name>, never from
// the workspace, and every line and file written passes through the model's secret redactor.
// Exit codes: 0 everything passed, 1 an assertion or a request failed, 2 a usage or file error.
import { promises as fs } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join, relative, resolve, sep } from 'node:path';
import { CommandError, parse } from './import-cli.mjs';
import { DEFAULT_RELAY_TIMEOUT_MS } from '../protocol/endpoints.js';
import { HOST_VERSION } from './index.mjs';
import { OpenApiLoadError, loadOpenApiFile } from './openapi/load.mjs';
import { openApiToApplication } from './openapi/to-routes.mjs';
import { buildOutgoing, sentQuery } from './relay/outgoing.mjs';
import { RelayTargetError, sendToTarget } from './relay/perform.mjs';
import { buildTargetUrl } from './relay/target.mjs';
import { RelayRequestError, validateRelayRequest } from './relay/validate.mjs';
import { WorkspaceError, createWorkspace } from './workspace.mjs';

/** The prefix of the environment variables that hold secret values: KITE_VAR_token=… */
export const SECRET_ENV_PREFIX = 'KITE_VAR_';

const REPORTERS = ['cli', 'junit', 'json'];

/** @returns {Promise<any>} the request model bundle, or a clear error when the build has not made it */
async function requestModel() {
  try {
    // Named by URL: the bundle exists only once built, so the type checker does not look for it.
    return await import(new URL('../dist/node/model.mjs', import.meta.url).href);
  } catch (error) {
    throw new CommandError(`the request model is not built (dist/node/model.mjs): run \`node build.mjs\` (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * The secret values KITE_VAR_<name> gives, by name.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Record<string, string>}
 */
export function secretsFromEnvironment(env) {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name, value]) => name.startsWith(SECRET_ENV_PREFIX) && name.length > SECRET_ENV_PREFIX.length && value !== undefined)
      .map(([name, value]) => [name.slice(SECRET_ENV_PREFIX.length), String(value)]),
  );
}

/**
 * Reads a workspace file, a problem becoming a usage error that names it.
 * @param {ReturnType<typeof createWorkspace>} workspace
 * @param {string} path
 */
async function readFile(workspace, path) {
  try {
    return (await workspace.read(path)).content;
  } catch (error) {
    if (error instanceof WorkspaceError) throw new CommandError(error.message);
    throw error;
  }
}

/**
 * The saved request files to run, in file-name order: all of them, or those each argument names
 * (a file `requests/NAME.json`, `NAME.json` or `NAME`, or a folder of the saved-requests pane,
 * with its subfolders).
 * @param {ReturnType<typeof createWorkspace>} workspace
 * @param {string} root the workspace folder
 * @param {string[]} selection
 * @returns {Promise<Array<{ path: string; content: any }>>}
 */
async function selectRequests(workspace, root, selection) {
  const paths = (await workspace.list()).files.map((file) => file.path).filter((path) => path.startsWith('requests/'));
  /** @type {Map<string, any>} */
  const contents = new Map();
  for (const path of paths) contents.set(path, await readFile(workspace, path));
  if (selection.length === 0) return paths.map((path) => ({ path, content: contents.get(path) }));
  /** @type {Set<string>} */
  const chosen = new Set();
  for (const argument of selection) {
    const asFile = fileArgument(argument, root);
    if (asFile !== null && contents.has(asFile)) {
      chosen.add(asFile);
      continue;
    }
    const folder = argument.replace(/^\/+|\/+$/g, '');
    const inFolder = paths.filter((path) => {
      const own = String(contents.get(path)?.folder ?? '');
      return folder === '' || own === folder || own.startsWith(`${folder}/`);
    });
    if (inFolder.length === 0) {
      throw new CommandError(`${argument}: no saved request file or folder of that name in the workspace ${root} (the files are requests/NAME.json; a folder is the one the saved-requests pane shows)`);
    }
    for (const path of inFolder) chosen.add(path);
  }
  return paths.filter((path) => chosen.has(path)).map((path) => ({ path, content: contents.get(path) }));
}

/**
 * The workspace path an argument names as a file (`requests/NAME.json`, `NAME.json`, `NAME`, or a
 * path to the file on disk), or null.
 * @param {string} argument
 * @param {string} root
 */
function fileArgument(argument, root) {
  const onDisk = relative(root, resolve(argument)).split(sep).join('/');
  if (onDisk.startsWith('requests/') && onDisk.endsWith('.json')) return onDisk;
  const name = argument.replace(/^requests\//, '');
  if (name.includes('/')) return null;
  return `requests/${name.endsWith('.json') ? name : `${name}.json`}`;
}

/**
 * The environment `--env NAME` names: its file `environments/NAME.json`, or the one whose `name` it is.
 * @param {ReturnType<typeof createWorkspace>} workspace
 * @param {string} name
 */
async function selectEnvironment(workspace, name) {
  const paths = (await workspace.list()).files.map((file) => file.path).filter((path) => path.startsWith('environments/'));
  const byFile = `environments/${name.replace(/\.json$/, '')}.json`;
  if (paths.includes(byFile)) return readFile(workspace, byFile);
  for (const path of paths) {
    const content = await readFile(workspace, path);
    if (content?.name === name) return content;
  }
  throw new CommandError(`--env ${name}: there is no environment of that name (environments/${name.replace(/\.json$/, '')}.json) in the workspace`);
}

/**
 * The target's base URL: --target, else the environment's `baseUrl` variable.
 * @param {string | undefined} flag
 * @param {any} environment
 */
function targetBase(flag, environment) {
  const fromEnvironment = environment?.variables?.baseUrl;
  const base = flag ?? (typeof fromEnvironment === 'string' ? fromEnvironment : undefined);
  if (!base) throw new CommandError('name where to send the requests: --target URL, or a baseUrl variable in the environment');
  let url;
  try {
    url = new URL(base);
  } catch {
    throw new CommandError(`${flag ? '--target' : "the environment's baseUrl"} must be a full URL like http://127.0.0.1:8000, got '${base}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CommandError(`${flag ? '--target' : "the environment's baseUrl"} must be an http or https URL, got '${base}'`);
  return base;
}

/**
 * A JSON Schema validator for the schema assertion: ajv, loaded when a line asks for it.
 * @returns {Promise<(value: unknown, schema: object) => string[]>}
 */
async function ajvSchemaProblems() {
  const module = /** @type {any} */ (await import('ajv/dist/2020.js'));
  const Ajv2020 = module.default?.default ?? module.default ?? module;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  /** @type {WeakMap<object, import('ajv').ValidateFunction>} */
  const compiled = new WeakMap();
  return (value, schema) => {
    /** @type {import('ajv').ValidateFunction} */
    let validate;
    try {
      validate = compiled.get(schema) ?? ajv.compile(schema);
    } catch (error) {
      // A documented schema ajv cannot use fails its line, saying why; the run goes on.
      return [`the documented schema cannot be checked: ${error instanceof Error ? error.message : String(error)}`];
    }
    compiled.set(schema, validate);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((/** @type {any} */ error) => `${error.instancePath || '$'} ${error.message}`);
  };
}

/**
 * The documented responses of each route of `--openapi FILE`, by route id (`GET /pets/{id}`), each
 * schema carrying the document's shared `$defs` at its root so that ajv resolves its `$ref`s.
 * @param {string} file
 * @returns {Map<string, import('../protocol/types').RouteResponseDoc[]>}
 */
function documentedResponses(file) {
  let application;
  try {
    application = openApiToApplication(loadOpenApiFile(file), { file });
  } catch (error) {
    if (error instanceof OpenApiLoadError) throw new CommandError(error.message);
    throw error;
  }
  const defs = application.$defs;
  return new Map(
    application.routes.map((route) => [
      route.id,
      (route.responses ?? []).map((response) => (response.schema && defs && Object.keys(defs).length ? { ...response, schema: { ...response.schema, $defs: defs } } : response)),
    ]),
  );
}

/**
 * The route a saved request is, by its method and its path template as saved (`/pets/{id}`).
 * @param {{ method?: string; url?: string }} file
 */
const routeIdOf = (file) => `${String(file.method ?? 'GET').toUpperCase()} /${String(file.url ?? '').split(/[?#]/)[0].replace(/^\/+/, '')}`;

/**
 * @param {string[]} argv arguments after `run`
 * @param {{ write: (text: string) => void; env: NodeJS.ProcessEnv; isTTY: boolean }} io stdout, the process's environment, whether stdout is a terminal
 * @returns {Promise<number>} the exit code
 */
export async function runRequests(argv, io) {
  const { options, positional } = parse(argv, ['--bail'], ['--workspace', '--env', '--target', '--reporter', '--output', '--openapi']);
  const reporters = String(options['--reporter'] ?? 'cli')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = reporters.filter((name) => !REPORTERS.includes(name));
  if (unknown.length > 0) throw new CommandError(`--reporter ${unknown.join(',')}: the reporters are ${REPORTERS.join(', ')}`);
  const writesFiles = reporters.some((name) => name !== 'cli');
  const output = typeof options['--output'] === 'string' ? options['--output'] : undefined;
  if (writesFiles && !output) throw new CommandError('--reporter junit or json writes files: name their folder with --output DIR');

  const folder = typeof options['--workspace'] === 'string' ? options['--workspace'] : '.kite';
  const root = resolve(folder);
  if (!(await fs.stat(root).catch(() => null))?.isDirectory()) throw new CommandError(`--workspace ${folder}: no such folder`);
  const workspace = createWorkspace(folder);
  const environment = typeof options['--env'] === 'string' ? await selectEnvironment(workspace, options['--env']) : undefined;
  const base = targetBase(typeof options['--target'] === 'string' ? options['--target'] : undefined, environment);
  const files = await selectRequests(workspace, root, positional);
  // Folder settings (folders/NAME.json): the auth a request saved as `inherit` sends.
  const folders = await Promise.all((await workspace.list()).files.filter((file) => file.path.startsWith('folders/')).map((file) => readFile(workspace, file.path)));
  if (files.length === 0) throw new CommandError(`the workspace ${folder} has no saved requests (requests/NAME.json)`);

  const routeResponses = typeof options['--openapi'] === 'string' ? documentedResponses(options['--openapi']) : new Map();
  const model = await requestModel();
  const secrets = secretsFromEnvironment(io.env);
  // A value a request captured as secret (a session token) is kept out of every report too.
  /** @type {Record<string, string>} */
  const secretValues = { ...secrets };
  /** @type {(text: string) => string} */
  const redact = (text) => model.secretRedactor(secretValues)(text);
  const schemaProblems = files.some(({ content }) => (content.assertions ?? []).some((/** @type {any} */ line) => line?.source === 'schema')) ? await ajvSchemaProblems() : undefined;
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const userAgent = `Kite/${HOST_VERSION}`;
  const maxBodyBytes = 100 * 1024 * 1024;

  const showProgress = reporters.includes('cli');
  const startedAt = new Date();
  const runStarted = performance.now();
  /** @type {Record<string, string>} */
  let captured = {};
  /** @type {any[]} */
  const requests = [];
  try {
    for (const [index, { path, content }] of files.entries()) {
      const counter = `[${index + 1}/${files.length}]`;
      // A terminal shows the request under way on one line that the next one replaces.
      if (showProgress && io.isTTY) io.write(`\r\x1b[K${counter} ${redact(String(content.name ?? path))}…`);
      const savedRun = { file: content, environment, secrets, captured, folders };
      const prepared = model.relayRequestFromSavedFile(savedRun);
      const name = String(content.name ?? path);
      const method = prepared.request.method;
      /** @type {any} */
      const run = { file: path, name, method, url: content.url ?? '', durationMs: 0, results: [] };
      try {
        if (prepared.problem) throw new RelayRequestError('', `${path}: ${prepared.problem.title}`);
        const request = validateRelayRequest(prepared.request);
        const target = buildTargetUrl(base, request.url, sentQuery(request));
        run.url = target.href;
        const outgoing = buildOutgoing(request, { impersonateHeader: null, browserCookies: [], sameSite: false, userAgent });
        const response = await sendToTarget({ method: request.method, target, headers: outgoing.headers, body: outgoing.body, timeoutMs: request.timeoutMs ?? DEFAULT_RELAY_TIMEOUT_MS, maxBodyBytes, agents });
        const body = Buffer.concat(response.chunks);
        run.status = response.meta.status;
        run.durationMs = response.meta.timing.totalMs;
        run.results = model.evaluateSavedAssertions(
          savedRun,
          { status: response.meta.status, headers: response.meta.headers, bodyText: body.toString('utf8'), durationMs: response.meta.timing.totalMs },
          { schemaProblems, responses: routeResponses.get(routeIdOf(content)) },
        );
        const capture = model.captureFromRelayResult(content.captures, { body, meta: response.meta });
        captured = { ...captured, ...capture.captured };
        for (const value of capture.values) if (value.secret) secretValues[value.name] = value.value;
      } catch (error) {
        if (!(error instanceof RelayRequestError || error instanceof RelayTargetError)) throw error;
        run.error = error.message;
      }
      requests.push(run);
      if (showProgress) io.write(io.isTTY ? `\r\x1b[K` : `${counter} ${redact(progressLine(run))}\n`);
      if (options['--bail'] && failed(run)) break;
    }
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }

  const report = { name: positional.join(' ') || 'kite run', startedAt: startedAt.toISOString(), durationMs: performance.now() - runStarted, requests };
  if (showProgress) io.write(redact(model.summaryText(report, redact)));
  if (output) {
    await fs.mkdir(output, { recursive: true });
    if (reporters.includes('junit')) await fs.writeFile(join(output, 'kite-junit.xml'), redact(model.junitXml(report, redact)));
    if (reporters.includes('json')) await fs.writeFile(join(output, 'kite-report.json'), redact(model.jsonReport(report, redact)));
  }
  return requests.some(failed) ? 1 : 0;
}

/** @param {{ error?: string; results: Array<{ passed: boolean }> }} run */
const failed = (run) => run.error !== undefined || run.results.some((result) => !result.passed);

/**
 * One line as each request finishes (plain, so CI logs read it as a terminal does).
 * @param {{ name: string; method: string; url: string; status?: number; durationMs: number; error?: string; results: Array<{ passed: boolean }> }} run
 */
function progressLine(run) {
  const passed = run.results.filter((result) => result.passed).length;
  const outcome = run.error !== undefined ? `no answer: ${run.error}` : `${run.status} in ${Math.round(run.durationMs)} ms, ${passed}/${run.results.length} assertions passed`;
  return `${failed(run) ? 'FAIL' : 'PASS'} ${run.name} — ${run.method} ${run.url} — ${outcome}`;
}
