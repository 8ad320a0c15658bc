// Paths to values in a JSON document (`$.items[2].email`): how the validator names them, and where
// in the text each one is written, so a schema error can be underlined at its place in the editor.
// Locating is one pass over the text: only containers on the way to a wanted path are entered, all
// others are skipped as characters, so a 5 MB document with a few errors costs one scan.

/** `$` for the root, then `.name` and `[index]` segments (`["odd key"]` for other names). */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

export interface TextRange {
  from: number;
  to: number;
}

/** `$.a[0]["b c"]` → ['a', 0, 'b c']; null when the text is not such a path. */
export function parseJsonPath(path: string): Array<string | number> | null {
  if (!path.startsWith('$')) return null;
  const segments: Array<string | number> = [];
  let i = 1;
  while (i < path.length) {
    if (path[i] === '.') {
      const match = /^[A-Za-z_$][\w$]*/.exec(path.slice(i + 1));
      if (!match) return null;
      segments.push(match[0]);
      i += 1 + match[0].length;
    } else if (path[i] === '[' && path[i + 1] === '"') {
      let end = i + 2;
      while (end < path.length && path[end] !== '"') end += path[end] === '\\' ? 2 : 1;
      try {
        segments.push(JSON.parse(path.slice(i + 1, end + 1)) as string);
      } catch {
        return null;
      }
      if (path[end + 1] !== ']') return null;
      i = end + 2;
    } else if (path[i] === '[') {
      const match = /^\[(\d+)\]/.exec(path.slice(i));
      if (!match) return null;
      segments.push(Number(match[1]));
      i += match[0].length;
    } else return null;
  }
  return segments;
}

/**
 * The range of each wanted path's value in `text` (valid JSON): the whole token of a scalar, the
 * opening bracket of an object or array (underlining a whole object would mark the document).
 * Paths that are not in the text are left out of the answer.
 */
export function locateJsonPaths(text: string, paths: readonly string[]): Map<string, TextRange> {
  const found = new Map<string, TextRange>();
  const wanted = new Set(paths);
  const onTheWay = new Set<string>();
  for (const path of paths) {
    const segments = parseJsonPath(path);
    if (!segments) continue;
    let prefix = '$';
    onTheWay.add(prefix);
    for (const segment of segments) onTheWay.add((prefix = childPath(prefix, segment)));
  }
  if (onTheWay.size === 0) return found;

  let i = 0;
  const space = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++i));
  };
  const skipString = () => {
    i += 1;
    for (;;) {
      const quote = text.indexOf('"', i);
      if (quote === -1) return void (i = text.length);
      let slashes = 0;
      while (text.charCodeAt(quote - 1 - slashes) === 92) slashes += 1;
      i = quote + 1;
      if (slashes % 2 === 0) return;
    }
  };
  /** Skips any value without looking inside. */
  const skipValue = () => {
    const first = text[i];
    if (first === '"') return skipString();
    if (first !== '{' && first !== '[') {
      while (i < text.length && !',]} \t\n\r'.includes(text[i]!)) i += 1;
      return;
    }
    let depth = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        skipString();
        continue;
      }
      if (c === '{' || c === '[') depth += 1;
      else if (c === '}' || c === ']') {
        depth -= 1;
        if (depth === 0) return void (i += 1);
      }
      i += 1;
    }
  };
  const value = (path: string) => {
    space();
    const start = i;
    const first = text[i];
    if (!onTheWay.has(path)) return skipValue();
    if (first === '{' || first === '[') {
      if (wanted.has(path)) found.set(path, { from: start, to: start + 1 });
      const object = first === '{';
      i += 1;
      space();
      let index = 0;
      while (i < text.length && text[i] !== (object ? '}' : ']')) {
        let key: string | number = index;
        if (object) {
          const keyStart = i;
          skipString();
          key = JSON.parse(text.slice(keyStart, i)) as string;
          space();
          i += 1; // the colon
        }
        value(childPath(path, key));
        space();
        if (text[i] === ',') {
          i += 1;
          space();
        }
        index += 1;
      }
      i += 1;
      return;
    }
    skipValue();
    if (wanted.has(path)) found.set(path, { from: start, to: i });
  };
  value('$');
  return found;
}
