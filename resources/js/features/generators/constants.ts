// The palette's figures (spec §9) that code uses; the list's 300 px height and the 300 ms opening
// animation live in resources/css/palette.css.
export const PALETTE = {
  /** Height assumed when deciding whether the palette fits below the input. */
  assumedHeight: 400,
  /** Gap between the input and the palette. */
  offset: 4,
  /** Distance kept from the viewport's edges. */
  viewportMargin: 8,
  doubleShiftMs: 500,
  recentLimit: 2,
  tabs: { maskWidth: 32, scrollThreshold: 1, scrollPadding: 8, debounceMs: 16 },
} as const;
