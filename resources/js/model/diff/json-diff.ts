// Structural diff of two parsed JSON values: the paths added, removed and changed. Array items are
// matched by a key (`id` unless set otherwise) when every item of both arrays is an object with a
// distinct scalar value there, so an item that moved or a new one at the top is one change, not a
// change at every index after it; other arrays are compared index by index. A single walk over
// both values with one path stack: for two 10 MB bodies it costs less than parsing them.
import { formatPath, generalisePath, matchesPattern, type PathSegment, type PatternSegment } from './json-path-pattern';

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface JsonChange {
  kind: ChangeKind;
  /** Where, as JSONPath; an item matched by key is named by its index in the side that has it (the right one when both). */
  path: string;
  /** The pattern "Ignore this path" adds: indexes as [*], so every item of the array is ignored. */
  pattern: string;
  /** The value on each side as compact JSON, cut to PREVIEW_CHARS (absent on the side that lacks it). */
  before?: string;
  after?: string;
}

export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
}

export interface JsonDiff {
  /** The first `limit` changes in document order. */
  changes: JsonChange[];
  counts: ChangeCounts;
}

export interface JsonDiffOptions {
  /** The key array items are matched by; null compares arrays index by index. Default `id`. */
  arrayKey?: string | null;
  /** Parsed ignore patterns (see json-path-pattern.ts): values there, and under them, are not compared. */
  ignore?: readonly PatternSegment[][];
  /** How many changes are listed; all are counted. Default 500. */
  limit?: number;
}

export const PREVIEW_CHARS = 160;
export const DEFAULT_ARRAY_KEY = 'id';
export const DEFAULT_CHANGE_LIMIT = 500;

export function totalChanges(counts: ChangeCounts): number {
  return counts.added + counts.removed + counts.changed;
}

export function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

export function diffJson(left: unknown, right: unknown, options: JsonDiffOptions = {}): JsonDiff {
  const arrayKey = options.arrayKey === undefined ? DEFAULT_ARRAY_KEY : options.arrayKey;
  const ignore = options.ignore ?? [];
  const limit = options.limit ?? DEFAULT_CHANGE_LIMIT;
  const changes: JsonChange[] = [];
  const counts: ChangeCounts = { added: 0, removed: 0, changed: 0 };
  const path: PathSegment[] = [];

  const record = (kind: ChangeKind, before: unknown, after: unknown) => {
    counts[kind] += 1;
    if (changes.length >= limit) return;
    const change: JsonChange = { kind, path: formatPath(path), pattern: generalisePath(path) };
    if (kind !== 'added') change.before = preview(before);
    if (kind !== 'removed') change.after = preview(after);
    changes.push(change);
  };
  const ignored = () => ignore.length > 0 && ignore.some((pattern) => matchesPattern(pattern, path));

  const walk = (a: unknown, b: unknown): void => {
    if (a === b || ignored()) return;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
      record('changed', a, b);
      return;
    }
    if (Array.isArray(a)) walkArrays(a, b as unknown[]);
    else walkObjects(a as Record<string, unknown>, b as Record<string, unknown>);
  };

  const walkObjects = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const key in a) {
      const before = a[key];
      const present = Object.prototype.hasOwnProperty.call(b, key);
      // Most values of two similar bodies are equal scalars: skipped here, without a step of the path.
      if (present && before === b[key]) continue;
      path.push(key);
      if (!present) {
        if (!ignored()) record('removed', before, undefined);
      } else walk(before, b[key]);
      path.pop();
    }
    for (const key in b) {
      if (Object.prototype.hasOwnProperty.call(a, key)) continue;
      path.push(key);
      if (!ignored()) record('added', undefined, b[key]);
      path.pop();
    }
  };

  const walkArrays = (a: unknown[], b: unknown[]) => {
    const leftKeys = arrayKey === null ? null : keysOf(a, arrayKey);
    const rightKeys = leftKeys && arrayKey !== null ? keysOf(b, arrayKey) : null;
    if (leftKeys && rightKeys) {
      walkByKey(a, b, leftKeys, rightKeys);
      return;
    }
    const common = Math.min(a.length, b.length);
    for (let index = 0; index < common; index += 1) {
      if (a[index] === b[index]) continue;
      path.push(index);
      walk(a[index], b[index]);
      path.pop();
    }
    for (let index = common; index < a.length; index += 1) {
      path.push(index);
      if (!ignored()) record('removed', a[index], undefined);
      path.pop();
    }
    for (let index = common; index < b.length; index += 1) {
      path.push(index);
      if (!ignored()) record('added', undefined, b[index]);
      path.pop();
    }
  };

  const walkByKey = (a: unknown[], b: unknown[], leftKeys: unknown[], rightKeys: unknown[]) => {
    const rightIndex = new Map<unknown, number>();
    rightKeys.forEach((key, index) => rightIndex.set(key, index));
    const leftIndex = new Set(leftKeys);
    for (let index = 0; index < a.length; index += 1) {
      const match = rightIndex.get(leftKeys[index]);
      if (match === undefined) {
        path.push(index);
        if (!ignored()) record('removed', a[index], undefined);
      } else {
        path.push(match);
        walk(a[index], b[match]);
      }
      path.pop();
    }
    for (let index = 0; index < b.length; index += 1) {
      if (leftIndex.has(rightKeys[index])) continue;
      path.push(index);
      if (!ignored()) record('added', undefined, b[index]);
      path.pop();
    }
  };

  walk(left, right);
  return { changes, counts };
}

/**
 * The key of each item when every item is an object with a distinct string or number at `key`;
 * null otherwise (then the array is compared index by index).
 */
function keysOf(items: unknown[], key: string): unknown[] | null {
  if (items.length === 0) return [];
  const keys: unknown[] = new Array(items.length);
  const seen = new Set<unknown>();
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
    const value = (item as Record<string, unknown>)[key];
    if ((typeof value !== 'string' && typeof value !== 'number') || seen.has(value)) return null;
    seen.add(value);
    keys[index] = value;
  }
  return keys;
}
