// Builds the browser bundle into dist/: one stable entry (kite.js, kite.css), content-hashed lazy
// chunks under dist/chunks/, and dist/manifest.json. `node build.mjs --watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { copyFileSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const watch = process.argv.includes('--watch');
const outdir = 'dist';

/** @type {esbuild.BuildOptions} */
const options = {
  entryPoints: {
    kite: 'resources/js/main.tsx',
    // Workers are their own entries: a Worker is started from a URL, not imported.
    'json-worker': 'resources/js/features/client/response/json-worker.ts',
    // Kept apart from json-worker: the editor's checks should not queue behind a 50 MB response.
    'json-validate-worker': 'resources/js/features/client/body/validate-worker.ts',
    // Receives the relay's answers, so that 100 MB never pass through the page's thread.
    'fetch-worker': 'resources/js/lib/http/fetch-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  // KITE_DEBUG_BUILD=1 leaves the code readable, to step through a library's code in the browser.
  minify: !process.env.KITE_DEBUG_BUILD,
  target: ['chrome111', 'firefox115', 'safari16.4'],
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  jsx: 'automatic',
  metafile: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  define: {
    __KITE_VERSION__: JSON.stringify(pkg.version),
    'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production'),
  },
  plugins: [lazyStylesPlugin(), manifestPlugin()],
};

/**
 * `*.lazy.css` files become a module that adds their minified rules to the page when the chunk
 * importing them first runs (lib/lazy-style.ts): the styles of a lazy part (the response viewer,
 * the palette, the trace) travel with it, and kite.css holds only what the first screen draws.
 */
function lazyStylesPlugin() {
  const addLazyStyle = new URL('./resources/js/lib/lazy-style.ts', import.meta.url).pathname;
  return {
    name: 'kite-lazy-styles',
    setup(build) {
      build.onLoad({ filter: /\.lazy\.css$/ }, async (args) => {
        const { code } = await esbuild.transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: !process.env.KITE_DEBUG_BUILD });
        const id = basename(args.path, '.lazy.css');
        return {
          contents: `import { addLazyStyle } from ${JSON.stringify(addLazyStyle)};\naddLazyStyle(${JSON.stringify(id)}, ${JSON.stringify(code)});\n`,
          loader: 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

function manifestPlugin() {
  return {
    name: 'kite-manifest',
    setup(build) {
      build.onStart(() => {
        rmSync(outdir, { recursive: true, force: true });
        mkdirSync(outdir, { recursive: true });
      });
      build.onEnd((result) => {
        if (!result.metafile) return;
        copyFileSync('resources/images/favicon.svg', `${outdir}/favicon.svg`);
        const built = manifest(result.metafile);
        for (const file of [...built.preload, ...built.firstResponse]) built.files[file].bytes = hintEagerCompile(`${outdir}/${file}`);
        writeFileSync(`${outdir}/manifest.json`, `${JSON.stringify(built, null, 2)}\n`);
      });
    },
  };
}

/**
 * Marks a file of the first screen (or of the first response) for eager compilation (V8's explicit compile hints, Chrome 136+;
 * other engines ignore the comment). Everything in these files runs while the first screen renders;
 * without the hint V8 compiles each function on the main thread at its first call, which was the
 * largest part of React's start-up. With it, compilation happens on the streaming thread while the
 * files download. Other lazy chunks are left to V8's lazy compilation. Returns the file's new size.
 */
function hintEagerCompile(path) {
  const hint = '//# allFunctionsCalledOnLoad\n';
  const code = readFileSync(path, 'utf8');
  const hinted = code.startsWith(hint) ? code : hint + code;
  writeFileSync(path, hinted);
  return Buffer.byteLength(hinted);
}

/** The manifest names the stable entries, what the entry loads statically, and every lazy chunk. */
function manifest(metafile) {
  const outputs = metafile.outputs;
  const rel = (file) => file.slice(outdir.length + 1);
  const staticClosure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) if (imp.kind === 'import-statement') staticClosure(imp.path, seen);
    return seen;
  };
  const initial = [...staticClosure(`${outdir}/kite.js`)].map(rel);
  // The main screen is where the app opens: its chunk and their static imports are announced as
  // module preloads too, so they download with the entry instead of after it has run.
  const mainScreen = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'resources/js/features/client/ClientScreen.tsx');
  const preload = [...new Set([...initial, ...(mainScreen ? [...staticClosure(mainScreen)].map(rel) : [])])];
  // The response viewer loads while the first request is on its way and first runs when its answer
  // lands: compiled ahead too, so the first response does not pay for its code on the main thread.
  const viewer = Object.keys(outputs).find((file) => outputs[file].entryPoint === 'resources/js/features/client/response/ResponseViewer.tsx');
  const firstResponse = viewer ? [...staticClosure(viewer)].map(rel).filter((file) => !preload.includes(file)) : [];
  const files = Object.fromEntries(
    Object.entries(outputs)
      .filter(([file]) => !file.endsWith('.map'))
      .map(([file, out]) => [rel(file), { bytes: out.bytes, entry: out.entryPoint ?? null }])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { version: pkg.version, entry: 'kite.js', css: 'kite.css', worker: 'json-worker.js', workers: ['json-worker.js', 'json-validate-worker.js', 'fetch-worker.js'], initial, preload, firstResponse, files };
}

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('kite: watching resources/ for changes…');
} else {
  await esbuild.build(options);
}
