import { defineConfig } from 'vitest/config';
import { REACT_ON_PREACT } from './react-on-preact.mjs';

// Two kinds of unit tests: the browser app's modules run in jsdom, the hosts and the protocol in Node.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  // The components are tested on the renderer that ships (Preact's React compatibility layer).
  // Libraries that import React are inlined so that the alias reaches their imports too.
  resolve: {
    alias: {
      ...REACT_ON_PREACT,
      // Under Node these resolve to CommonJS builds whose require() of react would go past the
      // alias; their ES builds import it and so get Preact.
      '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js',
      'lucide-react': 'lucide-react/dist/esm/lucide-react.mjs',
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          server: { deps: { inline: [/@testing-library\/react/, /@radix-ui\//, /jotai/, /sonner/, /@tanstack\/react-virtual/, /lucide-react/] } },
          include: ['resources/js/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.{js,mjs,ts}', 'protocol/**/*.test.{js,mjs,ts}', 'bench/**/*.test.{js,mjs,ts}'],
        },
      },
    ],
  },
});
