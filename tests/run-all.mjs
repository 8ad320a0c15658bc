// `npm test`: every test of the project, in one run: type check, unit tests (vitest), end-to-end
// tests (Playwright in Debian's Chromium) and the PHP tests of the Laravel host. Installs the system
// packages a fresh Debian machine lacks when it can (root), and otherwise names the command to run.
// Ends with one line `N passed, N failed` over every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareLaravel12App, removeLaravel12App, runPhpTests } from './php/laravel12.mjs';
import { missingSystemPackages } from './system-packages.mjs';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'kite-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [];

function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
}

function record(name, counts, exitCode) {
  // A suite that failed without reporting a failed test (a crash, a compile error) counts as one failure.
  const failed = counts.failed || (exitCode !== 0 ? 1 : 0);
  totals.passed += counts.passed;
  totals.failed += failed;
  totals.skipped += counts.skipped ?? 0;
  suites.push(`${name}: ${counts.passed} passed, ${failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
}

function ensureSystemPackages() {
  const missing = missingSystemPackages();
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/etc/debian_version')) {
    console.error(`Missing system packages for the tests: ${missing.join(', ')}.\nInstall them with:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`Installing missing system packages: ${missing.join(' ')}`);
  const result = spawnSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    console.error(`Could not install ${missing.join(' ')}. Run as root:\n  ${command}`);
    process.exit(1);
  }
}

ensureSystemPackages();

// The bundle the browser tests load must be the one the sources make.
const build = run(process.execPath, ['build.mjs']);
if (build.status !== 0) {
  console.error('npm run build failed; nothing else can be tested.');
  process.exit(1);
}

const typecheck = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
record('typecheck', { passed: typecheck.status === 0 ? 1 : 0, failed: 0 }, typecheck.status ?? 1);

// One Laravel 12 app (tests/php/laravel12.mjs) for every test that needs one: the exported-test
// check among the unit tests, the Laravel end-to-end tests and the PHP tests.
const laravelApp = prepareLaravelApp();

const vitestReport = join(scratch, 'vitest.json');
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], {
  env: { ...process.env, ...(laravelApp ? { KITE_LARAVEL_APP: laravelApp } : {}) },
});
record('unit', readVitest(vitestReport), vitest.status ?? 1);

const playwrightReport = join(scratch, 'playwright.json');
const playwright = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, ...(laravelApp ? { KITE_LARAVEL_APP: laravelApp } : {}) },
});
record('e2e', readPlaywright(playwrightReport), playwright.status ?? 1);

if (laravelApp) {
  console.log(`\n$ ${join(laravelApp, 'vendor/bin/phpunit')} --configuration phpunit.xml`);
  const php = runPhpTests(laravelApp, [], { stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(php.stdout ?? '');
  record('php (Laravel 12)', readPhpunit(php.stdout ?? ''), php.status ?? 1);
  removeLaravel12App(laravelApp);
}

console.log(`\n${suites.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);

/** The prepared Laravel 12 app, or null (counted as a failed suite, with why) when it cannot be made. */
function prepareLaravelApp() {
  const started = Date.now();
  try {
    const app = prepareLaravel12App();
    console.log(`\nLaravel 12 app prepared in ${((Date.now() - started) / 1000).toFixed(1)} s: ${app}`);
    return app;
  } catch (error) {
    console.error(`\n${error.message}`);
    record('php (Laravel 12)', { passed: 0, failed: 1 }, 1);
    return null;
  }
}

function readVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  } catch {
    return { passed: 0, failed: 0 };
  }
}

function readPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  } catch {
    return { passed: 0, failed: 0 };
  }
}

function readPhpunit(output) {
  const ok = output.match(/OK \((\d+) tests?/);
  if (ok) return { passed: Number(ok[1]), failed: 0 };
  const summary = output.match(/Tests: (\d+)[^\n]*/);
  if (!summary) return { passed: 0, failed: 0 };
  const count = (label) => Number(summary[0].match(new RegExp(`${label}: (\\d+)`))?.[1] ?? 0);
  const failed = count('Failures') + count('Errors');
  const skipped = count('Skipped') + count('Incomplete');
  return { passed: Number(summary[1]) - failed - skipped, failed, skipped };
}
