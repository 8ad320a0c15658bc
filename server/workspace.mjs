// @ts-check
// The workspace folder (`--workspace`, default `.kite` where kite runs): saved requests,
// environments and folder settings as files, listed, read, written and deleted for the app. Only paths that match
// WORKSPACE_FILE_PATTERN are touched, never through a symbolic link, and only inside the folder.
import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ASSERTION_OPERATORS, IDENTITY_KINDS, IDENTITY_TOKEN_PATTERN, IDENTITY_USER_ID_PATTERN, SAVED_AUTH_PLAIN_FIELDS, SAVED_AUTH_TYPES, SAVED_AUTH_REFERENCE_FIELDS, VARIABLE_REFERENCES_PATTERN, isWorkspaceFilePath, jsonDeeperThan, WORKSPACE_MAX_DEPTH, WORKSPACE_MAX_FILE_BYTES, WORKSPACE_MODIFIED_HEADER, workspaceFileText } from '../protocol/endpoints.js';
import { BodyTooLargeError, readBody, sendError, sendJson } from './http.mjs';

export class WorkspaceError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {string} [field]
   */
  constructor(status, code, message, field) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

const isRecord = (/** @type {unknown} */ value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks a file's content for its kind; returns a problem, or null.
 * @param {string} path
 * @param {unknown} content
 * @returns {string | null}
 */
export function workspaceContentProblem(path, content) {
  if (!isRecord(content)) return 'a workspace file holds one JSON object';
  const value = /** @type {Record<string, unknown>} */ (content);
  if (path.startsWith('folders/')) {
    // A folder's settings (FolderSettingsFile): the folder it is for ('' the workspace) and its auth.
    if (typeof value.folder !== 'string') return '"folder" must be the folder\'s name as requests give it ("" for the whole workspace)';
    const extra = Object.keys(value).filter((key) => key !== 'folder' && key !== 'auth');
    if (extra.length > 0) return `a folder's settings hold "folder" and "auth" only, not ${extra.join(', ')}`;
    return value.auth === undefined ? '"auth" must be { "type": … }' : savedAuthProblem(value.auth);
  }
  if (typeof value.name !== 'string' || value.name.trim() === '') return '"name" must be a non-empty string';
  if (path.startsWith('environments/')) {
    if (!isRecord(value.variables)) return '"variables" must be an object of name: value';
    for (const [name, item] of Object.entries(/** @type {object} */ (value.variables))) {
      if (typeof item === 'string') continue;
      // A secret variable is named, never valued: { "value": "", "secret": true }.
      if (isRecord(item) && item.secret === true) {
        if (item.value !== '' || Object.keys(item).some((key) => key !== 'value' && key !== 'secret')) return `secret variable "${name}" keeps no value in a file: { "value": "", "secret": true }`;
        continue;
      }
      return `variable "${name}" must be a string, or { "value": "", "secret": true }`;
    }
    return null;
  }
  if (typeof value.method !== 'string' || typeof value.url !== 'string') return '"method" and "url" must be strings';
  if (value.auth !== undefined) {
    const problem = savedAuthProblem(value.auth);
    if (problem) return problem;
  }
  if (value.assertions !== undefined) {
    const problem = assertionsProblem(value.assertions);
    if (problem) return problem;
  }
  if (value.identities !== undefined) return identitiesProblem(value.identities);
  return null;
}

/**
 * A saved request's "Send as…" `identities`: each { kind, … , expectStatus? } as SavedIdentity
 * (protocol/types.ts); a token only as a {{variable}} reference, so no credential is written.
 * @param {unknown} identities
 */
function identitiesProblem(identities) {
  if (!Array.isArray(identities)) return '"identities" must be an array';
  /** @type {Record<string, { field: string, valid: (text: string) => boolean, rule: string }>} */
  const needs = {
    user: { field: 'userId', valid: (text) => IDENTITY_USER_ID_PATTERN.test(text), rule: 'a plain id or a {{variable}}' },
    token: { field: 'token', valid: (text) => IDENTITY_TOKEN_PATTERN.test(text), rule: 'a {{variable}} reference, never the token itself' },
    environment: { field: 'environment', valid: (text) => text.trim() !== '', rule: 'an environment name' },
  };
  for (const [index, item] of identities.entries()) {
    const identity = /** @type {Record<string, unknown>} */ (item);
    if (!isRecord(item) || !IDENTITY_KINDS.includes(/** @type {any} */ (identity.kind))) return `identity ${index + 1} must be { "kind": ${IDENTITY_KINDS.map((kind) => `"${kind}"`).join(' | ')} }`;
    const need = needs[/** @type {string} */ (identity.kind)];
    const allowed = ['kind', 'expectStatus', ...(need ? [need.field] : [])];
    const extra = Object.keys(identity).filter((key) => !allowed.includes(key));
    if (extra.length > 0) return `identity ${index + 1} (${identity.kind}) keeps only ${allowed.join(', ')}, not ${extra.join(', ')}`;
    if (need && !(typeof identity[need.field] === 'string' && need.valid(/** @type {string} */ (identity[need.field])))) return `identity ${index + 1}: "${need.field}" must be ${need.rule}`;
    const status = identity.expectStatus;
    if (status !== undefined && !(Number.isInteger(status) && /** @type {number} */ (status) >= 100 && /** @type {number} */ (status) <= 599)) return `identity ${index + 1}: "expectStatus" must be an HTTP status (100-599)`;
  }
  return null;
}

/**
 * A saved request's or folder's `auth`: a type of SAVED_AUTH_TYPES, public settings, and
 * {{variable}} references only, never a literal credential; returns a problem, or null.
 * @param {unknown} value
 */
function savedAuthProblem(value) {
  if (!isRecord(value) || !SAVED_AUTH_TYPES.includes(/** @type {any} */ (value).type)) return `"auth" must be { "type": … }, the type one of ${SAVED_AUTH_TYPES.join(', ')}`;
  const auth = /** @type {Record<string, unknown>} */ (value);
  const extra = Object.keys(auth).filter(
    (key) => key !== 'type' && !(SAVED_AUTH_PLAIN_FIELDS.includes(key) && typeof auth[key] === 'string') && !(SAVED_AUTH_REFERENCE_FIELDS.includes(key) && typeof auth[key] === 'string' && VARIABLE_REFERENCES_PATTERN.test(/** @type {string} */ (auth[key]))),
  );
  return extra.length > 0 ? `"auth" keeps only its type and {{variable}} references; credentials (${extra.join(', ')}) never go into a file` : null;
}

/**
 * A saved request's `assertions`: each { source, path, operator, expected } with an operator its
 * source takes (ASSERTION_OPERATORS); returns a problem, or null.
 * @param {unknown} assertions
 */
function assertionsProblem(assertions) {
  if (!Array.isArray(assertions)) return '"assertions" must be an array';
  for (const [index, item] of assertions.entries()) {
    const line = /** @type {Record<string, unknown>} */ (item);
    if (!isRecord(item) || ['source', 'path', 'operator', 'expected'].some((key) => typeof line[key] !== 'string')) {
      return `assertion ${index + 1} must be { "source", "path", "operator", "expected" } with string values`;
    }
    const operators = Object.hasOwn(ASSERTION_OPERATORS, /** @type {string} */ (line.source)) ? ASSERTION_OPERATORS[/** @type {keyof typeof ASSERTION_OPERATORS} */ (line.source)] : undefined;
    if (!operators) return `assertion ${index + 1}: "source" is one of ${Object.keys(ASSERTION_OPERATORS).join(', ')}, not "${line.source}"`;
    if (!operators.includes(/** @type {any} */ (line.operator))) return `assertion ${index + 1}: ${line.source} takes ${operators.join(', ')}, not "${line.operator}"`;
  }
  return null;
}

/** The 422 for content nested deeper than WORKSPACE_MAX_DEPTH (a file on disk, or a PUT's body). */
const tooDeep = (/** @type {string} */ what, /** @type {string} */ field) =>
  new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', `${what} nests deeper than ${WORKSPACE_MAX_DEPTH} levels`, field);

/** Errors of a write that mean the disk (or the user's quota on it) is full. */
const DISK_FULL_CODES = ['ENOSPC', 'EDQUOT'];

/**
 * @param {string} folder the workspace folder (created on the first write)
 * @param {{ writeFile?: typeof fs.writeFile }} [io] how a file's bytes are written (a test makes
 *   it fail as a full disk would)
 */
export function createWorkspace(folder, io = {}) {
  const root = resolve(folder);
  const writeFile = io.writeFile ?? fs.writeFile;

  /** Where the folder is shown: relative to where kite runs when it lies below it. */
  const shown = () => {
    const rel = relative(process.cwd(), root);
    return rel && !rel.startsWith('..') && !rel.startsWith(sep) ? rel : root;
  };

  /**
   * The real file for a workspace path, after checking that nothing on the way is a symbolic link
   * leading elsewhere.
   * @param {string} path
   */
  async function locate(path) {
    if (!isWorkspaceFilePath(path)) {
      throw new WorkspaceError(422, 'INVALID_WORKSPACE_PATH', `'${path}' is not a workspace file: use environments/NAME.json, requests/NAME.json or folders/NAME.json`, 'path');
    }
    const file = join(root, path);
    for (const step of [root, dirname(file), file]) {
      const stat = await fs.lstat(step).catch(() => null);
      if (stat?.isSymbolicLink()) throw new WorkspaceError(422, 'INVALID_WORKSPACE_PATH', `${relative(root, step) || 'the workspace folder'} is a symbolic link; Kite does not follow links in the workspace`, 'path');
    }
    return file;
  }

  /** @returns {Promise<string | null>} why the host cannot write, or null */
  async function readOnlyReason() {
    let probe = root;
    while (!(await fs.stat(probe).catch(() => null))) {
      const parent = dirname(probe);
      if (parent === probe) break;
      probe = parent;
    }
    try {
      await fs.access(probe, constants.W_OK);
      return null;
    } catch {
      return `The host has no write permission for ${probe === root ? shown() : probe}`;
    }
  }

  /** @returns {Promise<import('../protocol/types').WorkspaceListing>} */
  async function list() {
    /** @type {import('../protocol/types').WorkspaceFileInfo[]} */
    const files = [];
    for (const kind of ['environments', 'requests', 'folders']) {
      // A linked folder is not followed, as reads do not follow it: its files would not open.
      if ((await fs.lstat(join(root, kind)).catch(() => null))?.isSymbolicLink()) continue;
      const names = await fs.readdir(join(root, kind)).catch(() => /** @type {string[]} */ ([]));
      for (const name of names.sort()) {
        const path = `${kind}/${name}`;
        if (!isWorkspaceFilePath(path)) continue;
        const stat = await fs.lstat(join(root, path)).catch(() => null);
        if (!stat?.isFile()) continue;
        files.push({ path, size: stat.size, modifiedMs: Math.floor(stat.mtimeMs) });
      }
    }
    const reason = await readOnlyReason();
    return { folder: shown(), writable: reason === null, ...(reason ? { readOnlyReason: reason } : {}), files };
  }

  /** @param {string} path */
  async function read(path) {
    const file = await locate(path);
    const [text, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]).catch(() => {
      throw new WorkspaceError(404, 'NOT_FOUND', `There is no ${path} in the workspace`);
    });
    let content;
    try {
      content = JSON.parse(text);
    } catch (error) {
      throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, 'path');
    }
    if (jsonDeeperThan(content, WORKSPACE_MAX_DEPTH)) throw tooDeep(path, 'path');
    const problem = workspaceContentProblem(path, content);
    if (problem) throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', `${path}: ${problem}`, 'path');
    return { path, modifiedMs: Math.floor(stat.mtimeMs), content };
  }

  /**
   * Refuses a save when the file is no longer the one the app read (`modifiedMs` as read).
   * @param {string} path
   * @param {string} file
   * @param {number} modifiedMs
   */
  async function assertUnchanged(path, file, modifiedMs) {
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat) throw new WorkspaceError(409, 'WORKSPACE_CONFLICT', `${path} was deleted on disk since it was read; nothing was written`);
    const onDisk = Math.floor(stat.mtimeMs);
    if (onDisk !== modifiedMs) throw new WorkspaceError(409, 'WORKSPACE_CONFLICT', `${path} changed on disk since it was read (at ${new Date(onDisk).toISOString()}); nothing was written`);
  }

  /**
   * @param {string} path
   * @param {unknown} content
   * @param {{ modifiedMs?: number }} [precondition] the file's `modifiedMs` when the app read it
   */
  async function write(path, content, precondition = {}) {
    const file = await locate(path);
    if (jsonDeeperThan(content, WORKSPACE_MAX_DEPTH)) throw tooDeep('The file content', 'content');
    const problem = workspaceContentProblem(path, content);
    if (problem) throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', problem, 'content');
    const reason = await readOnlyReason();
    if (reason) throw new WorkspaceError(403, 'WORKSPACE_READ_ONLY', `The workspace is read-only: ${reason}`);
    if (precondition.modifiedMs !== undefined) await assertUnchanged(path, file, precondition.modifiedMs);
    // Written beside and renamed, so a reader never sees half a file; what a failed write leaves
    // of it is removed, so a full disk does not fill up with NAME.json.<hex>.tmp files.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.mkdir(dirname(file), { recursive: true });
      await locate(path); // the folders just made are checked again
      await writeFile(temporary, workspaceFileText(content), { flag: 'wx' });
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.unlink(temporary).catch(() => {});
      const code = /** @type {NodeJS.ErrnoException} */ (error)?.code;
      if (code && DISK_FULL_CODES.includes(code)) throw new WorkspaceError(507, 'WORKSPACE_DISK_FULL', `The disk holding the workspace is full (${code}): ${path} was not written`);
      throw error;
    }
    const stat = await fs.stat(file);
    return { path, modifiedMs: Math.floor(stat.mtimeMs), content };
  }

  /** @param {string} path */
  async function remove(path) {
    const file = await locate(path);
    const reason = await readOnlyReason();
    if (reason) throw new WorkspaceError(403, 'WORKSPACE_READ_ONLY', `The workspace is read-only: ${reason}`);
    await fs.unlink(file).catch(() => {
      throw new WorkspaceError(404, 'NOT_FOUND', `There is no ${path} in the workspace`);
    });
    return { path, deleted: true };
  }

  return { root, list, read, write, remove };
}

/**
 * The save's precondition (WORKSPACE_MODIFIED_HEADER), or undefined when the PUT carries none.
 * @param {import('node:http').IncomingMessage} req
 * @returns {number | undefined}
 */
function modifiedMsAsRead(req) {
  const value = req.headers[WORKSPACE_MODIFIED_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', `${WORKSPACE_MODIFIED_HEADER} is the modifiedMs the file was read with, a whole number of ms`, WORKSPACE_MODIFIED_HEADER);
  }
  return Number(value);
}

/**
 * Serves `workspace` and `workspace/files/{path}` under the API prefix.
 * @param {ReturnType<typeof createWorkspace>} workspace
 * @param {{ verify: (req: import('node:http').IncomingMessage) => boolean; refuse: (res: import('node:http').ServerResponse) => void }} xsrf
 */
export function workspaceEndpoint(workspace, xsrf) {
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} endpoint the path after the API prefix, `workspace` or `workspace/files/…`
   */
  return async function serveWorkspace(req, res, endpoint) {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    try {
      if (endpoint === 'workspace') {
        if (method !== 'GET') {
          res.setHeader('Allow', 'GET, HEAD');
          return sendError(res, 405, 'METHOD_NOT_ALLOWED', `workspace answers GET, not ${req.method}`);
        }
        return sendJson(res, 200, await workspace.list());
      }
      let path;
      try {
        path = decodeURIComponent(endpoint.slice('workspace/files/'.length));
      } catch {
        path = endpoint;
      }
      if (method === 'GET') return sendJson(res, 200, await workspace.read(path));
      if (method !== 'PUT' && method !== 'DELETE') {
        res.setHeader('Allow', 'GET, HEAD, PUT, DELETE');
        return sendError(res, 405, 'METHOD_NOT_ALLOWED', `workspace files answer GET, PUT and DELETE, not ${req.method}`);
      }
      if (!xsrf.verify(req)) return xsrf.refuse(res);
      if (method === 'DELETE') return sendJson(res, 200, await workspace.remove(path));
      const modifiedMs = modifiedMsAsRead(req);
      let content;
      try {
        content = JSON.parse((await readBody(req, WORKSPACE_MAX_FILE_BYTES)).toString('utf8'));
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw new WorkspaceError(413, 'INVALID_WORKSPACE_FILE', 'A workspace file is at most 2 MB');
        throw new WorkspaceError(422, 'INVALID_WORKSPACE_FILE', 'The file content is not valid JSON', 'content');
      }
      return sendJson(res, 200, await workspace.write(path, content, { modifiedMs }));
    } catch (error) {
      if (error instanceof WorkspaceError) return sendError(res, error.status, error.code, error.message, error.field);
      throw error;
    }
  };
}
