// @ts-check
// `kite serve`: parses the command line, starts the host, and turns every start-up problem into
// one line on stderr and exit code 2.
import { startKite, HOST_VERSION, DEFAULT_MAX_BODY_MB, DEFAULT_MAX_HELD_MB } from './index.mjs';
import { isWildcardAddress, normalizeHostName } from './host-check.mjs';
import { OpenApiLoadError } from './openapi/load.mjs';
import { isHeaderName } from './relay/validate.mjs';
import { runExport, runImport } from './import-cli.mjs';
import { runExportTest } from './export-test-cli.mjs';
import { RUN_USAGE, runCommand } from './run-cli.mjs';
import { GENERATOR_PREFIX } from '../protocol/endpoints.js';

export class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Usage: kite serve [options]
       kite import FILE… [--workspace DIR] [--overwrite] [--openapi FILE]
                           Postman, Insomnia, Bruno, HAR, OpenAPI or cURL files into the
                           workspace; with --openapi, requests that fit one of its routes
                           are linked to it
       kite export [--workspace DIR] --format postman|openapi --output FILE [--folder F]
                           the saved requests as a Postman v2.1 collection or an OpenAPI
                           3.0 document (secrets left out)
       kite export-test FILE|FOLDER… --format phpunit|pest|node [--workspace DIR] [--env NAME]
                [--output FILE|DIR]
                           the saved requests as one framework test (a Laravel feature test,
                           or node:test against KITE_TARGET); secrets read from KITE_VAR_<name>
${RUN_USAGE}

  --port N                 port to listen on (default 8080)
  --host ADDRESS           address to listen on (default 127.0.0.1); 0.0.0.0 or :: needs
                           --allowed-host
  --allowed-host NAME      a host name the browser may use to reach Kite, besides localhost,
                           127.0.0.1, [::1] and the listen address (repeatable); other Host
                           headers, and calls from pages on other hosts, are refused (403)
  --path PATH              mount path of the page and the protocol (default /http-client)
  --openapi FILE           an OpenAPI 3.0/3.1 document (JSON or YAML); repeat for several
                           applications; without it the built-in demo API runs under /demo;
                           edits to the file are picked up while kite runs
  --target URL             base URL the relay sends to, one per --openapi in the same order
                           (default: the document's first servers entry)
  --allow URL              another base URL the relay may reach, with everything below its
                           path (repeatable; an origin alone allows all of it)
  --max-body-mb N          stop reading target bodies at N megabytes and flag them cut
                           (default 100)
  --max-held-mb N          response-body megabytes all relays may hold at once; beyond it a
                           relay is refused with 503 (default 512)
  --impersonate-header NAME
                           header that carries the user id for 'impersonate' requests
                           (default: none, so impersonation is refused; the demo uses
                           X-Kite-Impersonate)
  --header NAME=VALUE      a header on every request the page composes (repeatable; each can be
                           switched off); generator:ID is a fresh value of the palette's
                           generator at each send, e.g. X-Request-Id=generator:uuid
  --assets-url URL         where the page loads the bundle from (default /vendor/kite)
  --workspace DIR          folder of saved requests and environments (default .kite in the
                           directory kite runs in)
  --help                   show this help
  --version                print the version`;

/**
 * @param {string[]} argv arguments after `serve`
 */
export function parseServeArgs(argv) {
  /** @type {ServeOptions} */
  const options = { port: 8080, host: '127.0.0.1', path: '/http-client', openapi: [], target: [], allow: [], allowedHosts: [], maxBodyMb: DEFAULT_MAX_BODY_MB, maxHeldMb: DEFAULT_MAX_HELD_MB };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i += 1;
      return next;
    };
    switch (flag) {
      case '--port': {
        const raw = value();
        const port = Number(raw);
        if (!/^\d+$/.test(raw) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got '${raw}'`);
        options.port = port;
        break;
      }
      case '--host':
        options.host = value();
        break;
      case '--path': {
        const path = value();
        if (!path.startsWith('/')) throw new UsageError(`--path must start with '/', got '${path}'`);
        options.path = path;
        break;
      }
      case '--assets-url':
        options.assetsUrl = value();
        break;
      case '--workspace':
        options.workspace = value();
        break;
      case '--openapi':
        options.openapi.push(value());
        break;
      case '--target':
        options.target.push(checkUrl(flag, value()));
        break;
      case '--allow':
        options.allow.push(checkUrl(flag, value()));
        break;
      case '--allowed-host': {
        const raw = value();
        const name = normalizeHostName(raw);
        if (name === null) throw new UsageError(`--allowed-host must be a host name or address without scheme or port, like kite.test or 192.168.1.20, got '${raw}'`);
        options.allowedHosts.push(name);
        break;
      }
      case '--max-body-mb':
        options.maxBodyMb = megabytes(flag, value());
        break;
      case '--max-held-mb':
        options.maxHeldMb = megabytes(flag, value());
        break;
      case '--impersonate-header': {
        const name = value();
        if (!isHeaderName(name)) throw new UsageError(`--impersonate-header must be a header name, got '${name}'`);
        options.impersonateHeader = name;
        break;
      }
      case '--header':
        options.globalHeaders = [...(options.globalHeaders ?? []), globalHeader(value())];
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      case '--version':
        options.version = true;
        break;
      default:
        throw new UsageError(`Unknown option '${arg}' (see kite serve --help)`);
    }
  }
  if (isWildcardAddress(options.host) && options.allowedHosts.length === 0 && !options.help && !options.version) {
    throw new UsageError(
      `--host ${options.host} listens on every network interface, so browsers reach Kite by names it cannot know; name each with --allowed-host NAME (for example --allowed-host 192.168.1.20 or --allowed-host kite.test). Other names are refused, against DNS rebinding.`,
    );
  }
  if (options.target.length > 0 && options.openapi.length === 0) {
    throw new UsageError('--target needs --openapi (the demo API is always on this server)');
  }
  if (options.target.length > options.openapi.length) {
    throw new UsageError(`${options.target.length} --target values for ${options.openapi.length} --openapi documents; give at most one per document`);
  }
  return options;
}

/**
 * @typedef {{ port: number; host: string; path: string; assetsUrl?: string; openapi: string[]; target: string[]; allow: string[];
 *   allowedHosts: string[]; maxBodyMb: number; maxHeldMb: number; impersonateHeader?: string; workspace?: string; help?: boolean; version?: boolean;
 *   globalHeaders?: Array<{ name: string; value: string }> }} ServeOptions
 */

/**
 * `--header NAME=VALUE`: a global header of the page config (GlobalHeader in protocol/types.ts).
 * @param {string} raw
 */
function globalHeader(raw) {
  const equals = raw.indexOf('=');
  if (equals === -1) throw new UsageError(`--header must be NAME=VALUE (a value, or generator:ID for a fresh value each send, e.g. X-Request-Id=generator:uuid), got '${raw}'`);
  const name = raw.slice(0, equals);
  const value = raw.slice(equals + 1);
  if (!isHeaderName(name)) throw new UsageError(`--header must be NAME=VALUE with a header name, got '${name}'`);
  if (value.trim() === GENERATOR_PREFIX) throw new UsageError(`--header ${name} names no generator after '${GENERATOR_PREFIX}' (e.g. ${GENERATOR_PREFIX}uuid)`);
  return { name, value };
}


/**
 * @param {string} flag
 * @param {string} raw
 */
function megabytes(flag, raw) {
  const mb = Number(raw);
  if (!Number.isFinite(mb) || mb <= 0) throw new UsageError(`${flag} must be a positive number, got '${raw}'`);
  return mb;
}

/**
 * @param {string} flag
 * @param {string} raw
 */
function checkUrl(flag, raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${flag} must be a full URL like http://127.0.0.1:8000, got '${raw}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag} must be an http or https URL, got '${raw}'`);
  return raw;
}

/**
 * @param {string[]} args process arguments after the script
 * @returns {Promise<number | undefined>} an exit code, or undefined while the server runs
 */
export async function main(args) {
  const [command, ...rest] = args;
  if (command === '--version' || command === '-v') {
    console.log(HOST_VERSION);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === 'import' || command === 'export') {
    try {
      return await (command === 'import' ? runImport : runExport)(rest, { log: (line) => console.log(line) });
    } catch (error) {
      console.error(`kite ${command}: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
  }
  if (command === 'export-test') {
    try {
      return await runExportTest(rest, { write: (text) => process.stdout.write(text), log: (line) => console.error(line) });
    } catch (error) {
      console.error(`kite export-test: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
  }
  if (command === 'run') return runCommand(rest);
  if (command !== 'serve') {
    console.error(`kite: unknown command '${command}' (try: kite serve --help)`);
    return 2;
  }
  let options;
  try {
    options = parseServeArgs(rest);
  } catch (error) {
    console.error(`kite: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (options.version) {
    console.log(HOST_VERSION);
    return 0;
  }
  try {
    const { url, origin } = await startKite(options);
    console.log(`Kite ${HOST_VERSION} at ${url}`);
    if (options.openapi.length === 0) console.log(`Demo API at ${origin}/demo (OpenAPI: ${origin}/demo/openapi.json)`);
    return undefined;
  } catch (error) {
    console.error(`kite: ${startupMessage(error, options)}`);
    return 2;
  }
}

/**
 * @param {unknown} error
 * @param {{ port: number; host: string }} options
 */
function startupMessage(error, options) {
  if (error instanceof OpenApiLoadError) return error.message;
  const code = /** @type {{ code?: string }} */ (error)?.code;
  if (code === 'EADDRINUSE') return `port ${options.port} on ${options.host} is already in use (pass --port)`;
  if (code === 'EACCES') return `no permission to listen on ${options.host}:${options.port}`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `cannot listen on host '${options.host}'`;
  return error instanceof Error ? error.message : String(error);
}
