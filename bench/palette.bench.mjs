// Generator palette timings in Chromium against the Node host (dist/ must be built):
//  - open, cold: double Shift to the list painted, before the palette chunk and faker are loaded;
//  - open, warm: the same once both are loaded (median of several openings);
//  - keystroke in the search box to the filtered list painted (median of several keystrokes).
// "Painted" is the end of the first animation frame after the DOM shows the result (a task queued
// from the frame's callbacks, which runs once the frame has been painted).
import { launchChromium, median, startKiteHost } from './support.mjs';

const WARM_RUNS = 15;
const KEYSTROKE_RUNS = 30;
const GOALS = { warmOpen: 50, keystroke: 16 };

const ms = (n) => `${n.toFixed(1).padStart(7)} ms`;
const verdict = (value, goal) => `goal < ${goal} ms  ${value < goal ? 'met' : 'MISSED'}`;

/** In the page: timestamps of the last Shift key-up and the last key-down, taken before the app sees them. */
function instrument() {
  window.__bench = { shiftUp: 0, keyDown: 0 };
  window.addEventListener('keyup', (e) => e.key === 'Shift' && (window.__bench.shiftUp = e.timeStamp), true);
  window.addEventListener('keydown', (e) => (window.__bench.keyDown = e.timeStamp), true);
  /** Resolves with the time from `start` to the first frame after `ready()` holds. */
  window.__benchWait = (ready, start) =>
    new Promise((resolve) => {
      // Three moments: the DOM shows the result; the frame that paints it starts (its animation
      // frame callbacks run just before the paint); a task queued from that frame runs after it.
      const done = () => {
        const dom = performance.now();
        requestAnimationFrame(() => {
          const frame = performance.now();
          setTimeout(() => {
            const t0 = window.__bench[start];
            resolve({ dom: dom - t0, frame: frame - t0, painted: performance.now() - t0 });
          }, 0);
        });
      };
      if (ready()) return done();
      setTimeout(() => {
        observer.disconnect();
        resolve(null); // nothing changed: not counted
      }, 3000);
      const observer = new MutationObserver(() => {
        if (ready()) {
          observer.disconnect();
          done();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    });
}

async function measureOpen(page) {
  const result = page.evaluate(() =>
    window.__benchWait(() => document.querySelector('[role="listbox"] [role="option"]') !== null, 'shiftUp'),
  );
  await page.keyboard.press('Shift');
  await page.keyboard.press('Shift');
  return result;
}

async function closePalette(page) {
  await page.keyboard.press('Escape');
  await page.waitForSelector('[role="dialog"]', { state: 'detached' });
}

async function main() {
  const host = await startKiteHost();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(instrument);
    const fakerRequests = [];
    page.on('request', (r) => /\/chunks\/en-[A-Z0-9]+\.js/.test(r.url()) && fakerRequests.push(r.url()));
    await page.goto(host.url);
    const target = page.getByRole('textbox', { name: 'URL' });
    await target.waitFor();
    await target.click();
    // Let start-up work settle (routes, first render), staying well inside the 2 s before the
    // palette host prefetches: this measures the palette, not a busy page.
    await page.waitForTimeout(Number(process.env.COLD_DELAY_MS ?? 800));
    const fakerLoadedBeforeCold = fakerRequests.length > 0;

    // Cold: straight after start-up, before the idle prefetch has fetched the palette and faker.
    const cold = await measureOpen(page);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/chunks\/en-/.test(e.name)));
    await page.waitForTimeout(300); // let faker finish parsing
    await closePalette(page);

    const warm = [];
    for (let i = 0; i < WARM_RUNS; i += 1) {
      await target.click();
      warm.push(await measureOpen(page));
      await closePalette(page);
    }

    await target.click();
    await measureOpen(page);
    const search = page.getByRole('combobox', { name: 'Search generators' });
    const letters = 'eainotsrlcmdu';
    const keystrokes = [];
    for (let i = 0; i < KEYSTROKE_RUNS; i += 1) {
      await search.fill('');
      await page.waitForTimeout(20);
      const before = await page.evaluate(() => document.querySelector('[role="listbox"]').childElementCount + ':' + document.querySelectorAll('[role="option"]').length);
      const letter = letters[i % letters.length];
      const result = page.evaluate(
        (previous) =>
          window.__benchWait(
            () => `${document.querySelector('[role="listbox"]').childElementCount}:${document.querySelectorAll('[role="option"]').length}` !== previous,
            'keyDown',
          ),
        before,
      );
      await page.keyboard.press(letter);
      const elapsed = await result;
      if (elapsed) keystrokes.push(elapsed);
    }

    const pick = (runs, key) => runs.map((r) => r[key]);
    const warmPainted = median(pick(warm, 'painted'));
    const keyPainted = median(pick(keystrokes, 'painted'));
    const row = (label, value, goal) => console.log(`${label.padEnd(64)}${ms(value)}${goal ? `   ${verdict(value, goal)}` : ''}`);
    row(`palette open, cold (palette chunk and faker not loaded${fakerLoadedBeforeCold ? '; faker WAS already requested' : ''})`, cold.painted);
    row(`palette open, warm (median of ${warm.length})`, warmPainted, GOALS.warmOpen);
    row(`keystroke in search → filtered list painted (median of ${keystrokes.length})`, keyPainted, GOALS.keystroke);
    console.log('  details, median ms from the input event: DOM updated / frame that paints it starts / after that paint');
    for (const [label, runs] of [['cold open', [cold]], ['warm open', warm], ['keystroke', keystrokes]]) {
      console.log(`    ${label.padEnd(10)} ${['dom', 'frame', 'painted'].map((k) => median(pick(runs, k)).toFixed(1)).join(' / ')}`);
    }
  } finally {
    await browser.close();
    await host.stop();
  }
}

await main();
