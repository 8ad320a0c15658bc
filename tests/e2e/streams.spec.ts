// Live streams: SSE and NDJSON answers show their events while the request runs, become a whole
// result with an Events tab when they end, and Cancel ends them at the target.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startKiteHost } from '../../bench/support.mjs';
import { responseArea } from './support/client-screen';

async function sendUrl(page: import('@playwright/test').Page, url: string) {
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test('SSE events from the demo API appear while the request runs, then stay as the Events tab', async ({ page }) => {
  // Long enough (about 9 s) that a busy machine still draws the first event before the last one
  // is sent: the test waits on what is on screen, never on a clock.
  await sendUrl(page, '/events?count=6&interval_ms=1500');
  const pane = responseArea(page);
  const events = pane.getByRole('list', { name: 'Events' });
  // The first event is on screen while the stream still runs.
  await expect(events.getByText('open', { exact: true })).toBeVisible();
  await expect(pane.getByRole('status')).toContainText(/Streaming · \d+ events?/);
  await expect(events.getByText('done', { exact: true })).toHaveCount(0);
  await expect(events.getByText('id 1', { exact: true })).toBeVisible();
  // It ends: a normal result, opened on its Events tab, with the Body tab beside it.
  await expect(pane.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
  await expect(events.getByRole('listitem')).toHaveCount(6);
  await expect(events.getByText('done', { exact: true })).toBeVisible();
  await expect(pane.getByText('200', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/streams-sse.png' });
  await pane.getByRole('tab', { name: 'Body' }).click();
  await expect(pane.getByRole('tabpanel', { name: 'Body' })).toContainText('event: done');
});

test('after a streamed answer, the next JSON answer in the same tab shows its body', async ({ page }) => {
  await sendUrl(page, '/events?count=2&interval_ms=50');
  const pane = responseArea(page);
  await expect(pane.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('textbox', { name: 'URL' }).fill('/users/2');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(pane.getByRole('tab', { name: 'Events' })).toHaveCount(0);
  await expect(pane.getByRole('tab', { name: 'Body' })).toHaveAttribute('aria-selected', 'true');
  await expect(pane.getByRole('tabpanel', { name: 'Body' })).toContainText('"first_name": "Grace"');
});

test('NDJSON lines from the demo API appear one each, pretty, while the request runs', async ({ page }) => {
  // Two seconds between lines: the first line is on screen long before the last is written, also on a
  // busy machine, so "while the request runs" is a state the test can see rather than a race.
  await sendUrl(page, '/stream.ndjson?count=5&interval_ms=2000');
  const pane = responseArea(page);
  const events = pane.getByRole('list', { name: 'Events' });
  await expect(events.getByText('"message": "line 1 of 5"')).toBeVisible();
  await expect(events.getByText('"message": "line 5 of 5"')).toHaveCount(0);
  await expect(pane.getByRole('status')).toContainText('Streaming');
  await expect(events.getByText('"message": "line 5 of 5"')).toBeVisible({ timeout: 20_000 });
  await expect(events.getByRole('listitem')).toHaveCount(5);
});

test.describe('Cancel', () => {
  let target: Server;
  let host: Awaited<ReturnType<typeof startKiteHost>> | undefined;
  let opened = 0;
  let closed = 0;

  test.beforeAll(async () => {
    // An endless event stream that counts the connections it saw close.
    target = createServer((_req, res) => {
      opened += 1;
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(() => res.write(`event: tick\nid: ${++n}\ndata: {"n":${n}}\n\n`), 100);
      res.on('close', () => {
        clearInterval(timer);
        closed += 1;
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const documentFile = join(mkdtempSync(join(tmpdir(), 'kite-streams-')), 'api.json');
    writeFileSync(documentFile, JSON.stringify({ openapi: '3.1.0', info: { title: 'Endless', version: '1' }, servers: [{ url: targetUrl }], paths: { '/ticks': { get: { responses: { 200: { description: 'SSE' } } } } } }));
    host = await startKiteHost(['--openapi', documentFile]);
  });
  test.afterAll(async () => {
    await host?.stop();
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  test('Cancel ends an endless stream at the target and keeps the events that came', async ({ page }) => {
    await page.goto(host!.url);
    await page.getByRole('textbox', { name: 'URL' }).fill('/ticks');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const pane = responseArea(page);
    await expect(pane.getByRole('list', { name: 'Events' }).getByText('id 3', { exact: true })).toBeVisible();
    expect(opened - closed).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(pane.getByText('ABORTED')).toBeVisible();
    await expect.poll(() => opened - closed).toBe(0);
    await expect(pane.getByRole('list', { name: 'Events' }).getByText('id 3', { exact: true })).toBeVisible();
  });
});
