// Saving bytes or text as a file the browser downloads: the response body's Download, the Saved
// pane's exports (Postman, OpenAPI) and its "Export as test…". The Blob is always
// `application/octet-stream`, whatever the content: a `blob:` URL belongs to Kite's origin, and
// should a browser ever open it instead of saving it, an HTML or SVG body would run its script
// there. The file name keeps the extension.
export function downloadFile(content: ArrayBuffer | string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/octet-stream' }));
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
