// The browser every test and bench runs (tests/chromium.mjs): its flags keep Playwright's own and
// start no browser UI beside the page.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PLAYWRIGHT_DISABLED_FEATURES } from './chromium.mjs';

/** The `disabledFeatures` list in playwright-core's code (a bundle or the chromiumSwitches module). */
function playwrightDisabledFeatures() {
  const lib = join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'lib');
  const files = readdirSync(lib, { recursive: true }).filter((file) => String(file).endsWith('.js'));
  for (const file of files) {
    const code = readFileSync(join(lib, String(file)), 'utf8');
    const list = code.match(/disabledFeatures = \[([^\]]*)\]/);
    if (list) return [...list[1].replace(/\/\/[^\n]*/g, '').matchAll(/"([^"]+)"/g)].map((match) => match[1]);
  }
  throw new Error(`no disabledFeatures list under ${lib}: see how this Playwright passes --disable-features`);
}

describe('tests/chromium.mjs', () => {
  it("repeats Playwright's disabled features in its one --disable-features (Chromium reads only the last)", () => {
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(playwrightDisabledFeatures());
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    expect(switches[0].slice('--disable-features='.length).split(',')).toEqual(expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES));
  });

  it("opens a context's page without the address bar's popup, a WebUI renderer that loaded beside it", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const cdp = await browser.newBrowserCDPSession();
      const context = await browser.newContext();
      await context.newPage();
      // The popup's pages were there as soon as the context's window was (chrome://omnibox-popup.top-chrome/).
      const { targetInfos } = await cdp.send('Target.getTargets');
      expect(targetInfos.filter((target) => target.type === 'browser_ui' || target.url.startsWith('chrome://')).map((target) => `${target.type} ${target.url}`)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
