// Response diff (issue 29): two JSON bodies of 1 and 10 MB (the demo API's /large records, about
// 200 bytes each), the right one with every 1000th record edited, every 997th removed and a few
// added, compared by `diffResponses` (resources/js/model/diff) from their bytes: decoding, parsing
// both, the structural walk with items matched by id and one ignored path. This is the code the body
// worker runs; in Node, one core. For comparison, jsondiffpatch (objectHash by id) on the same parsed
// values. Median of 5 runs. Goal (issue 29): 10 MB each within 1 s.
import { build } from 'esbuild';
import { median } from './stats.mjs';

const SIZES_MB = [1, 10];
const RUNS = 5;
const GOAL_MS = 1000;
// jsondiffpatch matches array items by LCS over the whole array: 10 MB ran out of a 4 GB heap.
const JSONDIFFPATCH_MAX_MB = 1;

const bundled = await build({
  stdin: {
    contents: "export { diffResponses } from './resources/js/model/diff/response-diff.ts';",
    resolveDir: new URL('..', import.meta.url).pathname,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'error',
});
const { diffResponses } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
const jsondiffpatch = await import('jsondiffpatch');

function record(id, edited) {
  return `{"id":${id},"first_name":"${edited ? 'Edited' : 'Ada'}","last_name":"Example","email":"user${id}@example.com","age":${18 + (id % 60)},"is_admin":${id % 17 === 0},"updated_at":"2024-01-15T09:30:0${edited ? 1 : 0}.000Z","bio":"Record ${id} of a large demo response, padded so each row is about two hundred bytes."}`;
}

function bodies(mb) {
  const count = Math.round((mb * 1024 * 1024) / 230);
  const left = [];
  const right = [];
  for (let id = 1; id <= count; id += 1) {
    left.push(record(id, false));
    if (id % 997 !== 0) right.push(record(id, id % 1000 === 0));
  }
  for (let id = count + 1; id <= count + 5; id += 1) right.push(record(id, false));
  const encoder = new TextEncoder();
  return { left: encoder.encode(`[\n${left.join(',\n')}\n]\n`), right: encoder.encode(`[\n${right.join(',\n')}\n]\n`) };
}

const decoder = new TextDecoder();
const ms = (value) => `${value.toFixed(0)} ms`.padStart(8);
console.log(`Response diff of two JSON bodies, median of ${RUNS} runs (Node ${process.version}, one core)`);
console.log('size     diffResponses (decode + parse + walk)   changes found         jsondiffpatch (parsed values, objectHash id)');
for (const mb of SIZES_MB) {
  const { left, right } = bodies(mb);
  const times = [];
  const others = [];
  let summary = '';
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const diff = diffResponses(
      { status: 200, headers: [], body: decoder.decode(left) },
      { status: 200, headers: [], body: decoder.decode(right) },
      { arrayKey: 'id', ignoredPaths: ['$[*].updated_at'], ignoredHeaders: [] },
    );
    times.push(performance.now() - started);
    summary = `+${diff.body.counts.added} -${diff.body.counts.removed} ~${diff.body.counts.changed}`;
    if (mb > JSONDIFFPATCH_MAX_MB) continue;
    const a = JSON.parse(decoder.decode(left));
    const b = JSON.parse(decoder.decode(right));
    const patcher = jsondiffpatch.create({ objectHash: (item, index) => item?.id ?? `$$index:${index}` });
    const otherStarted = performance.now();
    patcher.diff(a, b);
    others.push(performance.now() - otherStarted);
  }
  const time = median(times);
  console.log(
    `${String(mb).padStart(3)} MB  ${ms(time)} (goal < ${GOAL_MS} ms)${time < GOAL_MS ? ' ok  ' : ' MISS'}          ${summary.padEnd(20)}  ${others.length ? ms(median(others)) : '  not run (out of memory at 10 MB)'}`,
  );
}
