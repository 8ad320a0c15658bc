// Environments, global variables and captured values, kept in this browser (one localStorage key)
// per application. Read back field by field: a corrupt entry gives an empty workspace, never a
// crash, and its text is set aside (lib/storage.ts), never written over.
// Pure functions over plain data; the atoms in ./workspace-atoms.ts hold and persist it.
import { isRecord } from '../is-record';
import { buildScope, type Variable, type VariableScope } from './variables';

export interface Environment {
  name: string;
  variables: Variable[];
}

export interface ApplicationWorkspace {
  environments: Environment[];
  /** The active environment's name; null when none is. */
  active: string | null;
  /** Values set by capture rules and "Set as variable…": above the environment in precedence. */
  captured: Variable[];
}

export interface WorkspaceStore {
  /** Global variables, beside every application's environments. */
  globals: Variable[];
  applications: Record<string, ApplicationWorkspace>;
}

export const WORKSPACE_STORAGE_KEY = 'kite:workspace';

export const emptyApplicationWorkspace = (): ApplicationWorkspace => ({ environments: [], active: null, captured: [] });
export const emptyWorkspace = (): WorkspaceStore => ({ globals: [], applications: {} });

/** A list of variables; also reads the files' `{ name: value }` object form (a secret there: `{ "value": "", "secret": true }`). */
export function normalizeVariables(value: unknown): Variable[] {
  const seen = new Set<string>();
  const keep = (variable: Variable) => {
    if (!variable.name || seen.has(variable.name)) return false;
    seen.add(variable.name);
    return true;
  };
  if (isRecord(value)) {
    return Object.entries(value)
      .flatMap(([name, item]) => (typeof item === 'string' ? [{ name, value: item, secret: false }] : isRecord(item) && item.secret === true ? [{ name, value: '', secret: true }] : []))
      .filter(keep);
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((item) => ({ name: typeof item.name === 'string' ? item.name.trim() : '', value: typeof item.value === 'string' ? item.value : '', secret: item.secret === true }))
    .filter(keep);
}

export function normalizeEnvironment(value: unknown): Environment | null {
  if (!isRecord(value) || typeof value.name !== 'string' || value.name.trim() === '') return null;
  return { name: value.name.trim(), variables: normalizeVariables(value.variables) };
}

function normalizeApplication(value: unknown): ApplicationWorkspace {
  if (!isRecord(value)) return emptyApplicationWorkspace();
  const environments: Environment[] = [];
  for (const item of Array.isArray(value.environments) ? value.environments : []) {
    const environment = normalizeEnvironment(item);
    if (environment && !environments.some((other) => other.name === environment.name)) environments.push(environment);
  }
  const active = typeof value.active === 'string' && environments.some((environment) => environment.name === value.active) ? value.active : null;
  return { environments, active, captured: normalizeVariables(value.captured) };
}

export function normalizeWorkspace(value: unknown): WorkspaceStore {
  if (!isRecord(value)) return emptyWorkspace();
  const applications: Record<string, ApplicationWorkspace> = {};
  if (isRecord(value.applications)) {
    for (const [id, item] of Object.entries(value.applications)) applications[id] = normalizeApplication(item);
  }
  return { globals: normalizeVariables(value.globals), applications };
}

export function applicationWorkspace(store: WorkspaceStore, application: string): ApplicationWorkspace {
  return store.applications[application] ?? emptyApplicationWorkspace();
}

export function activeEnvironment(store: WorkspaceStore, application: string): Environment | undefined {
  const workspace = applicationWorkspace(store, application);
  return workspace.environments.find((environment) => environment.name === workspace.active);
}

/** Captured values, then the active environment (or the one named: "Send as…" another environment), then globals. */
export function scopeOf(store: WorkspaceStore, application: string, environmentName?: string): VariableScope {
  const workspace = applicationWorkspace(store, application);
  const environment = environmentName === undefined ? activeEnvironment(store, application) : workspace.environments.find((item) => item.name === environmentName);
  return buildScope({ capture: workspace.captured, environment: environment?.variables, global: store.globals });
}

export function updateApplication(
  store: WorkspaceStore,
  application: string,
  change: (workspace: ApplicationWorkspace) => ApplicationWorkspace,
): WorkspaceStore {
  return { ...store, applications: { ...store.applications, [application]: change(applicationWorkspace(store, application)) } };
}
