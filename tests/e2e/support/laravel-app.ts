// The Laravel 12 app of the end-to-end tests (tests/php/laravel12.mjs): npm test's prepared app
// (KITE_LARAVEL_APP) or one prepared here, migrated and seeded, served by `php -S` with ONE worker
// (the relay to the app itself must answer on that single worker). Specs that run beside each other
// serve the same app, so each gets a database of its own: a `migrate:fresh` of one never empties the
// tables another is reading.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phpServeCommand, prepareLaravel12App, removeLaravel12App } from '../../php/laravel12.mjs';

export interface LaravelServer {
  app: string;
  origin: string;
  stop(): void;
}

/** A port free now, for a spec that runs its own `php -S` beside another's. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((done, fail) => {
    const attempt = () => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        done();
      });
      socket.on('error', () => {
        if (Date.now() > deadline) fail(new Error(`php -S did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Serves the Laravel 12 app on `port` (a free one when omitted) with a freshly seeded database of its own. */
export async function startLaravel(port?: number): Promise<LaravelServer> {
  let app = process.env.KITE_LARAVEL_APP ?? '';
  const preparedHere = !app;
  if (preparedHere) app = prepareLaravel12App();
  const listenOn = port ?? (await freePort());
  const origin = `http://127.0.0.1:${listenOn}`;
  const databaseFolder = mkdtempSync(join(tmpdir(), 'kite-laravel-db-'));
  const database = join(databaseFolder, 'database.sqlite');
  writeFileSync(database, '');
  // Real environment variables win over the app's .env (Laravel reads it immutably).
  const env: NodeJS.ProcessEnv = { ...process.env, APP_ENV: 'local', APP_URL: origin, KITE_IMPERSONATION: 'true', DB_CONNECTION: 'sqlite', DB_DATABASE: database };
  delete env.PHP_CLI_SERVER_WORKERS;
  const migrate = spawnSync('php', ['artisan', 'migrate:fresh', '--seed', '--force'], { cwd: app, env, encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`artisan migrate:fresh failed: ${migrate.stdout}${migrate.stderr}`);
  const serve = phpServeCommand(app, listenOn);
  const server: ChildProcess = spawn('php', serve.args, { cwd: serve.cwd, env, stdio: 'ignore' });
  await waitForPort(listenOn, 10_000);
  return {
    app,
    origin,
    stop() {
      server.kill();
      rmSync(databaseFolder, { recursive: true, force: true });
      if (preparedHere) removeLaravel12App(app);
    },
  };
}
