// What is only needed once a capture ran or the workspace folder is read: merging variables and
// environment files into the store, and an environment's file form. Pure; kept out of the first load.
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
 * replace the same-named non-secret ones, and the browser's secret values stay.
 */
export function mergeFileEnvironments(store: WorkspaceStore, application: string, files: Environment[]): WorkspaceStore {
  return updateApplication(store, application, (workspace) => {
    const environments = [...workspace.environments];
    for (const file of files) {
      const index = environments.findIndex((environment) => environment.name === file.name);
      if (index === -1) {
        environments.push({ name: file.name, variables: file.variables.map((variable) => ({ ...variable, secret: false })) });
        continue;
      }
      const local = environments[index];
      const secrets = local.variables.filter((variable) => variable.secret);
      const fromFile = file.variables.filter((variable) => !secrets.some((secret) => secret.name === variable.name));
      environments[index] = { name: local.name, variables: [...fromFile, ...secrets] };
    }
    return { ...workspace, environments };
  });
}

/** The file form of an environment: `{ name, variables: { name: value } }`, without its secrets. */
export function environmentFile(environment: Environment): { name: string; variables: Record<string, string> } {
  const variables: Record<string, string> = {};
  for (const variable of environment.variables) if (!variable.secret && variable.name) variables[variable.name] = variable.value;
  return { name: environment.name, variables };
}
