// Response viewer: for JSON bodies of 1, 10, 50 and 100 MB sent through the real client screen,
// the time from the response's arrival in the page to its first painted text, the longest
// main-thread task after arrival (PerformanceObserver 'longtask' and a requestAnimationFrame
// heartbeat), and the time to show the last line after scrolling to the end. Median of 3 runs.
// Assumes dist/ is built (`npm run build`); starts its own `kite serve` on a free port.
import { launchChromium, median, startKiteHost } from './support.mjs';

// `--mb 50,100` measures those sizes only (as `node bench/response.bench.mjs --mb 50`).
const mbAt = process.argv.indexOf('--mb');
const SIZES_MB = mbAt === -1 ? [1, 10, 50, 100] : process.argv[mbAt + 1].split(',').map(Number);
const RUNS = 3;
const GOALS = { firstPaintMs: 1000, longestTaskMs: 100 };

// Runs in the page before the app: notes when a relay answer's bytes are in the page, the first
// painted line of the body after that, long tasks, and the longest gap between animation frames.
function instrumentPage() {
  const probe = { arrivedAt: 0, paintedAt: 0, longTasks: [], frameGaps: [] };
  window.__responseBench = probe;
  // The app marks the moment a relay answer has been read whole (RELAY_RECEIVED_MARK in host-api.ts).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'kite:relay-received') probe.arrivedAt = entry.startTime;
  }).observe({ type: 'mark', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  let last = performance.now();
  const beat = (now) => {
    probe.frameGaps.push({ at: now, gap: now - last });
    last = now;
    requestAnimationFrame(beat);
  };
  requestAnimationFrame(beat);
  const watch = () => {
    if (probe.arrivedAt && !probe.paintedAt) {
      const rows = document.querySelectorAll('.kite-code-row .kite-code-text');
      if ([...rows].some((row) => row.textContent.includes('"first_name"'))) {
        // The frame that shows the text paints after this callback; a message posted now runs after it.
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (probe.paintedAt = performance.now());
          channel.port2.postMessage(0);
        });
        return;
      }
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

async function measure(browser, baseUrl, mb) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(instrumentPage);
  await page.goto(`${baseUrl}/http-client`);
  await page.getByRole('textbox', { name: 'URL' }).fill(`/large?mb=${mb}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForFunction(() => window.__responseBench.paintedAt > 0, null, { timeout: 120_000, polling: 50 });
  // Let the worker finish indexing and the page settle, then scroll to the very end.
  await page.waitForTimeout(1500);
  const body = page.getByRole('region', { name: 'Pretty body' });
  const scrolledAt = await body.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
    return performance.now();
  });
  await page.waitForFunction(
    () => {
      const rows = document.querySelectorAll('.kite-code-row .kite-code-text');
      return rows.length > 0 && rows[rows.length - 1].textContent === ']';
    },
    null,
    { timeout: 30_000, polling: 'raf' },
  );
  const lastLineAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(300);
  const figures = await page.evaluate(() => {
    const probe = window.__responseBench;
    const after = (time) => time >= probe.arrivedAt;
    return {
      firstPaintMs: probe.paintedAt - probe.arrivedAt,
      longTaskMs: Math.max(0, ...probe.longTasks.filter((task) => after(task.start + task.duration)).map((task) => task.duration)),
      frameGapMs: Math.max(0, ...probe.frameGaps.filter((frame) => after(frame.at)).map((frame) => frame.gap)),
      bodyBytes: Number(document.querySelector('.kite-response-fact[title]')?.getAttribute('title')?.replace(/\D/g, '') ?? 0),
    };
  });
  await page.close();
  return { ...figures, scrollEndMs: lastLineAt - scrolledAt };
}

const ms = (value) => `${value.toFixed(0)} ms`.padStart(8);

const host = await startKiteHost(['--max-body-mb', '200']);
const browser = await launchChromium();
try {
  console.log(`JSON response viewer, median of ${RUNS} runs (Chromium, real client screen, demo API /demo/large)`);
  console.log(`size    first paint after arrival   longest task after arrival   longest frame gap   scroll to end`);
  for (const mb of SIZES_MB) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, host.origin, mb));
    const first = median(runs.map((r) => r.firstPaintMs));
    const task = median(runs.map((r) => r.longTaskMs));
    const gap = median(runs.map((r) => r.frameGapMs));
    const scroll = median(runs.map((r) => r.scrollEndMs));
    console.log(
      `${String(mb).padStart(3)} MB  ${ms(first)} (goal < ${GOALS.firstPaintMs} ms)${first < GOALS.firstPaintMs ? ' ok  ' : ' MISS'}` +
        `   ${ms(task)} (goal < ${GOALS.longestTaskMs} ms)${task < GOALS.longestTaskMs ? ' ok  ' : ' MISS'}` +
        `   ${ms(gap)}          ${ms(scroll)}`,
    );
  }
  console.log('Longest task: PerformanceObserver longtask entries ending after arrival (0 = none over 50 ms).');
  console.log('Frame gap: longest interval between requestAnimationFrame callbacks after arrival.');
} finally {
  await browser.close();
  await host.stop();
}
