/** A plain object (not null, not an array): what stored JSON or IndexedDB values are checked against. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
