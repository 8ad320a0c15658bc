// `*.lazy.css` imports become modules that add their rules when their chunk runs (build.mjs);
// dist/kite.css is built from resources/css/kite.css, its own entry.
declare module '*.css';
