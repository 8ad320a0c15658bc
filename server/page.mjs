// @ts-check
// The page every path under the mount path answers with: stubs/page.html with the page config
// injected as `window.Kite` (see stubs/README.md for the placeholders).
import { readFileSync, statSync } from 'node:fs';
import { PAGE_ROUTES_ELEMENT_ID, PAGE_ROUTES_MAX_BYTES } from '../protocol/endpoints.js';

/** @typedef {import('../protocol/types').KiteConfig} KiteConfig */

const TEMPLATE_URL = new URL('../stubs/page.html', import.meta.url);
const ROUTE_INDEX_CALL_URL = new URL('../stubs/route-index-call.html', import.meta.url);
/** @type {string | undefined} */
let routeIndexCall;

/** @returns {string} */
export function readPageTemplate() {
  return readFileSync(TEMPLATE_URL, 'utf8');
}

/**
 * JSON that is safe inside a `<script>` element: `<`, `>`, `&`, U+2028 and U+2029 become `\uXXXX`,
 * so no value can close the element or break the line.
 * @param {unknown} value
 * @returns {string}
 */
export function scriptSafeJson(value) {
  return escapeForScript(JSON.stringify(value));
}

/**
 * JSON text made safe inside a `<script>` element (see {@link scriptSafeJson}).
 * @param {string} json
 * @returns {string}
 */
function escapeForScript(json) {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** @type {{ file: string; mtimeMs: number; manifest: { version: string | null; preload: string[]; initial: string[] } | null } | undefined} */
let manifestCache;

/**
 * What the page and the status endpoint need from dist/manifest.json: the bundle version and the
 * files to announce as module preloads: on the main screen `preload` (the entry's static imports
 * and the main screen's chunks, else `initial`), elsewhere `initial`; the entry itself left out.
 * Read once and again when the file changes, so `npm run dev` rebuilds show up; null when there is
 * no readable manifest.
 * @param {string} distDir
 */
export function readManifest(distDir) {
  const file = `${distDir.replace(/\/+$/, '')}/manifest.json`;
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  if (manifestCache?.file !== file || manifestCache.mtimeMs !== mtimeMs) {
    let manifest = null;
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8'));
      const files = (/** @type {unknown} */ listed) => (Array.isArray(listed) ? listed.filter((/** @type {unknown} */ f) => typeof f === 'string' && f !== raw.entry) : []);
      const initial = files(raw.initial);
      manifest = {
        version: typeof raw.version === 'string' ? raw.version : null,
        preload: Array.isArray(raw.preload) ? files(raw.preload) : initial,
        initial,
      };
    } catch {
      // An unreadable manifest is as good as none.
    }
    manifestCache = { file, mtimeMs, manifest };
  }
  return manifestCache.manifest;
}

/**
 * The files to announce as module preloads (see {@link readManifest}); empty without a manifest.
 * Another screen's page leaves out the main screen's chunks: that screen's chunk does not import them.
 * @param {string} distDir
 * @param {boolean} mainScreen whether the page opens on the main screen
 * @returns {string[]}
 */
export function initialChunks(distDir, mainScreen) {
  const manifest = readManifest(distDir);
  return (mainScreen ? manifest?.preload : manifest?.initial) ?? [];
}

/**
 * The element that carries a RoutesResponse (or its route index) in the page; when its JSON is over
 * PAGE_ROUTES_MAX_BYTES, the script that starts the GET routes/index call while the entry loads
 * (stubs/route-index-call.html; the app then fetches the routes).
 * @param {string | Buffer} routesJson the RoutesResponse as JSON
 * @returns {string}
 */
export function pageRoutesElement(routesJson) {
  if (Buffer.byteLength(routesJson) > PAGE_ROUTES_MAX_BYTES) return (routeIndexCall ??= readFileSync(ROUTE_INDEX_CALL_URL, 'utf8').trim());
  const safe = escapeForScript(String(routesJson));
  return `<script type="application/json" id="${PAGE_ROUTES_ELEMENT_ID}">${safe}</script>`;
}

/**
 * @param {string} template
 * @param {KiteConfig} config
 * @param {string[]} [preloadFiles] files under the assets URL to announce as module preloads
 * @param {string} [routesElement] from {@link pageRoutesElement}, on the main screen's page
 * @returns {string}
 */
export function renderPage(template, config, preloadFiles = [], routesElement = '') {
  const preloads = preloadFiles.map((file) => `<link rel="modulepreload" href="${escapeHtml(`${config.assetsUrl}/${file}`)}">`).join('\n');
  const replacements = {
    '{{ASSETS_URL}}': escapeHtml(config.assetsUrl),
    '{{VERSION}}': escapeHtml(config.version),
    '{{KITE_CONFIG}}': scriptSafeJson(config),
    '{{PRELOADS}}': preloads,
    '{{ROUTES}}': routesElement,
  };
  // One pass, so a value that happens to contain a placeholder is never expanded again.
  return template.replace(/\{\{(ASSETS_URL|VERSION|KITE_CONFIG|PRELOADS|ROUTES)\}\}/g, (placeholder) => replacements[/** @type {keyof typeof replacements} */ (placeholder)]);
}
