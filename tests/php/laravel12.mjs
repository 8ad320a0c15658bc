// Prepares the Laravel 12 application the PHP tests and the Laravel end-to-end tests run against, once
// per run: the shared tarball's app (laravel/laravel 12, the slim skeleton) extracted into a scratch
// folder, the fixture's code (tests/php/fixture: app/, routes/, migrations, seeders) copied in, Kite
// installed as a user installs it (composer from this working tree, `php artisan kite:install`).
//
//   node tests/php/laravel12.mjs [phpunit arguments]   prepares an app, runs the PHP tests on it, removes it
//
// KITE_LARAVEL_APP names an app prepared already (tests/run-all.mjs prepares one for every suite).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where CI finds the tarball: the shared folder beside the repository. */
export const TARBALL = resolve(ROOT, '../shared/laravel12/laravel12-app.tar.gz');
const FIXTURE = join(ROOT, 'tests/php/fixture');
/** Files of the slim skeleton's own wiring (bootstrap/app.php) that replace the fixture's kernel and RouteServiceProvider. */
const OVERLAY = join(ROOT, 'tests/php/laravel12');
/** The fixture's Laravel 8 wiring, which Laravel 12's slim skeleton does in bootstrap/app.php instead. */
const KERNEL_ERA_FILES = ['app/Http/Kernel.php', 'app/Console/Kernel.php', 'app/Exceptions/Handler.php', 'app/Providers/RouteServiceProvider.php'];
/** The fixture's settings (tests/php/fixture/config) as the skeleton's .env says them. */
const ENV = {
  APP_DEBUG: 'false',
  CACHE_STORE: 'file',
  QUEUE_CONNECTION: 'sync',
  MAIL_MAILER: 'array',
  LOG_CHANNEL: 'single',
  SESSION_DRIVER: 'file',
  SESSION_COOKIE: 'laravel_session',
  BCRYPT_ROUNDS: '4',
};

/** The .env text with each setting's line replaced (dotenv keeps a name's first line) or added. */
function withSettings(text, settings) {
  let result = text;
  for (const [name, value] of Object.entries(settings)) {
    const line = new RegExp(`^${name}=.*$`, 'm');
    result = line.test(result) ? result.replace(line, `${name}=${value}`) : `${result}\n${name}=${value}`;
  }
  return `${result}\n`;
}

function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}${result.error ?? ''}`);
  }
  return result.stdout;
}

/** Extracts, wires and installs a Laravel 12 app into a new scratch folder; returns its path. */
export function prepareLaravel12App() {
  if (!existsSync(TARBALL)) {
    throw new Error(`The Laravel 12 application is missing: ${relative(ROOT, TARBALL)} (${TARBALL}). The Laravel tests need the shared folder beside the repository (../shared/laravel12/laravel12-app.tar.gz).`);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'kite-laravel12-'));
  run('tar', ['xzf', TARBALL, '-C', scratch], ROOT);
  const app = join(scratch, 'laravel12-app');

  // The fixture's code, so the same tests probe the same routes; files added to the fixture come along.
  rmSync(join(app, 'database/migrations'), { recursive: true });
  rmSync(join(app, 'database/seeders'), { recursive: true });
  rmSync(join(app, 'tests'), { recursive: true });
  for (const folder of ['app', 'routes', 'database/migrations', 'database/seeders']) cpSync(join(FIXTURE, folder), join(app, folder), { recursive: true });
  for (const file of KERNEL_ERA_FILES) rmSync(join(app, file));
  cpSync(OVERLAY, app, { recursive: true });
  writeFileSync(join(app, '.env'), withSettings(readFileSync(join(app, '.env'), 'utf8'), ENV));

  // As the README says a user installs Kite: a path repository pointing at this working tree, copied (not linked).
  const repository = { type: 'path', url: ROOT, options: { symlink: false, versions: { 'kite-http/kite': '0.1.0' } } };
  run('composer', ['config', 'repositories.kite', JSON.stringify(repository)], app);
  run('composer', ['require', '--dev', '--no-interaction', '--no-audit', 'kite-http/kite:0.1.0'], app, { COMPOSER_DISABLE_NETWORK: '1', COMPOSER_ALLOW_SUPERUSER: '1' });
  run('php', ['artisan', 'kite:install'], app);
  run('php', ['artisan', 'migrate:fresh', '--seed', '--force'], app);
  return app;
}

/** Removes an app made by prepareLaravel12App (its scratch folder). */
export function removeLaravel12App(app) {
  rmSync(dirname(app), { recursive: true, force: true });
}

/**
 * `php -S` for the app as `php artisan serve` runs it: in public/, with Laravel's router script (files
 * that exist are served as they are, every other path goes to index.php), one worker.
 */
export function phpServeCommand(app, port) {
  const cwd = join(app, 'public');
  return { cwd, args: ['-S', `127.0.0.1:${port}`, '-t', cwd, join(app, 'vendor/laravel/framework/src/Illuminate/Foundation/resources/server.php')] };
}

/** Runs the PHP tests (phpunit.xml) with the app's own PHPUnit 11; returns the exit status. */
export function runPhpTests(app, args = [], options = {}) {
  const result = spawnSync(join(app, 'vendor/bin/phpunit'), ['--configuration', 'phpunit.xml', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, KITE_LARAVEL_APP: app },
  });
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const prepared = process.env.KITE_LARAVEL_APP;
  const started = Date.now();
  const app = prepared ?? prepareLaravel12App();
  if (!prepared) console.log(`Laravel 12 app prepared in ${((Date.now() - started) / 1000).toFixed(1)} s: ${app}`);
  const result = runPhpTests(app, process.argv.slice(2));
  if (!prepared) removeLaravel12App(app);
  process.exit(result.status ?? 1);
}
