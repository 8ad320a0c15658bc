import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (browser downloads do not work here) against real hosts
// on 127.0.0.1. The default host is the Node host with its demo API; specs that need other flags
// start their own host with tests/e2e/support/host.ts.
export const E2E_PORT = Number(process.env.KITE_E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
  webServer: {
    command: `node bin/kite.mjs serve --port ${E2E_PORT} --host 127.0.0.1`,
    url: `http://127.0.0.1:${E2E_PORT}/http-client`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
