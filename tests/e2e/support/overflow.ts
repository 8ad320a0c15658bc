// A check run in the page: text a person cannot read whole. Reusable by any spec.
//  - clipped: a visible element with text whose content is wider or taller than its box while its
//    overflow is hidden or clip (an ellipsis included), or a select whose chosen option's text is
//    wider than the select leaves for it;
//  - broken: a word of a text node drawn on two lines (wrapped mid-word), or a control's label
//    (button, tab, select, link) wrapped onto a second line.
import type { Locator, Page } from '@playwright/test';

export interface TextProblem {
  kind: 'clipped' | 'broken';
  /** The element's tag, aria-label or first classes: enough to find it. */
  where: string;
  text: string;
}

/** Problems inside `scope` (the whole page by default), ignoring elements matching `ignore`. */
export async function findTextProblems(page: Page, options: { scope?: Locator; ignore?: string } = {}): Promise<TextProblem[]> {
  const root = options.scope ? await options.scope.elementHandle() : null;
  return page.evaluate(
    ({ root, ignore }) => {
      const problems: Array<{ kind: 'clipped' | 'broken'; where: string; text: string }> = [];
      const scope = (root as Element | null) ?? document.body;
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[aria-label="${el.getAttribute('aria-label')}"]` : ''}${
          el.classList.length ? `.${[...el.classList].slice(0, 2).join('.')}` : ''
        }`;
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        // 1 px boxes are text for screen readers only (.sr-only), drawn nowhere on purpose.
        if (box.width <= 1 || box.height <= 1) return false;
        if (box.bottom < 0 || box.right < 0 || box.top > innerHeight || box.left > innerWidth) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
      };
      const skipped = (el: Element) => (ignore ? el.closest(ignore) !== null : false) || el.closest('[aria-hidden="true"], .cm-editor') !== null;
      const canvas = document.createElement('canvas').getContext('2d')!;

      for (const el of scope.querySelectorAll('*')) {
        if (skipped(el) || !visible(el)) continue;
        const style = getComputedStyle(el);
        if (el instanceof HTMLSelectElement) {
          const chosen = el.selectedOptions[0]?.text ?? '';
          canvas.font = style.font;
          // Chromium draws the arrow inside the padding box: about 20 px of it are not for text.
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (style.appearance === 'none' ? 0 : 20);
          if (chosen && canvas.measureText(chosen).width > room + 1) problems.push({ kind: 'clipped', where: describe(el), text: chosen });
          continue;
        }
        const text = el.textContent!.trim().replace(/\s+/g, ' ').slice(0, 80);
        if (!text) continue;
        // Text inside a box that hides what does not fit (a parent's overflow cuts its children's text too).
        const hidesX = ['hidden', 'clip'].includes(style.overflowX);
        const hidesY = ['hidden', 'clip'].includes(style.overflowY);
        const textChildren = el.querySelectorAll('*').length < 20;
        if (textChildren && ((hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1))) {
          problems.push({ kind: 'clipped', where: describe(el), text });
          continue;
        }
        const ownText = [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
        if (!ownText) continue;
        // Text pushed past the edge of the nearest box that does not scroll (a row too wide for its pane).
        const clipper = (() => {
          for (let up = el.parentElement; up; up = up.parentElement) {
            const overflow = getComputedStyle(up).overflowX;
            if (overflow !== 'visible') return ['hidden', 'clip'].includes(overflow) ? up : null;
          }
          return null;
        })();
        if (clipper) {
          const box = el.getBoundingClientRect();
          const edge = clipper.getBoundingClientRect();
          if (box.right > edge.right + 1 || box.left < edge.left - 1) {
            problems.push({ kind: 'clipped', where: describe(el), text });
            continue;
          }
        }
        if (el.matches('button, [role="tab"], a, label, summary, kbd, th')) {
          // A control's label on two lines: its text nodes' boxes span more than one line.
          const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
          const boxes = [...el.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())
            .flatMap((node) => {
              const range = document.createRange();
              range.selectNodeContents(node);
              return [...range.getClientRects()].filter((r) => r.width > 0);
            });
          const top = Math.min(...boxes.map((r) => r.top));
          const bottom = Math.max(...boxes.map((r) => r.bottom));
          if (bottom - top > lineHeight * 1.5) problems.push({ kind: 'broken', where: describe(el), text });
        }
        for (const node of el.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          const value = node.textContent!;
          // Hyphens and slashes are places where a line may break; only a break inside a run between them counts.
          for (const match of value.matchAll(/[^\s\-/]{2,}/g)) {
            const range = document.createRange();
            range.setStart(node, match.index!);
            range.setEnd(node, match.index! + match[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 1) {
              problems.push({ kind: 'broken', where: describe(el), text: match[0] });
              break;
            }
          }
        }
      }
      return problems;
    },
    { root, ignore: options.ignore ?? null },
  );
}
