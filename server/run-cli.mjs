// @ts-check
// `kite run [FOLDER|FILE…] --workspace DIR --env NAME [--target URL] [--bail] [--reporter
// cli,junit,json] [--output DIR] [--openapi FILE]`: the workspace's saved requests sent in file-name order with the
// Node host's own relay code (straight to the target: Kite's 200 ms floor is for the browser's
// calls to the host), values captured by one request flowing to the next, each request's
// assertions evaluated, and the run reported. Secret values come from KITE_VAR_<name>, never from
// the workspace, and every line and file written passes through the model's secret redactor.
// Exit codes: 0 everything passed, 1 an assertion or a request failed, 2 a usage or file error.
import { promises as fs } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CommandError, parse } from './import-cli.mjs';
import { SECRET_ENV_PREFIX } from '../protocol/endpoints.js';
import { RelayTargetError } from './relay/perform.mjs';
import { RelayRequestError } from './relay/validate.mjs';
import { ModelMissingError, failed, keptAliveAgents, requestModel, responsesByRoute, routeIdOf, runSequence, sendRunRequest } from './run-sequence.mjs';
import { SecretsFileError, parseSecretsFile } from './secrets-file.mjs';
import { HOST_VERSION } from './version.mjs';
import { WorkspaceError, createWorkspace } from './workspace.mjs';


export { SECRET_ENV_PREFIX };

const REPORTERS = ['cli', 'junit', 'json'];

/** `kite run`'s lines of the usage: `kite run --help` prints them without loading the host, `kite --help` among the others. */
export const RUN_USAGE = `       kite run [FOLDER|FILE…] [--workspace DIR] [--env NAME] [--target URL] [--bail]
                [--reporter cli,junit,json] [--output DIR] [--openapi FILE]
                [--data rows.csv|rows.json] [--secrets FILE]
                           send the saved requests in file-name order, captures flowing
                           from one to the next, and check their assertions; secrets come
                           from KITE_VAR_<name>=… or a --secrets file (dotenv or JSON,
                           outside the workspace; KITE_VAR_ wins); --data runs the
                           requests once per row, its columns as variables; exit 0 all
                           passed, 1 a failure, 2 a usage or file error; --openapi FILE
                           documents the routes' responses for the schema assertion`;

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
export async function selectRequests(workspace, root, selection) {
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
export async function selectEnvironment(workspace, name) {
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
 * The workspace `--workspace DIR` names (`.kite` by default), refused when it is not a folder.
 * @param {Record<string, string | boolean | undefined>} options the parsed command line
 */
export async function workspaceOfOptions(options) {
  const folder = typeof options['--workspace'] === 'string' ? options['--workspace'] : '.kite';
  const root = resolve(folder);
  if (!(await fs.stat(root).catch(() => null))?.isDirectory()) throw new CommandError(`--workspace ${folder}: no such folder`);
  return { folder, root, workspace: createWorkspace(folder) };
}

/** The request model bundle, its absence a usage error (`node build.mjs` is what to do). */
export const commandModel = () =>
  requestModel().catch((error) => {
    throw error instanceof ModelMissingError ? new CommandError(error.message) : error;
  });

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
 * The documented responses of each route of `--openapi FILE`, by route id (`GET /pets/{id}`). The
 * OpenAPI reader is loaded only then: it is most of a run's start-up otherwise.
 * @param {string} file
 */
async function documentedResponses(file) {
  const { OpenApiLoadError, loadOpenApiFile } = await import('./openapi/load.mjs');
  const { openApiToApplication } = await import('./openapi/to-routes.mjs');
  try {
    return responsesByRoute(openApiToApplication(loadOpenApiFile(file), { file }));
  } catch (error) {
    if (error instanceof OpenApiLoadError) throw new CommandError(error.message);
    throw error;
  }
}

/**
 * @param {string[]} argv arguments after `run`
 * @param {{ write: (text: string) => void; env: NodeJS.ProcessEnv; isTTY: boolean }} io stdout, the process's environment, whether stdout is a terminal
 * @returns {Promise<number>} the exit code
 */
export async function runRequests(argv, io) {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.write(`Usage: ${RUN_USAGE.trimStart()}\n`);
    return 0;
  }
  const { options, positional } = parse(argv, ['--bail'], ['--workspace', '--env', '--target', '--reporter', '--output', '--openapi', '--data', '--secrets']);
  const reporters = String(options['--reporter'] ?? 'cli')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = reporters.filter((name) => !REPORTERS.includes(name));
  if (unknown.length > 0) throw new CommandError(`--reporter ${unknown.join(',')}: the reporters are ${REPORTERS.join(', ')}`);
  const writesFiles = reporters.some((name) => name !== 'cli');
  const output = typeof options['--output'] === 'string' ? options['--output'] : undefined;
  if (writesFiles && !output) throw new CommandError('--reporter junit or json writes files: name their folder with --output DIR');

  const { folder, root, workspace } = await workspaceOfOptions(options);
  const environment = typeof options['--env'] === 'string' ? await selectEnvironment(workspace, options['--env']) : undefined;
  const base = targetBase(typeof options['--target'] === 'string' ? options['--target'] : undefined, environment);
  const files = await selectRequests(workspace, root, positional);
  // Folder settings (folders/NAME.json): the auth a request saved as `inherit` sends.
  const folders = await Promise.all((await workspace.list()).files.filter((file) => file.path.startsWith('folders/')).map((file) => readFile(workspace, file.path)));
  if (files.length === 0) throw new CommandError(`the workspace ${folder} has no saved requests (requests/NAME.json)`);

  const routeResponses = typeof options['--openapi'] === 'string' ? await documentedResponses(options['--openapi']) : new Map();
  const model = await commandModel();
  const rows = typeof options['--data'] === 'string' ? await dataRows(options['--data'], model) : undefined;
  // KITE_VAR_<name> wins over the --secrets file, as the process's environment wins in CI.
  const secrets = { ...(typeof options['--secrets'] === 'string' ? await secretsOfFile(options['--secrets'], root) : {}), ...secretsFromEnvironment(io.env) };
  // A value a request captured as secret (a session token) is kept out of every report too: the
  // run adds it to secretValues.
  /** @type {Record<string, string>} */
  const secretValues = { ...secrets };
  /** @type {(text: string) => string} */
  const redact = (text) => model.secretRedactor(secretValues)(text);
  const agents = keptAliveAgents();

  const userAgent = `Kite/${HOST_VERSION}`;
  const maxBodyBytes = 100 * 1024 * 1024;
  const identityEnvironments = await environmentsOfIdentities(workspace, files);
  /** A "Send as…" identity's request sent as the run sends its files, for its status. */
  const sendIdentity = async (/** @type {any} */ prepared) => {
    const { meta } = await sendRunRequest(prepared, { baseUrl: base, userAgent, agents, maxBodyBytes });
    return { status: meta.status, durationMs: meta.timing.totalMs };
  };

  const showProgress = reporters.includes('cli');
  const startedAt = new Date();
  const runStarted = performance.now();
  /** @type {import('./run-sequence.mjs').SequenceResult[]} */
  let requests;
  try {
    ({ results: requests } = await runSequence({
      files,
      rows,
      environment,
      secrets,
      secretValues,
      baseUrlOf: () => base,
      responsesOf: (content) => routeResponses.get(routeIdOf(content)),
      bail: Boolean(options['--bail']),
      agents,
      userAgent,
      maxBodyBytes,
      model,
      folders,
      // A terminal shows the request under way on one line that the next one replaces.
      onStart: (index, total, { path, content }) => {
        if (showProgress && io.isTTY) io.write(`\r\x1b[K[${index + 1}/${total}] ${redact(String(content.name ?? path))}…`);
      },
      // "Send as…" identities that expect a status are checked after their request's own assertions.
      moreResults: (savedRun) => identityResults(model, savedRun, identityEnvironments, sendIdentity),
      onResult: (result) => {
        if (rows) result.name = `${result.name} (row ${result.iteration + 1})`;
        if (showProgress) io.write(io.isTTY ? `\r\x1b[K` : `[${result.index + 1}/${files.length}${rows ? ` row ${result.iteration + 1}/${rows.length}` : ''}] ${redact(progressLine(result))}\n`);
      },
    }));
  } finally {
    agents.close();
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

/**
 * The environments the files' "Send as…" identities name, read once (a missing one is undefined:
 * its identity fails with that said).
 * @param {ReturnType<typeof createWorkspace>} workspace
 * @param {Array<{ content: any }>} files
 */
async function environmentsOfIdentities(workspace, files) {
  /** @type {Map<string, any>} */
  const found = new Map();
  for (const { content } of files) {
    for (const identity of Array.isArray(content.identities) ? content.identities : []) {
      if (identity?.kind !== 'environment' || typeof identity.environment !== 'string' || found.has(identity.environment)) continue;
      found.set(identity.environment, await selectEnvironment(workspace, identity.environment).catch(() => undefined));
    }
  }
  return found;
}

/**
 * A saved request's identities that expect a status (guest 401, {{admin_token}} 200), each sent
 * once and its status checked as the app's Send as… checks it; one that cannot be sent fails with why.
 * @param {any} model
 * @param {any} savedRun
 * @param {Map<string, any>} environments
 * @param {(request: any) => Promise<{ status: number; durationMs: number }>} send
 */
async function identityResults(model, savedRun, environments, send) {
  const results = [];
  for (const item of model.identityRunsFromSavedFile(savedRun, (/** @type {string} */ name) => environments.get(name))) {
    let problem = item.problem;
    if (item.request) {
      try {
        const answer = await send(item.request);
        results.push(model.checkExpectation(item.identity, answer.status, answer.durationMs));
        continue;
      } catch (error) {
        if (!(error instanceof RelayRequestError || error instanceof RelayTargetError)) throw error;
        problem = error.message;
      }
    }
    results.push({ ...model.checkExpectation(item.identity, undefined), message: `As ${item.label}: ${problem}` });
  }
  return results;
}

/**
 * `kite run …` on this process: stdout, its environment; a usage or file error is one line on
 * stderr and exit 2. bin/kite.mjs calls it without loading the host (server/cli.mjs), so that a
 * run starts fast.
 * @param {string[]} argv arguments after `run`
 * @returns {Promise<number>}
 */
export async function runCommand(argv) {
  try {
    return await runRequests(argv, { write: (text) => process.stdout.write(text), env: process.env, isTTY: process.stdout.isTTY === true });
  } catch (error) {
    console.error(`kite run: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

/**
 * The rows of `--data FILE` (CSV or JSON, read by the model's data-file reader); a file that does
 * not read is a usage error naming the file and the line.
 * @param {string} path
 * @param {any} model
 * @returns {Promise<Array<Record<string, string>>>}
 */
async function dataRows(path, model) {
  const text = await fs.readFile(path, 'utf8').catch((error) => {
    throw new CommandError(`--data ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  try {
    return model.parseDataFile(path, text);
  } catch (error) {
    if (error instanceof Error && error.name === 'DataFileError') throw new CommandError(`--data ${error.message}`);
    throw error;
  }
}

/**
 * The values of `--secrets FILE` (dotenv or JSON). The file may not lie in the workspace: that
 * folder is committed, and a secret never goes there.
 * @param {string} path
 * @param {string} workspaceRoot
 * @returns {Promise<Record<string, string>>}
 */
async function secretsOfFile(path, workspaceRoot) {
  const inside = relative(workspaceRoot, resolve(path));
  if (!inside.startsWith('..') && !isAbsolute(inside)) throw new CommandError(`--secrets ${path}: the file lies in the workspace ${workspaceRoot}, which is shared; keep secrets outside it`);
  const text = await fs.readFile(path, 'utf8').catch((error) => {
    throw new CommandError(`--secrets ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  try {
    return parseSecretsFile(path, text);
  } catch (error) {
    if (error instanceof SecretsFileError) throw new CommandError(`--secrets ${error.message}`);
    throw error;
  }
}

/**
 * One line as each request finishes (plain, so CI logs read it as a terminal does).
 * @param {{ name: string; method: string; url: string; status?: number; durationMs: number; error?: string; results: Array<{ passed: boolean }> }} run
 */
function progressLine(run) {
  const passed = run.results.filter((result) => result.passed).length;
  const outcome = run.error !== undefined ? `no answer: ${run.error}` : `${run.status} in ${Math.round(run.durationMs)} ms, ${passed}/${run.results.length} assertions passed`;
  return `${failed(run) ? 'FAIL' : 'PASS'} ${run.name} — ${run.method} ${run.url} — ${outcome}`;
}
