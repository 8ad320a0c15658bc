// The page config (`window.Kite`) as a host configured otherwise would render it: the keys given
// replace the host's own when the page's inline script sets it.
import type { Page } from '@playwright/test';

export async function overridePageConfig(page: Page, overrides: Record<string, unknown>) {
  await page.addInitScript((replaced) => {
    let config: Record<string, unknown> | undefined;
    Object.defineProperty(window, 'Kite', {
      configurable: true,
      get: () => config,
      set: (value: Record<string, unknown>) => {
        config = { ...value, ...replaced };
      },
    });
  }, overrides);
}
