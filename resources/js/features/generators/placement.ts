// Where the palette goes (spec §9): 4 px below the focused input, flipped above it when the assumed
// 400 px height does not fit below; centred when no input is focused. Kept inside the viewport.
import { PALETTE } from './constants';

export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export type Placement =
  | { kind: 'below'; top: number; left: number }
  /** Anchored by its bottom edge, so a palette shorter than assumed still sits next to the input. */
  | { kind: 'above'; bottom: number; left: number }
  | { kind: 'centred'; top: number; left: number };

export function placePalette(anchor: Rect | null, viewport: Viewport, paletteWidth: number): Placement {
  const { assumedHeight, offset, viewportMargin } = PALETTE;
  const maxLeft = Math.max(viewportMargin, viewport.width - paletteWidth - viewportMargin);
  if (!anchor) {
    return {
      kind: 'centred',
      top: Math.max(viewportMargin, Math.round((viewport.height - assumedHeight) / 2)),
      left: Math.max(viewportMargin, Math.round((viewport.width - paletteWidth) / 2)),
    };
  }
  const left = Math.min(Math.max(viewportMargin, anchor.left), maxLeft);
  const spaceBelow = viewport.height - anchor.bottom - offset;
  const spaceAbove = anchor.top - offset;
  if (spaceBelow >= assumedHeight || spaceBelow >= spaceAbove) {
    return { kind: 'below', top: anchor.bottom + offset, left };
  }
  return { kind: 'above', bottom: viewport.height - anchor.top + offset, left };
}
