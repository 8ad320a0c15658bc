// Paths of values in a JSON document, written as JSONPath (`$.data[3].name`), and the patterns that
// pick paths to ignore in a diff (`$.data[*].updated_at`, `$..token`): `*` stands for any one key or
// index, `..` for any depth. Only this subset: a diff asks "is this path ignored?" for every value
// of a 10 MB body, so a pattern is parsed once into segments and matched against the path's stack.
export type PathSegment = string | number;

export type PatternSegment = { key: string } | { any: true } | { deep: true };

export type ParsedPattern = { ok: true; text: string; segments: PatternSegment[] } | { ok: false; text: string; error: string };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.data[3]['a b']`: the JSONPath of a value from its keys and indexes. */
export function formatPath(segments: readonly PathSegment[]): string {
  let path = '$';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment).replace(/^"|"$/g, "'")}]`;
  }
  return path;
}

/** The pattern that ignores this path in every item of its arrays: indexes become `[*]`. */
export function generalisePath(segments: readonly PathSegment[]): string {
  return formatPath(segments).replace(/\[\d+\]/g, '[*]');
}

/** Reads a pattern; what it cannot read is named, so the person can fix it. */
export function parsePattern(text: string): ParsedPattern {
  const source = text.trim();
  if (!source.startsWith('$')) return { ok: false, text, error: `"${text}" is not a JSON path: it starts with $ (e.g. $.data[*].updated_at)` };
  const segments: PatternSegment[] = [];
  let at = 1;
  while (at < source.length) {
    if (source.startsWith('..', at)) {
      segments.push({ deep: true });
      at += 2;
      const name = /^(\*|[A-Za-z_$][A-Za-z0-9_$]*)/.exec(source.slice(at));
      if (!name) return { ok: false, text, error: `"${text}": a name or * must follow ..` };
      segments.push(name[1] === '*' ? { any: true } : { key: name[1] as string });
      at += name[1]!.length;
    } else if (source[at] === '.') {
      const name = /^(\*|[A-Za-z_$][A-Za-z0-9_$-]*)/.exec(source.slice(at + 1));
      if (!name) return { ok: false, text, error: `"${text}": a name or * must follow . at character ${at + 1}` };
      segments.push(name[1] === '*' ? { any: true } : { key: name[1] as string });
      at += 1 + name[1]!.length;
    } else if (source[at] === '[') {
      const bracket = /^\[(\*|\d+|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\]/.exec(source.slice(at));
      if (!bracket) return { ok: false, text, error: `"${text}": [ at character ${at + 1} must hold *, an index or a quoted name` };
      const inner = bracket[1] as string;
      if (inner === '*') segments.push({ any: true });
      else if (/^\d+$/.test(inner)) segments.push({ key: inner });
      else segments.push({ key: inner.slice(1, -1).replace(/\\(.)/g, '$1') });
      at += bracket[0].length;
    } else {
      return { ok: false, text, error: `"${text}": unexpected "${source[at]}" at character ${at + 1}` };
    }
  }
  return { ok: true, text: source, segments };
}

/** Whether the path (keys and indexes from the root) is one the pattern names. */
export function matchesPattern(segments: readonly PatternSegment[], path: readonly PathSegment[]): boolean {
  return matchFrom(segments, 0, path, 0);
}

function matchFrom(pattern: readonly PatternSegment[], p: number, path: readonly PathSegment[], s: number): boolean {
  if (p === pattern.length) return s === path.length;
  const segment = pattern[p]!;
  if ('deep' in segment) {
    for (let skip = s; skip <= path.length; skip += 1) if (matchFrom(pattern, p + 1, path, skip)) return true;
    return false;
  }
  if (s === path.length) return false;
  if ('key' in segment && segment.key !== String(path[s])) return false;
  return matchFrom(pattern, p + 1, path, s + 1);
}
