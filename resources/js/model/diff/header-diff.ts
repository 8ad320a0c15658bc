// Headers compared by name (case does not matter; a repeated header is compared as its list of
// values in order). Names to ignore (Date, request ids) are given lower-case.
export interface HeaderChange {
  kind: 'added' | 'removed' | 'changed';
  /** The name as the right side spells it (the left one for a removed header). */
  name: string;
  before?: string;
  after?: string;
}

export function diffHeaders(left: readonly (readonly [string, string])[], right: readonly (readonly [string, string])[], ignore: ReadonlySet<string> = new Set()): HeaderChange[] {
  const a = byName(left);
  const b = byName(right);
  const changes: HeaderChange[] = [];
  for (const [key, { name, values }] of a) {
    if (ignore.has(key)) continue;
    const other = b.get(key);
    if (!other) changes.push({ kind: 'removed', name, before: values.join(', ') });
    else if (other.values.join('\n') !== values.join('\n')) changes.push({ kind: 'changed', name: other.name, before: values.join(', '), after: other.values.join(', ') });
  }
  for (const [key, { name, values }] of b) {
    if (!ignore.has(key) && !a.has(key)) changes.push({ kind: 'added', name, after: values.join(', ') });
  }
  return changes;
}

function byName(headers: readonly (readonly [string, string])[]): Map<string, { name: string; values: string[] }> {
  const map = new Map<string, { name: string; values: string[] }>();
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    const entry = map.get(key);
    if (entry) entry.values.push(value);
    else map.set(key, { name, values: [value] });
  }
  return map;
}
