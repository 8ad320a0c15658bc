// The recent-generators list: the latest first, no duplicates, at most 2 entries (spec §4, §9).
import { PALETTE } from './constants';

export function pushRecent(list: readonly string[], id: string, keep: number = PALETTE.recentLimit): string[] {
  return [id, ...list.filter((existing) => existing !== id)].slice(0, keep);
}
