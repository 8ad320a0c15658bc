// `npm run bench -- runner`: one collection of 200 requests (a JSON body each, a value captured
// from each answer and sent by the next, 3 assertions each) against one local API on 127.0.0.1, run
// by `kite run` and by the peers' command lines — `newman run` (Postman), `bru run` (Bruno),
// `hopp test` (Hoppscotch) — each written in the tool's own format and each tool installed from
// npm by this bench into a scratch folder (versions pinned below). Prints wall time and requests
// per second (median of 5 runs of the whole command, start-up included), the ratio to the best
// peer, and Kite's CLI start-up time (median of 7, a one-request run beside `node -e 0`, and
// the difference: Kite's own). `php artisan kite:run` runs
// the same Kite files in-process in a Laravel 12 app (tests/php/laravel12.mjs, with the same
// POST /items added to its routes), printed beside them. A tool that cannot run here is printed with why.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, printTable } from './stats.mjs';
import { prepareLaravel12App, removeLaravel12App } from '../tests/php/laravel12.mjs';

const REQUESTS = 200;
const RUNS = 5;
/** Runs of the start-up measure (short runs: more of them for a steady median). */
const STARTUP_RUNS = 7;
const root = fileURLToPath(new URL('..', import.meta.url));
const KITE_BIN = join(root, 'bin/kite.mjs');
/** Where the peers are installed (kept between runs: an install takes minutes). */
const TOOLS = join(tmpdir(), 'kite-runner-bench');
const PEERS = [
  { id: 'newman', label: 'newman run (Postman)', spec: 'newman@6.2.2', bin: 'node_modules/newman/bin/newman.js' },
  { id: 'bru', label: 'bru run (Bruno)', spec: '@usebruno/cli@4.1.0', bin: 'node_modules/@usebruno/cli/bin/bru.js' },
  // Every version the registry has declares `engines: node >=22`, and its native isolated-vm does not build on Node 20.
  { id: 'hopp', label: 'hopp test (Hoppscotch)', spec: '@hoppscotch/cli@0.31.4', bin: 'node_modules/@hoppscotch/cli/bin/hopp.js', nodeMajor: 22 },
];

// ---- the API: POST /items answers 201 with the item and its id -------------------------------
let nextId = 1;
const api = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    let input = {};
    try {
      input = JSON.parse(body || '{}');
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end('{"message":"not JSON"}');
      return;
    }
    const text = JSON.stringify({ id: nextId++, name: input.name, prev: input.prev });
    res.writeHead(req.method === 'POST' && req.url === '/items' ? 201 : 404, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  });
});
await new Promise((resolve) => api.listen(0, '127.0.0.1', () => resolve(undefined)));
const baseUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (api.address()).port}`;

// ---- the collection in each tool's format -----------------------------------------------------
const scratch = join(tmpdir(), `kite-runner-bench-${process.pid}`);
const pad = (index) => String(index).padStart(3, '0');
const items = Array.from({ length: REQUESTS }, (_, index) => ({ index, name: `item-${pad(index)}`, body: `{"name": "item-${pad(index)}", "prev": "{{lastId}}"}` }));

function writeKite(name = 'kite', requests = items) {
  const folder = join(scratch, name);
  mkdirSync(join(folder, 'requests'), { recursive: true });
  mkdirSync(join(folder, 'environments'), { recursive: true });
  writeFileSync(join(folder, 'environments/bench.json'), JSON.stringify({ name: 'bench', variables: { baseUrl, lastId: '0' } }));
  for (const item of requests) {
    const file = {
      name: item.name,
      folder: '',
      // The host's default application: `default` on the Node host, config('kite.applications')'s first on Laravel.
      application: '',
      method: 'POST',
      url: '/items',
      pathParams: {},
      query: [],
      headers: [],
      body: { type: 'json', text: item.body },
      auth: { type: 'none' },
      captures: [{ variable: 'lastId', source: 'body', path: '$.id', secret: false }],
      assertions: [
        { source: 'status', path: '', operator: 'equals', expected: '201' },
        { source: 'header', path: 'Content-Type', operator: 'matches', expected: '^application/json' },
        { source: 'body', path: '$.name', operator: 'equals', expected: item.name },
      ],
    };
    writeFileSync(join(folder, 'requests', `${item.name}.json`), JSON.stringify(file));
  }
  return { command: process.execPath, args: [KITE_BIN, 'run', '--workspace', folder, '--env', 'bench'], cwd: folder, folder };
}

/** The API's POST /items in the Laravel app: the same answer, its id the one sent plus one (no state between requests). */
const LARAVEL_ITEMS_ROUTE = `
// Added by bench/runner.bench.mjs: the runner bench's API, as the Node bench serves it.
Route::post('/items', function (\\Illuminate\\Http\\Request $request) {
    return response()->json(['id' => (int) $request->input('prev') + 1, 'name' => $request->input('name'), 'prev' => $request->input('prev')], 201);
})->withoutMiddleware([\\Illuminate\\Foundation\\Http\\Middleware\\ValidateCsrfToken::class]);
`;

/** `php artisan kite:run` on the Kite collection, in a Laravel 12 app made for the bench; or why not. */
function laravelRunner(kiteFolder) {
  const php = spawnSync('php', ['--version'], { encoding: 'utf8' });
  if (php.status !== 0) return { why: 'php is not on the PATH' };
  let app;
  try {
    app = prepareLaravel12App();
  } catch (error) {
    return { why: `the Laravel 12 app could not be made: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  writeFileSync(join(app, 'routes/web.php'), readFileSync(join(app, 'routes/web.php'), 'utf8') + LARAVEL_ITEMS_ROUTE);
  return { run: { command: 'php', args: ['artisan', 'kite:run', '--workspace', kiteFolder, '--env', 'bench'], cwd: app }, remove: () => removeLaravel12App(app) };
}

function writeNewman(bin) {
  const folder = join(scratch, 'newman');
  mkdirSync(folder, { recursive: true });
  const collection = {
    info: { name: 'bench', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: items.map((item) => ({
      name: item.name,
      request: { method: 'POST', header: [{ key: 'Content-Type', value: 'application/json' }], body: { mode: 'raw', raw: item.body, options: { raw: { language: 'json' } } }, url: '{{baseUrl}}/items' },
      event: [
        {
          listen: 'test',
          script: {
            exec: [
              "pm.test('status', () => pm.response.to.have.status(201));",
              "pm.test('content type', () => pm.expect(pm.response.headers.get('Content-Type')).to.match(/^application\\/json/));",
              'const body = pm.response.json();',
              `pm.test('name', () => pm.expect(body.name).to.eql('${item.name}'));`,
              "pm.environment.set('lastId', String(body.id));",
            ],
          },
        },
      ],
    })),
  };
  const environment = { name: 'bench', values: [{ key: 'baseUrl', value: baseUrl, enabled: true }, { key: 'lastId', value: '0', enabled: true }] };
  writeFileSync(join(folder, 'bench.postman_collection.json'), JSON.stringify(collection));
  writeFileSync(join(folder, 'bench.postman_environment.json'), JSON.stringify(environment));
  return { command: process.execPath, args: [bin, 'run', 'bench.postman_collection.json', '-e', 'bench.postman_environment.json', '--bail'], cwd: folder };
}

function writeBruno(bin) {
  const folder = join(scratch, 'bruno');
  mkdirSync(join(folder, 'environments'), { recursive: true });
  writeFileSync(join(folder, 'bruno.json'), JSON.stringify({ version: '1', name: 'bench', type: 'collection' }));
  writeFileSync(join(folder, 'environments/bench.bru'), `vars {\n  baseUrl: ${baseUrl}\n  lastId: 0\n}\n`);
  for (const item of items) {
    writeFileSync(
      join(folder, `${item.name}.bru`),
      [
        `meta {\n  name: ${item.name}\n  type: http\n  seq: ${item.index + 1}\n}`,
        'post {\n  url: {{baseUrl}}/items\n  body: json\n  auth: none\n}',
        `body:json {\n  ${item.body}\n}`,
        'vars:post-response {\n  lastId: res.body.id\n}',
        `assert {\n  res.status: eq 201\n  res.headers['content-type']: contains application/json\n  res.body.name: eq ${item.name}\n}`,
        '',
      ].join('\n\n'),
    );
  }
  return { command: process.execPath, args: [bin, 'run', '--env', 'bench', '--bail'], cwd: folder };
}

function writeHoppscotch(bin) {
  const folder = join(scratch, 'hoppscotch');
  mkdirSync(folder, { recursive: true });
  const collection = {
    v: 2,
    name: 'bench',
    folders: [],
    headers: [],
    auth: { authType: 'inherit', authActive: true },
    requests: items.map((item) => ({
      v: '6',
      name: item.name,
      method: 'POST',
      endpoint: '<<baseUrl>>/items',
      params: [],
      headers: [],
      auth: { authType: 'none', authActive: true },
      body: { contentType: 'application/json', body: item.body.replace('{{lastId}}', '<<lastId>>') },
      preRequestScript: '',
      requestVariables: [],
      testScript: [
        "pw.test('status', () => { pw.expect(pw.response.status).toBe(201); });",
        "pw.test('content type', () => { pw.expect(pw.response.headers.find((h) => h.key.toLowerCase() === 'content-type').value).toInclude('application/json'); });",
        `pw.test('name', () => { pw.expect(pw.response.body.name).toBe('${item.name}'); });`,
        "pw.env.set('lastId', String(pw.response.body.id));",
      ].join('\n'),
    })),
  };
  writeFileSync(join(folder, 'bench.json'), JSON.stringify(collection));
  writeFileSync(join(folder, 'env.json'), JSON.stringify({ name: 'bench', variables: [{ key: 'baseUrl', value: baseUrl }, { key: 'lastId', value: '0' }] }));
  return { command: process.execPath, args: [bin, 'test', 'bench.json', '-e', 'env.json'], cwd: folder };
}

const WRITERS = { newman: writeNewman, bru: writeBruno, hopp: writeHoppscotch };

// ---- installing the peers ---------------------------------------------------------------------
/** The peer's entry script, installed into TOOLS/<id> with `npm install --prefix` when missing; or why not. */
function installed(peer) {
  const major = Number(process.versions.node.split('.')[0]);
  if (peer.nodeMajor && major < peer.nodeMajor) return { why: `${peer.spec} needs Node >= ${peer.nodeMajor} (its engines field; its native isolated-vm does not build on Node ${major})` };
  const prefix = join(TOOLS, peer.id);
  const bin = join(prefix, peer.bin);
  const marker = join(prefix, '.installed');
  if (existsSync(bin) && existsSync(marker) && readFileSync(marker, 'utf8') === peer.spec) return { bin };
  mkdirSync(prefix, { recursive: true });
  if (!existsSync(join(prefix, 'package.json'))) writeFileSync(join(prefix, 'package.json'), '{"private":true}\n');
  console.log(`installing ${peer.spec} into ${prefix} (npm install --prefix; once)…`);
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', prefix, peer.spec], { encoding: 'utf8', timeout: 900_000 });
  if (result.status !== 0 || !existsSync(bin)) return { why: `npm install ${peer.spec} failed: ${(result.stderr || result.stdout || String(result.error)).trim().split('\n').slice(-2).join(' ')}` };
  writeFileSync(marker, peer.spec);
  return { bin };
}

// ---- running ------------------------------------------------------------------------------------
/** Runs a command to its end; its wall time in ms, its exit code and the end of its output. */
function timed({ command, args, cwd }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    const keep = (chunk) => (output = (output + chunk).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, output }));
  });
}

/** Median wall time of RUNS runs (each on a fresh API counter), or why it could not run. */
async function measure(run) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    nextId = 1;
    const result = await timed(run);
    if (result.code !== 0) return { why: `exit ${result.code}: ${result.output.trim().split('\n').slice(-3).join(' | ')}` };
    times.push(result.ms);
  }
  return { ms: median(times) };
}

rmSync(scratch, { recursive: true, force: true });
/** @type {Array<{ label: string; ms?: number; why?: string; kite?: boolean; laravel?: boolean }>} */
const rows = [];
const kiteRun = writeKite();
const kite = await measure(kiteRun);
rows.push({ label: 'kite run', kite: true, ...kite });
for (const peer of PEERS) {
  const tool = installed(peer);
  if (!tool.bin) {
    rows.push({ label: peer.label, why: tool.why });
    continue;
  }
  const result = await measure(WRITERS[peer.id](tool.bin));
  rows.push({ label: `${peer.label} ${peer.spec.split('@').pop()}`, ...result });
}

// The same Kite files in-process in a Laravel 12 app: not a peer (not in "vs best peer"'s best).
const laravel = laravelRunner(kiteRun.folder);
if (laravel.run) {
  try {
    rows.push({ label: 'php artisan kite:run (Laravel 12, in-process)', laravel: true, ...(await measure(laravel.run)) });
  } finally {
    laravel.remove();
  }
} else rows.push({ label: 'php artisan kite:run (Laravel 12, in-process)', laravel: true, why: laravel.why });

// Kite's own start-up: `kite run` on a workspace of one request, everything it loads before it
// sends (and the one short request); `node -e 0` interleaved with it, so both see the same load.
// The own start-up is the difference.
const oneRequest = writeKite('kite-one', items.slice(0, 1));
const startups = [];
const nodeAlone = [];
for (let i = 0; i < STARTUP_RUNS; i += 1) {
  startups.push((await timed(oneRequest)).ms);
  nodeAlone.push((await timed({ command: process.execPath, args: ['-e', '0'], cwd: root })).ms);
}

api.close();
rmSync(scratch, { recursive: true, force: true });

const peers = rows.filter((row) => !row.kite && !row.laravel && row.ms !== undefined);
const best = peers.length > 0 ? Math.min(...peers.map((row) => /** @type {number} */ (row.ms))) : undefined;
console.log(`${REQUESTS} requests (JSON body, 1 capture, 3 assertions each) against one API on 127.0.0.1; wall time of the whole command, median of ${RUNS}; Node ${process.version}`);
printTable(
  ['runner', 'wall time', 'req/s', 'vs best peer'],
  rows.map((row) =>
    row.ms === undefined
      ? [row.label, 'not measured', '', row.why ?? '']
      : [row.label, `${Math.round(row.ms)} ms`, `${Math.round(REQUESTS / (row.ms / 1000))}`, best ? `${(row.ms / best).toFixed(2)}×` : ''],
  ),
);
console.log(`kite run's start-up (one request), median of ${STARTUP_RUNS}: ${Math.round(median(startups))} ms; node -e 0 alone, interleaved: ${Math.round(median(nodeAlone))} ms; Kite's own: ${Math.round(median(startups) - median(nodeAlone))} ms (goal < 150 ms)`);
console.log(`load average while measuring: ${loadavg().map((value) => value.toFixed(1)).join(', ')} on ${cpus().length} cores`);
const kiteRow = rows[0];
if (kiteRow.ms !== undefined && best) console.log(`goal: kite run at most half the best peer's time: ${kiteRow.ms <= best / 2 ? 'met' : 'missed'} (${(kiteRow.ms / best).toFixed(2)}×)`);
