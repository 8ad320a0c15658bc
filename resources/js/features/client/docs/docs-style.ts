// The route docs panel's styles, added when its chunk first runs (lib/lazy-style.ts).
import { addLazyStyle } from '../../../lib/lazy-style';

addLazyStyle(
  'route-docs',
  `
.kite-docs-trigger {
  flex: none; display: flex; align-items: center; gap: 6px; height: 32px; padding: 0 14px; border: 0; background: transparent;
  color: var(--kite-fg); cursor: pointer; text-align: left; font-size: 12px;
}
.kite-docs-trigger:disabled { cursor: default; color: var(--kite-fg-muted); }
.kite-docs-trigger:hover:not(:disabled) { background: var(--kite-bg-muted); }
.kite-docs-chevron { flex: none; transition: transform 150ms; color: var(--kite-fg-muted); }
.kite-docs-trigger[data-state='open'] .kite-docs-chevron { transform: rotate(90deg); }
.kite-docs-title { font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; font-size: 11px; }
.kite-docs-counts { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 11px; }
.kite-docs-content { min-height: 0; overflow: auto; }
.kite-docs-body { display: flex; flex-direction: column; gap: 12px; padding: 4px 14px 14px; font-size: 12.5px; }
.kite-docs-summary { margin: 0; font-size: 14px; display: flex; align-items: center; gap: 8px; }
.kite-docs-name { margin: 2px 0 0; font-size: 11px; }
.kite-docs-rows { display: flex; flex-direction: column; border: 1px solid var(--kite-border); border-radius: var(--kite-radius-sm); background: var(--kite-bg); }
.kite-docs-row { display: flex; flex-direction: column; gap: 3px; padding: 6px 10px; }
.kite-docs-row + .kite-docs-row { border-top: 1px solid var(--kite-border); }
.kite-docs-row-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; }
.kite-docs-field { font-family: var(--kite-mono); font-weight: 600; font-size: 12px; }
.kite-docs-in { font-size: 10.5px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--kite-fg-muted); }
.kite-docs-type { font-size: 11.5px; color: var(--kite-info); overflow-wrap: anywhere; }
.kite-docs-required { font-size: 10.5px; font-weight: 600; color: var(--kite-danger); }
.kite-docs-facts { display: flex; flex-wrap: wrap; gap: 2px 12px; margin: 0; font-size: 11.5px; }
.kite-docs-fact { display: flex; gap: 4px; min-width: 0; }
.kite-docs-fact dt { color: var(--kite-fg-muted); }
.kite-docs-fact dd { margin: 0; overflow-wrap: anywhere; }
.kite-docs-content-type { margin-left: 6px; font-size: 11px; font-weight: 400; text-transform: none; letter-spacing: 0; color: var(--kite-fg-muted); }
.kite-docs-responses { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.kite-docs-response { display: flex; gap: 10px; align-items: baseline; }
.kite-docs-status { flex: none; min-width: 48px; font-size: 12px; }
.kite-docs-response-text .kite-docs-content-type { margin-left: 8px; }
.kite-rich { color: var(--kite-fg); overflow-wrap: anywhere; }
.kite-rich p { margin: 0 0 4px; }
.kite-rich p:last-child { margin-bottom: 0; }
.kite-rich ul { margin: 0 0 4px; padding-left: 18px; }
.kite-rich code, .kite-rich-code { font-family: var(--kite-mono); font-size: 11.5px; background: var(--kite-bg-muted); border-radius: 3px; padding: 0 3px; }
.kite-rich-code { display: block; padding: 6px 8px; margin: 0 0 4px; white-space: pre-wrap; }
.kite-rich a { color: var(--kite-accent); }
`,
);
