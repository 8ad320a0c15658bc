// Side-effect CSS imports are bundled by esbuild into dist/kite.css.
declare module '*.css';
