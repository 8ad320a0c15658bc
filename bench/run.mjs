// `npm run bench`: runs every bench/*.bench.mjs in its own process, in name order, and prints what
// each reports. A benchmark prints figures; it never fails on a goal (goals are printed beside them).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
// Words pick benchmarks by name; flags (`--all`) are passed on to each benchmark that runs.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file.replace('.bench.mjs', '')} ===`);
  const run = spawnSync(process.execPath, [`${dir}${file}`, ...flags], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed += 1;
    console.log(`(${file} could not finish: exit ${run.status})`);
  }
}
process.exit(failed ? 1 : 0);
