// @ts-check
// The page every path under the mount path answers with: stubs/page.html with the page config
// injected as `window.Kite` (see stubs/README.md for the placeholders).
import { readFileSync } from 'node:fs';

/** @typedef {import('../protocol/types').KiteConfig} KiteConfig */

const TEMPLATE_URL = new URL('../stubs/page.html', import.meta.url);

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
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * @param {string} template
 * @param {KiteConfig} config
 * @returns {string}
 */
export function renderPage(template, config) {
  const replacements = {
    '{{ASSETS_URL}}': escapeHtml(config.assetsUrl),
    '{{VERSION}}': escapeHtml(config.version),
    '{{KITE_CONFIG}}': scriptSafeJson(config),
  };
  // One pass, so a value that happens to contain a placeholder is never expanded again.
  return template.replace(/\{\{(ASSETS_URL|VERSION|KITE_CONFIG)\}\}/g, (placeholder) => replacements[/** @type {keyof typeof replacements} */ (placeholder)]);
}
