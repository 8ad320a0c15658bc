// Reading a regular expression's text: where a group ends, with escapes and character classes
// respected. Shared by the pattern sampler (which drops lookaround groups) and the satisfiability
// check (which steps over groups), so both read a pattern the same way.

/**
 * The index of the `)` that closes the group opened at `open` (a `(`), or the pattern's length when
 * the group is never closed.
 */
export function groupEnd(pattern: string, open: number): number {
  let depth = 0;
  let inClass = false;
  let i = open;
  for (; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') i += 1;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) break;
  }
  return i;
}
