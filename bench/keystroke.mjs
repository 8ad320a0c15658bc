// The route search's keystroke as the benchmarks time it (routes.bench.mjs, keystroke-profile.mjs):
// from the key in "Search routes" to the frame that paints the list's new count.

/**
 * In the page, installed before the key is pressed: `window.__keystroke` resolves to the time from
 * the keystroke in "Search routes" (a capturing keydown) to the frame that paints the list's new
 * count, or to null when the count has not changed 3 s after the key.
 */
export function armKeystroke() {
  window.__keystroke = new Promise((resolve) => {
    const footer = () => document.querySelector('.kite-explorer-footer')?.textContent ?? '';
    const before = footer();
    let keyAt = null;
    const onKey = () => {
      keyAt ??= performance.now();
      setTimeout(() => resolve(null), 3000);
    };
    addEventListener('keydown', onKey, true);
    const observer = new MutationObserver(() => {
      if (keyAt === null || footer() === before) return;
      observer.disconnect();
      removeEventListener('keydown', onKey, true);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - keyAt);
        channel.port2.postMessage(0);
      });
    });
    observer.observe(document.querySelector('.kite-explorer'), { childList: true, subtree: true, characterData: true });
  });
}
