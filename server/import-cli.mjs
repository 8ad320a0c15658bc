// @ts-check
// `kite import FILE… --workspace DIR [--overwrite] [--openapi FILE]` and `kite export --workspace DIR --format
// postman|openapi --output FILE [--folder F]`: the import model (resources/js/model/import, bundled into
// dist/node/import.mjs by build.mjs) on the workspace folder, written through server/workspace.mjs
// like the page's saves. Secrets are printed by name only: their values never reach a file or a log.
import { promises as fs } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { createWorkspace } from './workspace.mjs';

/** @returns {Promise<any>} the bundle, or a clear error when the build has not made it */
async function importModel() {
  try {
    // Named by URL: the bundle exists only once built, so the type checker does not look for it.
    return await import(new URL('../dist/node/import.mjs', import.meta.url).href);
  } catch (error) {
    throw new Error(`the import model is not built (dist/node/import.mjs): run \`node build.mjs\` (${error instanceof Error ? error.message : String(error)})`);
  }
}

export class CommandError extends Error {}

/**
 * The command's flags and positional arguments (also `kite run`'s).
 * @param {string[]} argv
 * @param {string[]} flags flags without a value
 * @param {string[]} valued flags with a value
 */
export function parse(argv, flags, valued) {
  /** @type {Record<string, string | boolean>} */
  const options = {};
  /** @type {string[]} */
  const positional = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flags.includes(flag)) options[flag] = true;
    else if (valued.includes(flag)) {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined || value.startsWith('--')) throw new CommandError(`${flag} needs a value`);
      options[flag] = value;
    } else if (arg.startsWith('--')) throw new CommandError(`Unknown option '${arg}'`);
    else positional.push(arg);
  }
  return { options, positional };
}

/**
 * The files of a path: the file itself, or every file below a folder (a Bruno collection), named
 * relative to the folder chosen.
 * @param {string} path
 * @returns {Promise<Array<{ name: string; text: string }>>}
 */
async function sourcesOf(path) {
  const stat = await fs.stat(path).catch((error) => {
    throw new CommandError(`cannot read ${path}: ${error.code === 'ENOENT' ? 'no such file or folder' : error.message}`);
  });
  if (!stat.isDirectory()) return [{ name: basename(path), text: await fs.readFile(path, 'utf8') }];
  /** @type {Array<{ name: string; text: string }>} */
  const sources = [];
  const walk = async (/** @type {string} */ folder) => {
    for (const entry of (await fs.readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) sources.push({ name: join(basename(path), relative(path, full)), text: await fs.readFile(full, 'utf8') });
    }
  };
  await walk(path);
  return sources;
}

/**
 * The application of `--openapi FILE`, read as `kite --openapi FILE` reads it (same id), whose
 * routes imported requests are linked to; none without the flag.
 * @param {string | boolean | undefined} file
 */
async function knownApplications(file) {
  if (typeof file !== 'string') return [];
  const [{ loadApplications }, { OpenApiLoadError }] = await Promise.all([import('./applications.mjs'), import('./openapi/load.mjs')]);
  try {
    return loadApplications([file]);
  } catch (error) {
    if (error instanceof OpenApiLoadError) throw new CommandError(`--openapi: ${error.message}`);
    throw error;
  }
}

/** @param {string[]} argv @param {{ log: (line: string) => void }} out */
export async function runImport(argv, out) {
  const { options, positional } = parse(argv, ['--overwrite'], ['--workspace', '--openapi']);
  if (positional.length === 0) throw new CommandError('name the files to import: kite import FILE… --workspace DIR');
  const model = await importModel();
  const sources = [];
  for (const path of positional) sources.push(...(await sourcesOf(path)));
  const result = model.importSources(sources, { applications: await knownApplications(options['--openapi']) });
  const workspace = createWorkspace(typeof options['--workspace'] === 'string' ? options['--workspace'] : '.kite');
  const listing = await workspace.list();
  if (!listing.writable) throw new CommandError(`the workspace ${listing.folder} is read-only: ${listing.readOnlyReason}`);
  const { writes, left } = model.planWrites(result, listing.files.map((/** @type {{ path: string }} */ file) => file.path), options['--overwrite'] === true, 'pass --overwrite to replace it');
  for (const write of writes) await workspace.write(write.path, write.content);
  for (const line of model.reportLines(result, left)) out.log(line);
  out.log(`Wrote ${writes.length} file${writes.length === 1 ? '' : 's'} to ${listing.folder}`);
  if (result.secrets.length > 0) {
    out.log('Secret variables to set in Kite (their values are not written to the workspace):');
    for (const secret of result.secrets) out.log(`  ${secret.environment}: {{${secret.name}}}`);
  }
  return 0;
}

/** @param {string[]} argv @param {{ log: (line: string) => void }} out */
export async function runExport(argv, out) {
  const { options } = parse(argv, [], ['--workspace', '--format', '--output', '--folder', '--name']);
  const format = options['--format'] ?? 'postman';
  if (format !== 'postman' && format !== 'openapi') throw new CommandError(`--format ${format} is not one Kite exports: use --format postman or --format openapi`);
  const output = options['--output'];
  if (typeof output !== 'string') throw new CommandError(`--output FILE is needed: where the ${format === 'openapi' ? 'OpenAPI document' : 'Postman collection'} is written`);
  const model = await importModel();
  const workspace = createWorkspace(typeof options['--workspace'] === 'string' ? options['--workspace'] : '.kite');
  const listing = await workspace.list();
  /** @type {any[]} */
  const requests = [];
  /** @type {any[]} */
  const environments = [];
  /** @type {any[]} */
  const folderSettings = [];
  for (const file of listing.files) {
    const { content } = await workspace.read(file.path);
    if (file.path.startsWith('environments/')) environments.push(content);
    else if (file.path.startsWith('folders/')) folderSettings.push(content);
    else if (file.path.startsWith('requests/')) requests.push(content);
  }
  const name = typeof options['--name'] === 'string' ? options['--name'] : basename(output).replace(/(\.postman_collection|\.openapi)?\.(json|ya?ml)$/, '');
  const folder = typeof options['--folder'] === 'string' ? options['--folder'] : '';
  const exported = model.requestsInFolder(requests, folder);
  if (folder && exported.length === 0) {
    const folders = [...new Set(requests.map((request) => request.folder).filter(Boolean))].sort();
    throw new CommandError(`no saved request is in folder ${folder} (folders: ${folders.length > 0 ? folders.join(', ') : 'none'})`);
  }
  if (format === 'openapi') {
    // Environments give the server's default (a plain value only: a secret's value is in no file).
    const { document, left } = model.toOpenApiDocument(name, exported, environments, folder, folderSettings);
    await fs.writeFile(output, `${JSON.stringify(document, null, 2)}\n`);
    out.log(`Wrote ${output}: ${exported.length - left.length} operation${exported.length - left.length === 1 ? '' : 's'}${folder ? ` of folder ${folder}` : ''} (OpenAPI ${document.openapi}; secrets left out)`);
    for (const line of left) out.log(`  not written: ${line}`);
    return 0;
  }
  const collection = model.toPostmanCollection(name, exported, folder, folderSettings);
  await fs.writeFile(output, `${JSON.stringify(collection, null, 2)}\n`);
  out.log(`Wrote ${output}: ${exported.length} request${exported.length === 1 ? '' : 's'}${folder ? ` in folder ${folder}` : ''}`);
  for (const environment of environments) {
    const path = join(dirname(output), `${basename(environment.name).replace(/[^A-Za-z0-9._-]+/g, '-')}.postman_environment.json`);
    await fs.writeFile(path, `${JSON.stringify(model.toPostmanEnvironment(environment), null, 2)}\n`);
    out.log(`Wrote ${path} (environment ${environment.name}; secret variables named, without their values)`);
  }
  return 0;
}
