// What is only needed once a capture ran or the workspace folder is read: merging variables and
// environment files into the store, and an environment's file form. Pure; kept out of the first load.
import type { EnvironmentFile } from '../../../../protocol/types';
import { updateApplication, type Environment, type WorkspaceStore } from './environments';
import type { Variable } from './variables';

/** Sets (or adds) variables by name, keeping the others in their order. */
export function mergeVariables(variables: Variable[], changes: Variable[]): Variable[] {
  const result = variables.map((variable) => changes.find((change) => change.name === variable.name) ?? variable);
  for (const change of changes) if (!variables.some((variable) => variable.name === change.name)) result.push(change);
  return result;
}

export function setCaptured(store: WorkspaceStore, application: string, values: Variable[]): WorkspaceStore {
  return updateApplication(store, application, (workspace) => ({ ...workspace, captured: mergeVariables(workspace.captured, values) }));
}

/**
 * Environments read from the workspace folder join the ones in this browser: a file's variables
 * replace the same-named non-secret ones, and the browser's secret values stay. A secret the file
 * names (without a value) is kept with this browser's value, or added empty for the user to fill in.
 */
export function mergeFileEnvironments(store: WorkspaceStore, application: string, files: Environment[]): WorkspaceStore {
  return updateApplication(store, application, (workspace) => {
    const environments = [...workspace.environments];
    for (const file of files) {
      const index = environments.findIndex((environment) => environment.name === file.name);
      const local = index === -1 ? [] : environments[index].variables;
      const fromFile = file.variables.map((variable) => {
        const mine = local.find((other) => other.name === variable.name);
        if (variable.secret) return { name: variable.name, value: mine?.value ?? '', secret: true };
        return mine?.secret ? mine : variable;
      });
      const localSecrets = local.filter((variable) => variable.secret && !file.variables.some((other) => other.name === variable.name));
      const merged = { name: file.name, variables: [...fromFile, ...localSecrets] };
      if (index === -1) environments.push(merged);
      else environments[index] = merged;
    }
    return { ...workspace, environments };
  });
}

/**
 * The file form of an environment: `{ name, variables: { name: value } }`; a secret is named with
 * no value (`{ "value": "", "secret": true }`), so teammates learn it exists and set their own.
 */
export function environmentFile(environment: Environment): EnvironmentFile {
  const variables: EnvironmentFile['variables'] = {};
  for (const variable of environment.variables) if (variable.name) variables[variable.name] = variable.secret ? { value: '', secret: true } : variable.value;
  return { name: environment.name, variables };
}
