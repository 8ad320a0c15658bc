// Runs bin/kite.mjs to its end, as a user runs it, for the command line's tests.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const KITE_BIN = fileURLToPath(new URL('../../bin/kite.mjs', import.meta.url));

/**
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv }} [options] the environment (default: this process's)
 * @returns {Promise<{ code: number | null; stdout: string; stderr: string }>}
 */
export function runKite(args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [KITE_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
