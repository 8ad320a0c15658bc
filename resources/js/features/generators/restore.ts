// Reopening the palette (spec §2, §4): the remembered search query and category come back. The
// saved search text goes into the filter only if the filter's search is empty, so text the opening
// brought along (an opening action with a search) is not overwritten.
import type { GeneratorFilter } from './filter';

export function restoreFilter(saved: GeneratorFilter, filter: GeneratorFilter): GeneratorFilter {
  return {
    search: filter.search === '' ? saved.search : filter.search,
    category: filter.category ?? saved.category,
  };
}
