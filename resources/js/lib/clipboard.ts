// Copies text to the clipboard: the async Clipboard API where the page may use it, else the old
// hidden-textarea copy command. Resolves false when neither worked.

/** How long the 'Copied' indicator stays (spec: "Copied indicator 1500 ms"). */
export const COPIED_INDICATOR_MS = 1500;

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission refused or no secure context: try the fallback
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
