// Where a floating panel goes beside what opened it (the generator palette, spec §9: 4 px below the
// focused input, flipped above it when the assumed 400 px height does not fit below; centred when no
// input is focused; the data pickers' search). Kept inside the viewport: when neither side has the
// assumed height it takes the roomier side and shrinks, and when even that is too little (a textarea
// taller than the window) it lies over the anchor.

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

export type Placement = (
  | { kind: 'below'; top: number; left: number }
  /** Anchored by its bottom edge, so a palette shorter than assumed still sits next to the input. */
  | { kind: 'above'; bottom: number; left: number }
  | { kind: 'centred'; top: number; left: number }
  /** Neither side has room (a tall textarea): it lies over the input, at the window's bottom. */
  | { kind: 'over'; bottom: number; left: number }
) & {
  /** The room it has: the palette shrinks its list rather than leave the window. */
  maxHeight?: number;
};

/** The panel's own measures. */
export interface PanelSizes {
  /** Height assumed when deciding whether the panel fits below the anchor. */
  assumedHeight: number;
  /** Gap between the anchor and the panel. */
  offset: number;
  /** Distance kept from the viewport's edges. */
  viewportMargin: number;
}

/** Below this the panel is too cramped next to the anchor and goes over it instead. */
const MIN_HEIGHT = 200;

export function placePanel(anchor: Rect | null, viewport: Viewport, paletteWidth: number, sizes: PanelSizes): Placement {
  const { assumedHeight, offset, viewportMargin } = sizes;
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
  const below = { kind: 'below' as const, top: anchor.bottom + offset, left, maxHeight: spaceBelow - viewportMargin };
  const above = { kind: 'above' as const, bottom: viewport.height - anchor.top + offset, left, maxHeight: spaceAbove - viewportMargin };
  if (spaceBelow >= assumedHeight) return below;
  if (spaceAbove >= assumedHeight) return above;
  const roomier = spaceBelow >= spaceAbove ? below : above;
  if (roomier.maxHeight >= MIN_HEIGHT) return roomier;
  return { kind: 'over', bottom: viewportMargin, left, maxHeight: viewport.height - 2 * viewportMargin };
}

/** The placement as a `position: fixed` style. */
export function placementStyle(placement: Placement) {
  const edge = 'bottom' in placement ? { bottom: placement.bottom } : { top: placement.top };
  return { ...edge, left: placement.left, maxHeight: placement.maxHeight };
}
