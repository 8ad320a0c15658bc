// The route search's keystroke as the benchmarks time it (routes.bench.mjs, keystroke-profile.mjs):
// from the key in "Search routes" to the frame that paints the list for the new search.

/**
 * In the page, installed before the key is pressed: `window.__keystroke` resolves to the time from
 * the keystroke in "Search routes" (a capturing keydown) to the frame that paints the list for the
 * new search, or to null when the list has not changed 3 s after the key. The list says which search
 * it shows (`data-search`); a build without it is timed by the list's count, which a key that finds
 * the same routes (`gis` → `gist` over GitHub) leaves as it was.
 */
export function armKeystroke() {
  window.__keystroke = new Promise((resolve) => {
    const shown = () => document.querySelector('.kite-explorer-list')?.getAttribute('data-search') ?? document.querySelector('.kite-explorer-footer')?.textContent ?? '';
    const before = shown();
    let keyAt = null;
    const onKey = () => {
      keyAt ??= performance.now();
      setTimeout(() => resolve(null), 3000);
    };
    addEventListener('keydown', onKey, true);
    const observer = new MutationObserver(() => {
      if (keyAt === null || shown() === before) return;
      observer.disconnect();
      removeEventListener('keydown', onKey, true);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - keyAt);
        channel.port2.postMessage(0);
      });
    });
    observer.observe(document.querySelector('.kite-explorer'), { childList: true, subtree: true, characterData: true, attributeFilter: ['data-search'] });
  });
}
