import { defineConfig } from 'vitest/config';

// Two kinds of unit tests: the browser app's modules run in jsdom, the hosts and the protocol in Node.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['resources/js/**/*.test.{ts,tsx}'],
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
