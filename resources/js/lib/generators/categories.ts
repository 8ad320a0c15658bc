// The 11 generator categories, in the order the palette shows them.
import type { Category, CategoryId } from './types';

export const CATEGORIES: readonly Category[] = [
  { id: 'text', name: 'Text', icon: 'type' },
  { id: 'numbers', name: 'Numbers', icon: 'hash' },
  { id: 'time', name: 'Date & Time', icon: 'clock' },
  { id: 'person', name: 'Person', icon: 'user' },
  { id: 'contact', name: 'Contact', icon: 'phone' },
  { id: 'location', name: 'Location', icon: 'map-pin' },
  { id: 'finance', name: 'Finance', icon: 'wallet' },
  { id: 'internet', name: 'Internet', icon: 'globe' },
  { id: 'company', name: 'Company', icon: 'building' },
  { id: 'identifiers', name: 'Identifiers', icon: 'fingerprint' },
  { id: 'data', name: 'Data', icon: 'database' },
];

const byId = new Map(CATEGORIES.map((category) => [category.id, category]));

export function categoryById(id: CategoryId): Category {
  const category = byId.get(id);
  if (!category) throw new Error(`Unknown generator category: ${id}`);
  return category;
}
