// The peer bench's in-page probe (bench/peers/probe.mjs) in a real browser: a body token counts
// when it is seen, not when its text is added out of sight (an answer rendered hidden, to be
// revealed later, e.g. Kite's during the spec's 200 ms hold).
import { expect, test, type Page } from '@playwright/test';
import { PROBE_SCRIPT } from '../../bench/peers/probe.mjs';

const frames = (page: Page, count: number) =>
  page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );

test('the bench probe counts a token added hidden only once it is shown', async ({ page }) => {
  await page.addInitScript(PROBE_SCRIPT);
  await page.goto('/http-client');
  await page.evaluate(() => {
    document.body.innerHTML = '<button id="send">Send</button><div id="out" style="height: 200px; overflow: auto"></div>';
    (window as unknown as { __bench: { arm(first: string, last: string): void } }).__bench.arm('FIRST-TOKEN', 'LAST-TOKEN');
  });
  await page.click('#send');
  for (const hiding of ['hidden', 'style="visibility: hidden"', 'style="opacity: 0"']) {
    await page.evaluate((attribute) => {
      document.getElementById('out')!.insertAdjacentHTML('beforeend', `<div class="staged" ${attribute}><p>FIRST-TOKEN</p><p>LAST-TOKEN</p></div>`);
    }, hiding);
    await frames(page, 4);
    const stats = await page.evaluate(() => (window as unknown as { __bench: { stats(): { firstText: number | null; lastLine: number | null } } }).__bench.stats());
    expect(stats, `a token added with ${hiding}`).toMatchObject({ firstText: null, lastLine: null });
    await page.evaluate(() => document.querySelector('.staged')!.remove());
  }
  await page.evaluate(() => {
    document.getElementById('out')!.insertAdjacentHTML('beforeend', '<div class="staged" hidden inert><p>FIRST-TOKEN</p><p>LAST-TOKEN</p></div>');
  });
  await frames(page, 4);
  const shownAt = await page.evaluate(() => {
    document.querySelector('.staged')!.removeAttribute('hidden');
    return performance.now();
  });
  const result = await page.evaluate(async () => {
    const bench = (window as unknown as { __bench: { done: Promise<string>; stats(): { firstText: number; lastLine: number } } }).__bench;
    return { end: await bench.done, stats: bench.stats() };
  });
  expect(result.end).toBe('done');
  expect(result.stats.firstText).not.toBeNull();
  expect(result.stats.lastLine).not.toBeNull();
  // Counted from the click on Send (the page's first click): both times reach past the reveal.
  const revealSinceClick = await page.evaluate((at) => at - (window as unknown as { __bench: { stats(): { firstControl: number } } }).__bench.stats().firstControl, shownAt);
  expect(result.stats.firstText).toBeGreaterThanOrEqual(revealSinceClick);
  expect(result.stats.lastLine).toBeGreaterThanOrEqual(revealSinceClick);
});
