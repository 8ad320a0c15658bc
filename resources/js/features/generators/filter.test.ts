import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../lib/generators/categories';
import { GENERATOR_CATALOG } from '../../lib/generators/catalog';
import { filterGenerators, flattenGroups, groupGenerators, moveActive, resolveActive } from './filter';

const ids = (list: { id: string }[]) => list.map((g) => g.id);

describe('filtering generators', () => {
  it('no search and no category lists all 48', () => {
    expect(filterGenerators(GENERATOR_CATALOG, { search: '', category: null })).toHaveLength(48);
  });

  it('the text matches the name, case-insensitively', () => {
    expect(ids(filterGenerators(GENERATOR_CATALOG, { search: 'UUID', category: null }))).toEqual(['uuid']);
    expect(ids(filterGenerators(GENERATOR_CATALOG, { search: 'first n', category: null }))).toEqual(['first-name']);
  });

  it('the text matches the description too', () => {
    const found = ids(filterGenerators(GENERATOR_CATALOG, { search: 'luhn', category: null }));
    expect(found).toEqual(['credit-card-number']);
  });

  it('the category id must equal the selected one', () => {
    const found = filterGenerators(GENERATOR_CATALOG, { search: '', category: 'person' });
    expect(ids(found)).toEqual(['first-name', 'last-name', 'full-name', 'job-title', 'bio']);
    expect(filterGenerators(GENERATOR_CATALOG, { search: 'email', category: 'person' })).toEqual([]);
    expect(ids(filterGenerators(GENERATOR_CATALOG, { search: 'name', category: 'company' }))).toEqual(['company-name']);
  });

  it('nothing matching gives an empty list', () => {
    expect(filterGenerators(GENERATOR_CATALOG, { search: 'zzzz', category: null })).toEqual([]);
  });
});

describe('grouping', () => {
  it("puts a 'Recent' group first, then one group per category in order", () => {
    const groups = groupGenerators(GENERATOR_CATALOG, ['email', 'uuid'], CATEGORIES);
    expect(groups[0]).toMatchObject({ id: 'recent', name: 'Recent' });
    expect(ids(groups[0].items)).toEqual(['email', 'uuid']);
    expect(groups.slice(1).map((g) => g.id)).toEqual(CATEGORIES.map((c) => c.id));
  });

  it("leaves out 'Recent' when empty and categories without matches", () => {
    const filtered = filterGenerators(GENERATOR_CATALOG, { search: 'name', category: null });
    const groups = groupGenerators(filtered, ['uuid'], CATEGORIES);
    expect(groups.map((g) => g.id)).toEqual(['person', 'location', 'internet', 'company']);
  });

  it('a recent generator appears in both groups with distinct option ids', () => {
    const options = flattenGroups(groupGenerators(GENERATOR_CATALOG, ['uuid'], CATEGORIES));
    const uuidOptions = options.filter((o) => o.generator.id === 'uuid');
    expect(uuidOptions.map((o) => o.domId)).toEqual(['kite-generator-recent-uuid', 'kite-generator-uuid']);
    expect(new Set(options.map((o) => o.domId)).size).toBe(options.length);
  });
});

describe('the active option', () => {
  const all = flattenGroups(groupGenerators(GENERATOR_CATALOG, [], CATEGORIES));

  it('stays on the same option when it is still listed after filtering', () => {
    const narrowed = flattenGroups(groupGenerators(filterGenerators(GENERATOR_CATALOG, { search: 'e', category: null }), [], CATEGORIES));
    expect(resolveActive(narrowed, 'kite-generator-email')).toBe('kite-generator-email');
  });

  it('moves to the first option when the active one was filtered out, and to none when empty', () => {
    const narrowed = flattenGroups(groupGenerators(filterGenerators(GENERATOR_CATALOG, { search: 'uuid', category: null }), [], CATEGORIES));
    expect(resolveActive(narrowed, 'kite-generator-email')).toBe('kite-generator-uuid');
    expect(resolveActive([], 'kite-generator-email')).toBeNull();
  });

  it('Arrow keys move through the options and wrap around', () => {
    expect(moveActive(all, all[0].domId, 1)).toBe(all[1].domId);
    expect(moveActive(all, all[0].domId, -1)).toBe(all.at(-1)!.domId);
    expect(moveActive(all, all.at(-1)!.domId, 1)).toBe(all[0].domId);
    expect(moveActive([], null, 1)).toBeNull();
  });
});
