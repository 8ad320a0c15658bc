import { defineConfig } from 'vitest/config';

// Two kinds of unit tests: the browser app's modules run in jsdom, the hosts and the protocol in Node.
// Time limits are for hangs, not speed (the benches measure that): the Node tests start processes
// and servers, and a busy CI machine takes seconds for what a quiet one does at once.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['resources/js/**/*.test.{ts,tsx}'],
          setupFiles: ['resources/js/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.{js,mjs,ts}', 'protocol/**/*.test.{js,mjs,ts}', 'bench/**/*.test.{js,mjs,ts}', 'tests/*.test.mjs', 'tests/model/**/*.test.mjs'],
        },
      },
    ],
  },
});
