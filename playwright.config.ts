import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.mjs';

// End-to-end tests drive Debian's Chromium (browser downloads do not work here) against real hosts
// on 127.0.0.1. The default host is the Node host with its demo API; specs that need other flags
// start their own host with startKiteHost from bench/support.mjs. The Chromium path and flags are
// shared with the benchmarks (tests/chromium.mjs).
export const E2E_PORT = Number(process.env.KITE_E2E_PORT ?? 8181);

export default defineConfig({
  testDir: 'tests/e2e',
  // Budgets for a hang, not measurements: tests wait on state, and a CI machine under heavy load
  // (two workers beside other jobs) can take several times a quiet machine's time for the same steps.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: `node bin/kite.mjs serve --port ${E2E_PORT} --host 127.0.0.1`,
    url: `http://127.0.0.1:${E2E_PORT}/http-client`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
