// Copy and download of a response body, straight from its bytes (no decoding on the main thread
// where the browser can take a Blob).
import { copyText } from '../../lib/clipboard';
import { decodeBody } from './body-document';
import { downloadFile } from '../../lib/download';

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

/** Saves the body as a file (lib/download.ts says why its type is always octet-stream). */
export function downloadBody(bytes: ArrayBuffer, fileName: string): void {
  downloadFile(bytes, fileName);
}
