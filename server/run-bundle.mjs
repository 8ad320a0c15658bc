// @ts-check
// `kite run`'s own code as one file. build.mjs bundles server/run-cli.mjs with the modules it
// imports into dist/kite-run.mjs and names each source with its SHA-256 in dist/kite-run.json:
// twenty-one modules read, compiled and linked one by one were about a quarter of the run's own
// start-up (README, "Runs from a terminal"). The bundle runs only while it is what its sources
// say: a source edited since the build (newer than the bundle, and with other content) runs the
// sources instead, so a stale build never runs old code. A fresh clone, whose files all have the
// checkout's time, pays the hashes (about a millisecond) and still runs the bundle.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The bundle and its list of sources, from the package's root. */
export const RUN_BUNDLE = 'dist/kite-run.mjs';
export const RUN_BUNDLE_SOURCES = 'dist/kite-run.json';

/**
 * The module `kite run` loads: the bundle when it matches its sources, else server/run-cli.mjs.
 * @param {URL} [root] the package's root folder (ending in `/`)
 * @returns {Promise<string>} a file URL
 */
export async function runModuleUrl(root = new URL('../', import.meta.url)) {
  // Plain paths: a URL per stat costs more than the stats themselves.
  const base = fileURLToPath(root);
  const bundle = `${base}${RUN_BUNDLE}`;
  const sources = `${base}server/run-cli.mjs`;
  try {
    const built = statSync(bundle).mtimeMs;
    /** @type {Record<string, string>} */
    const hashes = JSON.parse(readFileSync(`${base}${RUN_BUNDLE_SOURCES}`, 'utf8')).sources;
    const newer = Object.keys(hashes).filter((path) => statSync(`${base}${path}`).mtimeMs > built);
    if (newer.length > 0) {
      const { createHash } = await import('node:crypto');
      if (newer.some((path) => createHash('sha256').update(readFileSync(`${base}${path}`)).digest('hex') !== hashes[path])) return pathToFileURL(sources).href;
    }
    return pathToFileURL(bundle).href;
  } catch {
    // No bundle, no list, a source gone: the sources are the truth.
    return pathToFileURL(sources).href;
  }
}
