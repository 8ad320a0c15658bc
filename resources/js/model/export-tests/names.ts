// What every exported test shares: its name as a class or file name, and the comment at its top
// saying where it came from, how to run it and what it could not say. Pure.
import { SECRET_ENV_PREFIX } from '../../../../protocol/endpoints.js';
import type { TestPlan } from './plan';

/** `CreateUser` for "Create user" or "create-user"; `KiteExport` when nothing is left. */
export function studlyName(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const name = words.map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase()).join('');
  return !name ? 'KiteExport' : /^[0-9]/.test(name) ? `Kite${name}` : name;
}

/** The comment lines at the top of an exported test. */
export function headerComment(plan: TestPlan, title: string, prefix: string): string[] {
  const fromProcess = plan.variables.filter((variable) => variable.source.kind === 'process').map((variable) => `${SECRET_ENV_PREFIX}${variable.name}`);
  const lines = [
    `Exported by Kite from the saved requests of "${title}" (${plan.steps.length} request${plan.steps.length === 1 ? '' : 's'}, sent in order; captured values flow to the next).`,
    ...(fromProcess.length > 0 ? [`Values read from the environment, never written here: ${fromProcess.join(', ')}.`] : []),
    ...plan.notes.map((note) => `Note: ${note}.`),
  ];
  return lines.map((line) => `${prefix} ${line}`);
}
