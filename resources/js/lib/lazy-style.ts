// Styles of a lazy part (the route docs, the shortcuts sheet) travel in its chunk and are added to
// the page when the chunk first runs: kite.css holds what the first screen draws, and every byte
// there counts against the main screen's budget.
const added = new Set<string>();

export function addLazyStyle(id: string, css: string): void {
  if (added.has(id) || typeof document === 'undefined') return;
  added.add(id);
  const style = document.createElement('style');
  style.dataset.kiteStyle = id;
  style.textContent = css;
  document.head.append(style);
}
