// Filtering and grouping the palette's list (spec §4): the text matches name or description,
// case-insensitively; the category id must equal the selected one; a 'Recent' group comes first.
import type { Category, CategoryId, GeneratorMeta } from '../../lib/generators/types';

export interface GeneratorFilter {
  search: string;
  category: CategoryId | null;
}

export function matchesFilter(generator: GeneratorMeta, { search, category }: GeneratorFilter): boolean {
  if (category !== null && generator.category.id !== category) return false;
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return generator.name.toLowerCase().includes(needle) || generator.description.toLowerCase().includes(needle);
}

export function filterGenerators(generators: readonly GeneratorMeta[], filter: GeneratorFilter): GeneratorMeta[] {
  return generators.filter((generator) => matchesFilter(generator, filter));
}

export interface GeneratorGroup {
  /** `recent` or a category id. */
  id: 'recent' | CategoryId;
  name: string;
  items: GeneratorMeta[];
}

/** 'Recent' first (those recent generators that pass the filter), then one group per category. */
export function groupGenerators(
  filtered: readonly GeneratorMeta[],
  recentIds: readonly string[],
  categories: readonly Category[],
): GeneratorGroup[] {
  const byId = new Map(filtered.map((g) => [g.id as string, g]));
  const recent = recentIds.map((id) => byId.get(id)).filter((g): g is GeneratorMeta => g !== undefined);
  const groups: GeneratorGroup[] = recent.length > 0 ? [{ id: 'recent', name: 'Recent', items: recent }] : [];
  for (const category of categories) {
    const items = filtered.filter((g) => g.category.id === category.id);
    if (items.length > 0) groups.push({ id: category.id, name: category.name, items });
  }
  return groups;
}

/** One option of the listbox; a generator in 'Recent' and in its category is two options. */
export interface PaletteOption {
  /** Unique DOM id, the target of aria-activedescendant. */
  domId: string;
  groupId: GeneratorGroup['id'];
  generator: GeneratorMeta;
}

export function optionDomId(groupId: string, generatorId: string): string {
  return `kite-generator-${groupId === 'recent' ? 'recent-' : ''}${generatorId}`;
}

export function flattenGroups(groups: readonly GeneratorGroup[]): PaletteOption[] {
  return groups.flatMap((group) =>
    group.items.map((generator) => ({ domId: optionDomId(group.id, generator.id), groupId: group.id, generator })),
  );
}

/**
 * The active option after the list changed: the same one if it is still listed, else the first.
 * This keeps aria-activedescendant pointing at an option that exists.
 */
export function resolveActive(options: readonly PaletteOption[], activeDomId: string | null): string | null {
  if (activeDomId !== null && options.some((o) => o.domId === activeDomId)) return activeDomId;
  return options[0]?.domId ?? null;
}

/** Arrow Up/Down movement through the options, wrapping at the ends. */
export function moveActive(options: readonly PaletteOption[], activeDomId: string | null, step: 1 | -1): string | null {
  if (options.length === 0) return null;
  const index = options.findIndex((o) => o.domId === activeDomId);
  if (index === -1) return options[step === 1 ? 0 : options.length - 1].domId;
  return options[(index + step + options.length) % options.length].domId;
}
