// The shortcuts sheet's styles, added when its chunk first runs (lib/lazy-style.ts).
import { addLazyStyle } from '../../lib/lazy-style';

addLazyStyle(
  'shortcuts-sheet',
  `
.kite-sheet-overlay { position: fixed; inset: 0; background: rgba(15, 23, 42, 0.35); z-index: 60; }
.kite-sheet {
  position: fixed; z-index: 61; top: 50%; left: 50%; transform: translate(-50%, -50%);
  width: min(720px, calc(100vw - 32px)); max-height: calc(100vh - 64px); overflow: auto;
  padding: 16px 20px 20px; border-radius: var(--kite-radius); border: 1px solid var(--kite-border);
  background: var(--kite-bg); color: var(--kite-fg); box-shadow: var(--kite-shadow);
}
.kite-sheet-head { display: flex; align-items: center; justify-content: space-between; margin-bottom: 8px; }
.kite-sheet-title { margin: 0; font-size: 16px; }
.kite-sheet-groups { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 12px 24px; }
.kite-shortcuts { margin: 0; display: flex; flex-direction: column; gap: 6px; }
.kite-shortcut { display: grid; grid-template-columns: minmax(110px, auto) 1fr; gap: 10px; align-items: baseline; font-size: 12.5px; }
.kite-shortcut dt { white-space: nowrap; }
.kite-shortcut dd { margin: 0; color: var(--kite-fg-muted); }
.kite-shortcut kbd {
  font-family: var(--kite-mono); font-size: 11px; padding: 0 5px; border: 1px solid var(--kite-border);
  border-bottom-width: 2px; border-radius: 4px; background: var(--kite-bg-subtle); color: var(--kite-fg);
}
`,
);
