// `kite run` loads its own code as one file (dist/kite-run.mjs, built by build.mjs) while that file
// is what its sources say, and the sources otherwise: a stale build never runs old code.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_BUNDLE, RUN_BUNDLE_SOURCES, runModuleUrl } from './run-bundle.mjs';
import { runKite } from './testing/run-kite.mjs';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'kite-run-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('which module kite run loads', () => {
  const pkg = join(dir, 'package');
  const rootUrl = pathToFileURL(`${pkg}/`);
  const sha = (text) => createHash('sha256').update(text).digest('hex');
  const at = (path, seconds) => utimesSync(join(pkg, path), seconds, seconds);
  const bundleUrl = new URL(RUN_BUNDLE, rootUrl).href;
  const sourcesUrl = new URL('server/run-cli.mjs', rootUrl).href;

  beforeAll(() => {
    mkdirSync(join(pkg, 'server'), { recursive: true });
    mkdirSync(join(pkg, 'dist'), { recursive: true });
  });

  /** A package whose bundle was built at 2000 s from two sources written at 1000 s. */
  function built() {
    writeFileSync(join(pkg, 'server/run-cli.mjs'), 'export const a = 1;\n');
    writeFileSync(join(pkg, 'server/relay.mjs'), 'export const b = 2;\n');
    writeFileSync(join(pkg, RUN_BUNDLE), 'export const a = 1, b = 2;\n');
    writeFileSync(join(pkg, RUN_BUNDLE_SOURCES), JSON.stringify({ sources: { 'server/run-cli.mjs': sha('export const a = 1;\n'), 'server/relay.mjs': sha('export const b = 2;\n') } }));
    at('server/run-cli.mjs', 1000);
    at('server/relay.mjs', 1000);
    at(RUN_BUNDLE, 2000);
  }

  it('is the bundle while no source is newer than it', async () => {
    built();
    expect(await runModuleUrl(rootUrl)).toBe(bundleUrl);
  });

  it('is the bundle when a newer source has the same content (a fresh clone gives every file its time)', async () => {
    built();
    at('server/relay.mjs', 3000);
    expect(await runModuleUrl(rootUrl)).toBe(bundleUrl);
  });

  it('is the sources once a source was edited after the build', async () => {
    built();
    writeFileSync(join(pkg, 'server/relay.mjs'), 'export const b = 3;\n');
    expect(await runModuleUrl(rootUrl)).toBe(sourcesUrl);
  });

  it('is the sources when a source is gone, the list is missing, or nothing was built', async () => {
    built();
    rmSync(join(pkg, 'server/relay.mjs'));
    expect(await runModuleUrl(rootUrl)).toBe(sourcesUrl);
    built();
    rmSync(join(pkg, RUN_BUNDLE_SOURCES));
    expect(await runModuleUrl(rootUrl)).toBe(sourcesUrl);
    built();
    rmSync(join(pkg, RUN_BUNDLE));
    expect(await runModuleUrl(rootUrl)).toBe(sourcesUrl);
  });
});

/**
 * Runs bin/kite.mjs with a module hook that names every file module as it loads (Node's own are
 * left out); gives the output and those modules, relative to the repository.
 * @param {string[]} args
 */
async function kiteLoading(args) {
  const hook = join(dir, 'list-modules.mjs');
  const loader = `export async function load(url, context, next) { if (url.startsWith('file:')) process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }`;
  writeFileSync(hook, `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(loader)}));\n`);
  const result = await runKite(args, { env: { ...process.env, NODE_OPTIONS: `--import ${pathToFileURL(hook).href}` } });
  const loaded = result.stderr
    .split('\n')
    .filter((line) => line.startsWith('LOADED '))
    .map((line) => line.slice('LOADED '.length).replace(pathToFileURL(root).href, ''));
  return { ...result, loaded: loaded.sort() };
}

it('kite run, once built, loads bin, the bundle and the request model, and no other module of Kite', async () => {
  execFileSync(process.execPath, ['build.mjs', '--node'], { cwd: root, stdio: 'inherit' });
  const workspace = join(dir, 'workspace');
  mkdirSync(join(workspace, 'requests'), { recursive: true });
  writeFileSync(join(workspace, 'requests/one.json'), JSON.stringify({ name: 'One', folder: '', application: '', method: 'GET', url: '/x', pathParams: {}, query: [], headers: [], body: { type: 'none' }, auth: { type: 'none' }, captures: [], assertions: [] }));
  // Port 9 (discard) refuses on loopback: the request is sent and answered by the refusal.
  const run = await kiteLoading(['run', '--workspace', workspace, '--target', 'http://127.0.0.1:9']);
  expect(run.stdout).toContain('1 without an answer');
  expect(run.loaded).toEqual(['bin/kite.mjs', 'dist/kite-run.mjs', 'dist/node/model.mjs', 'server/run-bundle.mjs']);

  // Its --help does not load the host either.
  const help = await kiteLoading(['run', '--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/^Usage: kite run \[FOLDER\|FILE…\]/);
  expect(help.loaded).toEqual(['bin/kite.mjs', 'dist/kite-run.mjs', 'server/run-bundle.mjs']);
});
