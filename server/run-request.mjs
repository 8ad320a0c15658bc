// @ts-check
// A RunRequest (POST run's body) checked field by field, as run-request.schema.json states it:
// a bad field is a RunRequestError naming it (the endpoint answers 422 INVALID_RUN_REQUEST). Each
// saved file is checked by the workspace's own rules, so a run accepts what a save accepts.
import { RUN_DELAY_MAX_MS, RUN_MAX_REQUESTS, RUN_MAX_ROWS } from '../protocol/endpoints.js';
import { RELAY_METHODS } from './relay/validate.mjs';
import { workspaceContentProblem } from './workspace.mjs';

export class RunRequestError extends Error {
  /**
   * @param {string} field
   * @param {string} message
   */
  constructor(field, message) {
    super(message);
    this.name = 'RunRequestError';
    this.field = field;
  }
}

const isRecord = (/** @type {unknown} */ value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringRecord = (/** @type {unknown} */ value) => isRecord(value) && Object.values(/** @type {object} */ (value)).every((item) => typeof item === 'string');

/**
 * @param {unknown} input the parsed JSON body
 * @returns {import('../protocol/types').RunRequest}
 */
export function validateRunRequest(input) {
  if (!isRecord(input)) throw new RunRequestError('', 'The run request must be a JSON object');
  const body = /** @type {Record<string, unknown>} */ (input);
  const requests = body.requests;
  if (!Array.isArray(requests) || requests.length < 1 || requests.length > RUN_MAX_REQUESTS) throw new RunRequestError('requests', `"requests" must be a list of 1 to ${RUN_MAX_REQUESTS} saved requests`);
  for (const [index, item] of requests.entries()) {
    if (!isRecord(item) || typeof item.path !== 'string' || item.path === '') throw new RunRequestError(`requests[${index}]`, `requests[${index}] must be { "path": "requests/NAME.json", "file": {…} }`);
    const problem = workspaceContentProblem('requests/run.json', item.file) ?? (RELAY_METHODS.includes(item.file.method) ? null : `"method" must be one of ${RELAY_METHODS.join(', ')}`);
    if (problem) throw new RunRequestError(`requests[${index}].file`, `requests[${index}] (${item.path}): ${problem}`);
  }
  if (!isStringRecord(body.variables)) throw new RunRequestError('variables', '"variables" must be an object of name: string value');
  if (!Array.isArray(body.secretNames) || body.secretNames.some((name) => typeof name !== 'string')) throw new RunRequestError('secretNames', '"secretNames" must be a list of variable names');
  if (body.rows !== undefined) {
    if (!Array.isArray(body.rows) || body.rows.length > RUN_MAX_ROWS) throw new RunRequestError('rows', `"rows" must be a list of at most ${RUN_MAX_ROWS} data rows`);
    const bad = body.rows.findIndex((row) => !isStringRecord(row));
    if (bad !== -1) throw new RunRequestError(`rows[${bad}]`, `rows[${bad}] must be an object of column: string value`);
  }
  if (body.bail !== undefined && typeof body.bail !== 'boolean') throw new RunRequestError('bail', '"bail" must be true or false');
  if (body.delayMs !== undefined && !(Number.isInteger(body.delayMs) && /** @type {number} */ (body.delayMs) >= 0 && /** @type {number} */ (body.delayMs) <= RUN_DELAY_MAX_MS)) {
    throw new RunRequestError('delayMs', `"delayMs" must be a whole number of ms from 0 to ${RUN_DELAY_MAX_MS}`);
  }
  if (body.application !== undefined && typeof body.application !== 'string') throw new RunRequestError('application', '"application" must be an application id');
  const extra = Object.keys(body).filter((key) => !['requests', 'variables', 'secretNames', 'rows', 'bail', 'delayMs', 'application'].includes(key));
  if (extra.length > 0) throw new RunRequestError(extra[0], `"${extra[0]}" is not a field of a run request`);
  return /** @type {any} */ (body);
}
