// "Set as variable…" on a value of the response: the name it suggests, and where the value goes —
// a capture rule saved with the request (the rules of ./capture-rules.ts, applied after every
// send, and right away to the value picked), or set once in the active environment or the
// globals. Pure; the dialog (./SetVariableDialog.tsx) applies the outcome to the stores.
import type { CaptureRule } from './capture-rules';
import { mergeVariables } from './environment-files';
import { scopeOf, updateApplication, type WorkspaceStore } from './environments';
import type { Variable } from './variables';

export type VariableTarget = 'rule' | 'environment' | 'global';

/** Names a variable can have (see variables.ts): letters, digits, `_`, `-` and `.`. */
export const VARIABLE_NAME = /^[A-Za-z0-9_.-]+$/;

/** The last key of the path, made a valid name (`$.data.token` → `token`; `$.items[0]` → `items`). */
export function suggestVariableName(steps: ReadonlyArray<string | number>): string {
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i];
    if (typeof step !== 'string') continue;
    const name = step.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
    if (name) return name;
  }
  return 'value';
}

/** What is wrong with a name, or null. */
export function variableNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Give the variable a name';
  if (!VARIABLE_NAME.test(name.trim())) return 'A name has letters, digits, _, - and . only';
  return null;
}

/**
 * Whether `name` is secret where it is already set (captured, environment or global): a secret
 * stays secret when it gets a new value from here.
 */
export function isSecretAlready(store: WorkspaceStore, application: string, name: string): boolean {
  return scopeOf(store, application)[name]?.secret === true;
}

/** The request's rules with this one: it replaces a rule for the same variable, or is added. */
export function withCaptureRule(rules: CaptureRule[], rule: CaptureRule): CaptureRule[] {
  const index = rules.findIndex((other) => other.variable === rule.variable);
  if (index === -1) return [...rules, rule];
  return rules.map((other, i) => (i === index ? rule : other));
}

/**
 * Sets a variable once: in the active environment (there must be one) or the globals. The store
 * is returned unchanged when there is no active environment.
 */
export function setVariable(store: WorkspaceStore, application: string, target: Exclude<VariableTarget, 'rule'>, variable: Variable): WorkspaceStore {
  if (target === 'global') return { ...store, globals: mergeVariables(store.globals, [variable]) };
  return updateApplication(store, application, (workspace) => {
    if (workspace.active === null) return workspace;
    return {
      ...workspace,
      environments: workspace.environments.map((environment) =>
        environment.name === workspace.active ? { ...environment, variables: mergeVariables(environment.variables, [variable]) } : environment,
      ),
    };
  });
}
