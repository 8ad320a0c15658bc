// A `data:` URL of a Blob. Unlike a `blob:` URL, which belongs to the page's origin, a document
// opened from a `data:` URL gets an opaque origin of its own.
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The body could not be read.'));
    reader.readAsDataURL(blob);
  });
}
