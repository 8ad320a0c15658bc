// The request model for a runner outside the browser (the Node host's CLI, built by build.mjs into
// dist/node/model.mjs): a saved request file, an environment file, the secret values a file never
// holds and the values earlier responses captured become one relay request, by the same mapping
// the app's Send uses; a relay result's values are captured by the same rules. No DOM, no React.
import type { EnvironmentFile, FolderSettingsFile, RelayRequest, SavedRequestFile } from '../../../protocol/types';
import { evaluateAssertions, type AssertionContext, type AssertionResponse, type AssertionResult } from './assertions/evaluate';
import { relayRequestOf, requestProblem, type RequestProblem } from './request/relay-request';
import type { RequestState } from './request/request-state';
import { applyCaptureRules, type CaptureOutcome } from './workspace/capture';
import { captureInputOf } from './workspace/capture-rules';
import { normalizeVariables } from './workspace/environments';
import { effectiveAuth } from './workspace/inherited-auth';
import { fromSavedFile } from './workspace/saved-requests';
import { identityRequests, type Identity } from './send-as/identity';
import { checkExpectation } from './send-as/matrix';
import { buildScope, redactSecrets, resolveRequest, resolveText, unresolvedMessage, type Variable, type VariableScope } from './workspace/variables';

// The reporters a runner writes a run with (JUnit XML, JSON, the terminal summary).
export { jsonReport } from './assertions/json-report';
export { junitXml } from './assertions/junit';
export { reportedResult, runTotals, type RequestRun, type RunReport } from './assertions/report';
export { summaryText } from './assertions/summary';
// A run's data file (CSV or JSON rows), read as the app's folder run reads it (kite run --data).
export { DataFileError, parseDataFile } from './runs/data-file';

/** name → value, as a runner reads them from its flags, its environment or a previous step. */
export type Values = Readonly<Record<string, string>>;

export interface SavedRequestRun {
  /** The saved request file, as read from `.kite/requests/…json` (anything malformed takes defaults). */
  file: Partial<SavedRequestFile>;
  /** The environment file to use, as read from `.kite/environments/…json`. */
  environment?: EnvironmentFile;
  /** Values of the environment's secret variables (a file names them with no value). */
  secrets?: Values;
  /** Values captured from earlier responses: they win over the environment, as in the app. */
  captured?: Values;
  /** Global variables: the environment wins over them. */
  globals?: Values;
  /** The host's global headers, generator values already resolved. */
  globalHeaders?: Array<{ name: string; value: string }>;
  /** The workspace's folder settings (`.kite/folders/…json`): where an `inherit` auth comes from. */
  folders?: FolderSettingsFile[];
}

export interface PreparedRelayRequest {
  /** The request as the file describes it, variables as typed. */
  state: RequestState;
  /** The relay call, variables resolved once. */
  request: RelayRequest;
  /** Variables used by a sent part that have no value (the app refuses to send then). */
  unresolved: string[];
  /** Why the request cannot be sent as it is (the app's own check), with unresolved variables first; null when it can. */
  problem: RequestProblem | null;
}

const asVariables = (values: Values | undefined, secret = false): Variable[] =>
  Object.entries(values ?? {}).map(([name, value]) => ({ name, value, secret }));

/**
 * The environment file's variables, secret ones given their value from `secrets`. A secret the
 * runner was not given is left out, so a request using it stops as unresolved instead of sending
 * an empty credential (a file names a secret with an empty value).
 */
export function environmentVariables(environment: EnvironmentFile | undefined, secrets: Values = {}): Variable[] {
  return normalizeVariables(environment?.variables).flatMap((variable) => {
    if (!variable.secret) return [variable];
    return Object.hasOwn(secrets, variable.name) ? [{ ...variable, value: secrets[variable.name] }] : [];
  });
}

/** The variables a saved request sees: captured values over the environment over globals, as in the app. */
function scopeOf(run: SavedRequestRun): VariableScope {
  return buildScope({
    capture: asVariables(run.captured),
    environment: environmentVariables(run.environment, run.secrets),
    global: asVariables(run.globals),
  });
}

/** A saved request file with its environment, secrets and captured values → the relay request. */
export function relayRequestFromSavedFile(run: SavedRequestRun): PreparedRelayRequest {
  const typed = fromSavedFile(run.file);
  // An `inherit` auth is its folder's, then the workspace's, then none (a runner has no session).
  const state = { ...typed, auth: effectiveAuth(typed.auth, typeof run.file.folder === 'string' ? run.file.folder : '', run.folders ?? []).auth };
  const scope = scopeOf(run);
  const { state: resolved, unresolved } = resolveRequest(state, scope);
  const problem = unresolved.length > 0 ? { title: unresolvedMessage(unresolved) } : requestProblem(state);
  return { state, request: relayRequestOf(resolved, run.globalHeaders ?? []), unresolved, problem };
}

/** What a relay result gives the request's capture rules: values to carry to the next request, and what found nothing. */
export function captureFromRelayResult(
  rules: SavedRequestFile['captures'] | RequestState['captures'],
  result: { body: ArrayBuffer | Uint8Array; meta: { headers: Array<[string, string]>; cookies: Parameters<typeof captureInputOf>[0]['meta']['cookies'] } },
): CaptureOutcome & { captured: Record<string, string> } {
  // A copy of exactly the body's bytes: a Node Buffer is often a view into a larger shared pool, and
  // its own slice() is a view too, so `.buffer` would carry the pool's other bytes.
  const body = result.body instanceof Uint8Array ? (new Uint8Array(result.body).buffer as ArrayBuffer) : result.body;
  const outcome = applyCaptureRules(rules, captureInputOf({ body, meta: result.meta }));
  return { ...outcome, captured: Object.fromEntries(outcome.values.map((value) => [value.name, value.value])) };
}

/**
 * The saved request's assertions evaluated against its answer, `{{variables}}` in expected values
 * filled in from the same scope the request was sent with. The runner hands in the route's
 * documented responses and its JSON Schema validator (ajv in Node).
 */
export function evaluateSavedAssertions(
  run: SavedRequestRun,
  response: AssertionResponse,
  context: Pick<AssertionContext, 'responses' | 'schemaProblems'> = {},
): AssertionResult[] {
  const scope = scopeOf(run);
  return evaluateAssertions(fromSavedFile(run.file).assertions, response, { ...context, resolve: (text, unresolved) => resolveText(text, scope, unresolved) });
}

export { checkExpectation };

/** One identity of a saved request's "Send as…" list, as a runner sends it to check its expected status. */
export interface IdentityRun {
  identity: Identity;
  label: string;
  /** The relay call as this identity; absent when it cannot be sent (`problem` says why). */
  request?: RelayRequest;
  problem?: string;
}

/**
 * The saved request's identities that expect a status (the authorization assertions: guest 401,
 * user 3 403), each as its relay request by the app's own mapping, an environment identity
 * resolved with that environment (`environmentNamed`). A runner sends no browser session and
 * impersonates no one, so the logged-in user and users by id get a problem instead.
 */
export function identityRunsFromSavedFile(run: SavedRequestRun, environmentNamed: (name: string) => EnvironmentFile | undefined): IdentityRun[] {
  const state = fromSavedFile(run.file);
  const checked = state.identities.filter((identity) => identity.expectStatus !== undefined);
  const scopeFor = (identity: Identity) => (identity.kind === 'environment' ? scopeOf({ ...run, environment: environmentNamed(identity.environment) }) : scopeOf(run));
  return identityRequests(state, checked, scopeFor, run.globalHeaders ?? []).map((row) => {
    if (row.identity.kind === 'user' || row.identity.kind === 'current-user') {
      return { identity: row.identity, label: row.label, problem: 'a runner has no browser session and impersonates no one; Send as… in the app checks it' };
    }
    if (row.identity.kind === 'environment' && !environmentNamed(row.identity.environment)) return { identity: row.identity, label: row.label, problem: `There is no environment named ${row.identity.environment}` };
    return 'request' in row ? { identity: row.identity, label: row.label, request: row.request } : { identity: row.identity, label: row.label, problem: row.problem };
  });
}

/**
 * Puts `{{name}}` back wherever one of these secret values appears in a text: every line and file
 * a runner writes passes through it, so no report or log holds a credential.
 */
export function secretRedactor(secrets: Values): (text: string) => string {
  const scope = buildScope({ environment: asVariables(secrets, true) });
  return (text) => redactSecrets(text, scope);
}

// Export to a framework test (`kite export-test`).
export { exportTest, isTestFormat, TEST_FORMATS, type ExportedTest, type TestFormat } from './export-tests/export-test';
