// Copy and download of a response body, straight from its bytes (no decoding on the main thread
// where the browser can take a Blob).
import { copyText } from '../../../lib/clipboard';
import { decodeBody } from './body-document';

/** How long the 'Copied' indicator stays (spec: "Copied indicator 1500 ms"). */
export const COPIED_INDICATOR_MS = 1500;

export async function copyBody(bytes: ArrayBuffer, charset?: string): Promise<void> {
  const clipboard = navigator.clipboard;
  if (clipboard && typeof ClipboardItem !== 'undefined' && typeof clipboard.write === 'function' && (!charset || charset === 'utf-8')) {
    try {
      await clipboard.write([new ClipboardItem({ 'text/plain': new Blob([bytes], { type: 'text/plain' }) })]);
      return;
    } catch {
      // Some browsers refuse Blob items; the text path below works everywhere.
    }
  }
  // The text path, with the old copy command where the async clipboard is missing (plain http).
  if (!(await copyText(decodeBody(bytes, charset)))) throw new Error('The browser refused to copy to the clipboard.');
}

/**
 * Saves the body as a file. The Blob is always `application/octet-stream`, whatever the response
 * said: a `blob:` URL belongs to Kite's origin, and should a browser ever open it instead of
 * saving it, an HTML or SVG body would run its script there. The file name keeps the extension.
 */
export function downloadBody(bytes: ArrayBuffer, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; keep the URL a moment for browsers that read it late.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
