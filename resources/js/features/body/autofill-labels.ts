// The words the builder shows for auto-fill's choices, apart from auto-fill itself (a lazy chunk),
// so the builder can show them without loading it.
import type { BranchChoice } from './autofill';

/** Optional fields: a few (the default), none, or all. */
export type FieldsMode = 'some' | 'required' | 'all';

/** `Card · one of 3` */
export function branchLabel(choice: Pick<BranchChoice, 'keyword' | 'index' | 'count' | 'labels'>): string {
  return `${choice.labels[choice.index] ?? `Option ${choice.index + 1}`} · ${choice.keyword === 'oneOf' ? 'one' : 'any'} of ${choice.count}`;
}
