// Builds the browser bundle into dist/: one stable entry (kite.js, kite.css), content-hashed lazy
// chunks under dist/chunks/, and dist/manifest.json. `node build.mjs --watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { copyFileSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const watch = process.argv.includes('--watch');
const outdir = 'dist';

/** What the page's build and the workers' build share. @type {esbuild.BuildOptions} */
const common = {
  outdir,
  bundle: true,
  format: 'esm',
  // KITE_DEBUG_BUILD=1 leaves the code readable, to step through a library's code in the browser.
  minify: !process.env.KITE_DEBUG_BUILD,
  target: ['chrome111', 'firefox115', 'safari16.4'],
  entryNames: '[name]',
  metafile: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  define: {
    __KITE_VERSION__: JSON.stringify(pkg.version),
    'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production'),
  },
};

/** @type {esbuild.BuildOptions} */
const options = {
  ...common,
  // The stylesheet is an entry of its own: imported by main.tsx, every lazy chunk (which imports the
  // entry, see firstLoadPlugin) would get a copy.
  entryPoints: [
    { in: 'resources/js/main.tsx', out: 'kite' },
    { in: 'resources/css/kite.css', out: 'kite' },
  ],
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  jsx: 'automatic',
  plugins: [lazyStylesPlugin(), iconImportsPlugin(), firstLoadPlugin(), manifestPlugin()],
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
        const { code } = await esbuild.transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: common.minify });
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

/**
 * `import { Send } from 'lucide-react'` becomes `import Send from 'lucide-react/icons/send'`.
 * The package's barrel re-exports all ~1,600 icons: a first-load module importing it makes every
 * icon file reachable from the entry, and esbuild splits by reachability, so every icon any lazy
 * chunk draws (the palette's 23 generator icons, the viewer's, the dialogs') landed in the first
 * load (issue 31). Importing each icon's own file keeps an icon in the chunks that draw it. Type
 * imports stay on the barrel (they are erased).
 */
function iconImportsPlugin() {
  /** Each icon name (and alias) → its file's name, read from the barrel esbuild resolves. */
  const iconFilesOf = (barrelPath) => {
    const files = new Map();
    for (const [, names, file] of readFileSync(barrelPath, 'utf8').matchAll(/^export \{([^}]*)\} from '\.\/icons\/([^']+)\.mjs';$/gm)) {
      for (const alias of names.matchAll(/default as (\w+)/g)) files.set(alias[1], file);
    }
    return files;
  };
  const barrelImport = /import\s*\{([^}]*)\}\s*from\s*'lucide-react';/g;
  return {
    name: 'kite-icon-imports',
    setup(build) {
      let iconFilesReady;
      build.onLoad({ filter: /resources\/js\/.*\.tsx?$/, namespace: 'file' }, async (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes("'lucide-react'")) return undefined;
        iconFilesReady ??= build.resolve('lucide-react', { kind: 'import-statement', resolveDir: root }).then((barrel) => iconFilesOf(barrel.path));
        const iconFiles = await iconFilesReady;
        const contents = source.replace(barrelImport, (_, list) => {
          const lines = [];
          const types = [];
          for (const specifier of list.split(',').map((part) => part.trim()).filter(Boolean)) {
            const [imported, local = imported] = specifier.split(/\s+as\s+/);
            if (imported.startsWith('type ')) {
              types.push(specifier.slice('type '.length));
              continue;
            }
            const file = iconFiles.get(imported);
            if (!file) throw new Error(`${relative(root, args.path)}: lucide-react has no icon ${imported}`);
            lines.push(`import ${local} from 'lucide-react/icons/${file}';`);
          }
          if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from 'lucide-react';`);
          return lines.join('\n');
        });
        if (/from\s*'lucide-react'/.test(contents.replace(/import type \{[^}]*\} from 'lucide-react';/g, ''))) {
          throw new Error(`${relative(root, args.path)}: import lucide-react's icons by name (import { Send } from 'lucide-react')`);
        }
        return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** The workers: each one self-contained file, built apart from the page's chunks (see firstLoadPlugin). */
const workerOptions = {
  ...common,
  entryPoints: {
    // Workers are their own entries: a Worker is started from a URL, not imported.
    'json-worker': 'resources/js/features/response/json-worker.ts',
    // Kept apart from json-worker: the editor's checks should not queue behind a 50 MB response.
    'json-validate-worker': 'resources/js/features/body/validate-worker.ts',
    // Receives the relay's answers, so that 100 MB never pass through the page's thread.
    'fetch-worker': 'resources/js/lib/http/fetch-worker.ts',
  },
  splitting: false,
};

/**
 * Node bundles of the app's TypeScript, for the Node host and its command line: dist/node/<name>.mjs
 * (server code imports `../dist/node/<name>.mjs`).
 */
const NODE_ENTRIES = {
  model: 'resources/js/model/node.ts',
  import: 'resources/js/model/import/node.ts',
};

/** @type {esbuild.BuildOptions} */
const nodeOptions = {
  entryPoints: NODE_ENTRIES,
  outdir: `${outdir}/node`,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // CommonJS packages bundled in (Bruno's parser) require Node's built-ins: an ES module has no
  // `require` of its own, so the bundle makes one.
  banner: { js: "import { createRequire as kiteCreateRequire } from 'node:module'; const require = kiteCreateRequire(import.meta.url);" },
  minify: common.minify,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  define: common.define,
};

/**
 * `kite run`'s code in one file (server/run-bundle.mjs says when bin/kite.mjs loads it), beside
 * the list of its sources with their SHA-256. At the depth of server/, so that the `../package.json`
 * and `../dist/node/model.mjs` its modules name resolve as from there; packages stay imports, and
 * a module it imports lazily (the OpenAPI reader) stays a lazy import of its source.
 * @type {esbuild.BuildOptions}
 */
const runBundleOptions = {
  entryPoints: { 'kite-run': 'server/run-cli.mjs' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  metafile: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  plugins: [
    {
      name: 'kite-lazy-sources',
      setup(build) {
        build.onResolve({ filter: /^\./ }, (args) => (args.kind === 'dynamic-import' ? { path: `../${relative(root, resolve(args.resolveDir, args.path)).split('\\').join('/')}`, external: true } : undefined));
      },
    },
  ],
};

const buildNodeEntries = async () => {
  await esbuild.build(nodeOptions);
  const { metafile } = await esbuild.build(runBundleOptions);
  const sources = Object.keys(metafile?.inputs ?? {}).sort();
  const hashes = Object.fromEntries(sources.map((file) => [file, createHash('sha256').update(readFileSync(file)).digest('hex')]));
  writeFileSync(`${outdir}/kite-run.json`, `${JSON.stringify({ sources: hashes }, null, 2)}\n`);
};

const root = dirname(fileURLToPath(import.meta.url));
/** The modules whose static imports are the first load: the entry, and the main screen. */
const ENTRY = 'resources/js/main.tsx';
const MAIN_SCREEN = 'resources/js/app/client-screen/ClientScreen.tsx';
/** Screens that open on their own: they must not download the main screen's code. */
const OTHER_SCREENS = ['resources/js/features/settings/SettingsScreen.tsx', 'resources/js/features/status/StatusScreen.tsx'];
/** Lazy parts of the shell, which every screen draws: the same. */
const SHELL_PARTS = ['resources/js/app/sidebar/SidebarTooltip.tsx'];
/**
 * Lazy parts the main screen draws at its first render (a chunk of their own, kept out of the first
 * load's chunks): announced as module preloads with the main screen, so they are fetched with the
 * entry instead of after the first render asked for them, and their imports after that (issue 31).
 */
const FIRST_SCREEN_PARTS = ['resources/js/features/tabs/TabStrip.tsx'];

/**
 * Makes every lazy chunk import the first load's modules, so that esbuild puts the whole first load
 * in two shared chunks instead of ~40.
 *
 * esbuild splits code by the set of entry points (each `import()` is one) that reach a file: a file
 * the entry and three lazy chunks use lands in a chunk of its own, so the first load was 39 files,
 * most under 2 KB. Each is a request, an HTTP round trip through the host and a module record, and on
 * a busy machine they cost more than their bytes (send usable: 0.67 s, 0.54 s as two chunks, same
 * machine, same minute). Here each `import()` target is wrapped in a module that first imports the
 * entry and the main screen, then re-exports the target: every file of the first load is reached by
 * every entry point, so they share one chunk (the main screen's files one more). The first load is
 * already there when a lazy chunk runs, so the import costs nothing at run time.
 * The other screens and packages import the entry only: their chunks do not import the client's
 * code (and the hosts preload it on the main screen's page only). Workers are built apart
 * (workerOptions): they must not import the page's modules.
 */
function firstLoadPlugin() {
  const exportsOf = new Map();
  /** The target's export names (ES modules only: a CommonJS target has no named exports to forward). */
  const exportsOfTarget = async (file) => {
    if (!exportsOf.has(file)) {
      const result = await esbuild.build({ entryPoints: [file], bundle: false, write: false, metafile: true, format: 'esm', jsx: 'automatic', logLevel: 'silent', outdir: 'out' });
      const input = Object.values(result.metafile.inputs)[0];
      if (input?.format === 'cjs') throw new Error(`${relative(root, file)} is loaded with import() but is CommonJS: import it from an ES module that re-exports what is needed`);
      exportsOf.set(file, Object.values(result.metafile.outputs)[0]?.exports ?? []);
    }
    return exportsOf.get(file);
  };
  return {
    name: 'kite-first-load',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.target) return undefined;
        const resolved = await build.resolve(args.path, { kind: 'dynamic-import', resolveDir: args.resolveDir, importer: args.importer, pluginData: { target: true } });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        // Relative to the repository: the path names the chunk and enters the manifest.
        return { path: relative(root, resolved.path), namespace: 'kite-lazy' };
      });
      build.onLoad({ filter: /.*/, namespace: 'kite-lazy' }, async (args) => {
        const target = resolve(root, args.path);
        const alone = OTHER_SCREENS.includes(args.path) || SHELL_PARTS.includes(args.path) || args.path.includes('node_modules/');
        const firstLoad = alone ? [ENTRY] : [ENTRY, MAIN_SCREEN];
        const hasDefault = (await exportsOfTarget(target)).includes('default');
        const from = JSON.stringify(target);
        return {
          contents: [...firstLoad.map((file) => `import ${JSON.stringify(resolve(root, file))};`), `export * from ${from};`, ...(hasDefault ? [`export { default } from ${from};`] : [])].join('\n'),
          loader: 'js',
          resolveDir: dirname(target),
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
      build.onEnd(async (result) => {
        if (!result.metafile) return;
        copyFileSync('resources/images/favicon.svg', `${outdir}/favicon.svg`);
        const workers = await esbuild.build(workerOptions);
        await buildNodeEntries();
        const built = manifest({ ...result.metafile.outputs, ...workers.metafile.outputs });
        fillChunkList(built, 'response-viewer', built.firstResponse);
        for (const file of [...built.preload, ...built.firstResponse]) built.files[file].bytes = hintEagerCompile(`${outdir}/${file}`);
        writeFileSync(`${outdir}/manifest.json`, `${JSON.stringify(built, null, 2)}\n`);
      });
    },
  };
}

/**
 * Writes a list of files into the built code that asks for it (a `kite:chunks:<name>=` marker,
 * lib/module-preload.ts), so the page can preload a lazy chunk's imports with the chunk itself
 * instead of one round after it. The file keeps its name: the list follows from the chunks it
 * imports, whose names its hash already covers.
 */
function fillChunkList(built, name, files) {
  const marker = `kite:chunks:${name}=`;
  const holders = Object.keys(built.files).filter((file) => file.endsWith('.js') && readFileSync(`${outdir}/${file}`, 'utf8').includes(marker));
  if (holders.length !== 1) throw new Error(`build: ${holders.length} files hold ${marker}, expected one`);
  const path = `${outdir}/${holders[0]}`;
  const code = readFileSync(path, 'utf8').replace(marker, `${marker}${files.join(',')}`);
  writeFileSync(path, code);
  built.files[holders[0]].bytes = Buffer.byteLength(code);
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

/** The source file an output was built from (an `import()` target's wrapper names its target). */
const entryOf = (output) => output.entryPoint?.replace(/^kite-lazy:/, '') ?? null;

/** The manifest names the stable entries, what the entry loads statically, and every lazy chunk. */
function manifest(outputs) {
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
  const mainScreen = Object.keys(outputs).find((file) => entryOf(outputs[file]) === MAIN_SCREEN);
  const firstScreenParts = Object.keys(outputs).filter((file) => FIRST_SCREEN_PARTS.includes(entryOf(outputs[file])));
  const preload = [...new Set([...initial, ...[mainScreen, ...firstScreenParts].filter(Boolean).flatMap((file) => [...staticClosure(file)].map(rel))])];
  // The response viewer loads while the first request is on its way and first runs when its answer
  // lands: compiled ahead too, so the first response does not pay for its code on the main thread.
  const viewer = Object.keys(outputs).find((file) => entryOf(outputs[file]) === 'resources/js/features/response/ResponseViewer.tsx');
  const firstResponse = viewer ? [...staticClosure(viewer)].map(rel).filter((file) => !preload.includes(file)) : [];
  const files = Object.fromEntries(
    Object.entries(outputs)
      .filter(([file]) => !file.endsWith('.map'))
      .map(([file, out]) => [rel(file), { bytes: out.bytes, entry: entryOf(out) }])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { version: pkg.version, entry: 'kite.js', css: 'kite.css', worker: 'json-worker.js', workers: Object.keys(workerOptions.entryPoints).map((name) => `${name}.js`), initial, preload, firstResponse, files };
}

if (process.argv.includes('--node')) {
  await buildNodeEntries();
} else if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  // The page's rebuilds build the workers too; this catches edits only a worker sees.
  await (await esbuild.context(workerOptions)).watch();
  console.log('kite: watching resources/ for changes…');
} else {
  await esbuild.build(options);
}
