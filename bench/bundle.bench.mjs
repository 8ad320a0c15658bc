// The initial load (entry + what it imports statically + the stylesheet) and every lazy chunk, raw
// and gzip; and the median time from navigation to the shell being interactive, over 10 runs.
// Goal: the initial load at most 140 KB gzip, faker and every screen outside it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { kb, launchChromium, median, printTable, startKiteHost } from './support.mjs';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'));
const size = (file) => {
  const bytes = readFileSync(new URL(file, dist));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

const initialFiles = [...manifest.initial, manifest.css];
const initial = initialFiles.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
const lazy = Object.keys(manifest.files)
  .filter((file) => file.endsWith('.js') && !manifest.initial.includes(file))
  .map((file) => ({ file, ...size(file) }))
  .sort((a, b) => b.gzip - a.gzip);

console.log(`Initial load (${initialFiles.join(', ')}): ${kb(initial.raw)} raw, ${kb(initial.gzip)} gzip (goal: at most 140 KB gzip) ${initial.gzip <= 140 * 1024 ? 'MET' : 'MISSED'}`);
const fakerOutside = !manifest.initial.some((file) => /faker|locale|en-/i.test(file));
console.log(`faker outside the initial load: ${fakerOutside ? 'yes' : 'NO'}`);
console.log('\nLazy chunks:');
printTable(['chunk', 'raw', 'gzip'], lazy.map((c) => [c.file, kb(c.raw), kb(c.gzip)]));

const host = await startKiteHost();
const browser = await launchChromium();
const times = [];
try {
  for (let run = 0; run < 10; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(host.url, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    // Interactive: the shell answers a click on its navigation.
    times.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
} finally {
  await browser.close();
  host.stop();
}
console.log(`\nNavigation to interactive shell, median of 10: ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`);
