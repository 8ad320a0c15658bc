// The initial load of the main screen (the entry, what it imports statically, the main screen's
// chunk with its static imports — everything the page preloads — and the stylesheet), the shell's
// own share of it, and every lazy chunk, raw and gzip; and the median time from navigation to the
// shell being interactive, over 10 runs.
// Goal (issue 11): the main screen's initial load at most 170 KB gzip (RapiDoc, the smallest peer,
// loads 213 KB); faker, the palette, the response viewer, the body editor and the other screens outside it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { kb, launchChromium, median, printTable, startKiteHost } from './support.mjs';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'));
const size = (file) => {
  const bytes = readFileSync(new URL(file, dist));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

const total = (files) => files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
const initialFiles = [...manifest.initial, manifest.css];
const initial = total(initialFiles);
const mainScreenFiles = [...manifest.preload, manifest.css];
const mainScreen = total(mainScreenFiles);
const lazy = Object.keys(manifest.files)
  .filter((file) => file.endsWith('.js') && !manifest.preload.includes(file))
  .map((file) => ({ file, ...size(file) }))
  .sort((a, b) => b.gzip - a.gzip);

console.log(`Initial load of the main screen (${mainScreenFiles.length} files): ${kb(mainScreen.raw)} raw, ${kb(mainScreen.gzip)} gzip (goal: at most 170 KB gzip) ${mainScreen.gzip <= 170 * 1024 ? 'MET' : 'MISSED'}`);
console.log(`  of which the shell (${initialFiles.length} files): ${kb(initial.raw)} raw, ${kb(initial.gzip)} gzip`);
const mustStayLazy = { faker: /\/en-/, palette: /GeneratorPalette-/, 'response viewer': /ResponseViewer-/, 'body editor': /BodyEditor-/, Settings: /SettingsScreen-/, Status: /StatusScreen-/ };
const preloaded = Object.keys(mustStayLazy).filter((name) => manifest.preload.some((file) => mustStayLazy[name].test(`/${file}`)));
console.log(`Lazy chunks outside the initial load (${Object.keys(mustStayLazy).join(', ')}): ${preloaded.length === 0 ? 'all, MET' : `MISSED: ${preloaded.join(', ')} preloaded`}`);
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
