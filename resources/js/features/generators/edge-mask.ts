// The category tabs scroll sideways; an edge fades out (a 32 px mask) where more tabs are hidden.
// An edge counts as scrollable once it is more than the threshold (1 px) away.
import { PALETTE } from './constants';

export interface ScrollBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

export interface EdgeMask {
  start: boolean;
  end: boolean;
}

export function edgeMask({ scrollLeft, clientWidth, scrollWidth }: ScrollBox, threshold: number = PALETTE.tabs.scrollThreshold): EdgeMask {
  return {
    start: scrollLeft > threshold,
    end: scrollLeft + clientWidth < scrollWidth - threshold,
  };
}

/** The CSS mask-image for the hidden sides, or 'none'. */
export function maskImage({ start, end }: EdgeMask, width: number = PALETTE.tabs.maskWidth): string {
  if (!start && !end) return 'none';
  const from = start ? `transparent, #000 ${width}px` : '#000, #000';
  const to = end ? `#000 calc(100% - ${width}px), transparent` : '#000';
  return `linear-gradient(to right, ${from}, ${to})`;
}
