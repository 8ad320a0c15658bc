// Where the React API the app is written against comes from: Preact's compatibility layer.
// Used by the bundle (build.mjs) and by the unit tests (vitest.config.ts), so that the tests run
// the same renderer that ships.
export const REACT_ON_PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};
