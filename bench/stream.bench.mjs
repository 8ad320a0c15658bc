// Live streams: how long after an event reaches the host it is on screen. The demo API's
// /events puts `sentAt` (Date.now() when written) in each event; on loopback that is its arrival
// at the host, give or take a fraction of a millisecond. The page notes the time each event's row
// has painted (a message posted from the frame that shows it). The first event is sent after
// 400 ms, past the 200 ms minimum duration of host calls, so the hold is not what is measured
// (an event arriving earlier shows at 200 ms; that is checked too). Median and worst of 5 runs.
// Goal (issue 16): the first event on screen within 50 ms of its arrival at the host.
// The page idles 1 s before Send, as a person's would, so the lazy chunks are in.
// Assumes dist/ is built (`npm run build`); starts its own `kite serve` on a free port.
import { launchChromium, median, startKiteHost } from './support.mjs';

const RUNS = 5;
const GOAL_MS = 50;

// Runs in the page before the app: the paint time (Date.now()) of each event row, by its data.
function instrumentPage() {
  const painted = [];
  window.__streamBench = painted;
  const seen = new WeakSet();
  new MutationObserver(() => {
    for (const row of document.querySelectorAll('.kite-stream-event')) {
      if (seen.has(row)) continue;
      seen.add(row);
      const match = /"sentAt": (\d+)/.exec(row.textContent ?? '');
      const n = /"n": (\d+)/.exec(row.textContent ?? '');
      if (!match || !n) continue;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => painted.push({ n: Number(n[1]), sentAt: Number(match[1]), paintedAt: Date.now() });
        channel.port2.postMessage(0);
      });
    }
  }).observe(document, { childList: true, subtree: true });
}

async function measure(browser, baseUrl, query) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(instrumentPage);
  await page.goto(`${baseUrl}/http-client`);
  // As a person would: the page has been idle a moment, so its lazy chunks are prefetched.
  await page.waitForTimeout(1000);
  await page.getByRole('textbox', { name: 'URL' }).fill(`/events?${query}`);
  const sentAt = await page.evaluate(() => Date.now());
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForFunction(() => window.__streamBench.some((event) => event.n === 3), null, { timeout: 20_000, polling: 20 });
  const painted = await page.evaluate(() => window.__streamBench);
  await page.close();
  return { painted, clickedAt: sentAt };
}

const host = await startKiteHost();
const browser = await launchChromium();
const firstLatency = [];
const laterLatency = [];
const earlyShownAfter = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const { painted } = await measure(browser, host.origin, 'count=3&interval_ms=100&delay_ms=400');
    const first = painted.find((event) => event.n === 1);
    firstLatency.push(first.paintedAt - first.sentAt);
    for (const event of painted.filter((e) => e.n > 1)) laterLatency.push(event.paintedAt - event.sentAt);
    // An event sent at once waits for the 200 ms hold: shown at most ~200 ms after the click.
    const early = await measure(browser, host.origin, 'count=3&interval_ms=100');
    const e1 = early.painted.find((event) => event.n === 1);
    earlyShownAfter.push(e1.paintedAt - early.clickedAt);
  }
} finally {
  await browser.close();
  await host.stop();
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;
const firstMedian = median(firstLatency);
console.log(`First event on screen after its arrival at the host (median of ${RUNS}): ${fmt(firstMedian)}, worst ${fmt(Math.max(...firstLatency))} (goal: at most ${GOAL_MS} ms) ${Math.max(...firstLatency) <= GOAL_MS ? 'MET' : firstMedian <= GOAL_MS ? 'MET (median)' : 'MISSED'}`);
console.log(`Later events: median ${fmt(median(laterLatency))}, worst ${fmt(Math.max(...laterLatency))}`);
console.log(`An event sent at once is held with the call: shown ${fmt(median(earlyShownAfter))} after Send (median; the hold is 200 ms)`);
