// Strings that match a schema's `pattern`, within its minLength/maxLength: randexp draws them with
// auto-fill's seeded random, so a seed still gives the same payload. Loaded with the auto-fill kit
// (autofill-kit.ts), never with the initial bundle. randexp cannot draw lookarounds (`(?=…)`,
// `(?!…)`, `(?<=…)`, `(?<!…)`: it fails on lookbehinds and ignores the rest), so a pattern with them
// is drawn from its lookaround-free core and every draw is checked with the real RegExp (unicode
// flag, as the validators compile it), retried a bounded number of times.
import RandExp from 'randexp';
import { groupEnd } from './regex-groups';

function compile(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // try without the unicode flag
    }
  }
  return undefined;
}

/** The pattern with its lookaround groups taken out (escapes and character classes respected). */
export function withoutLookarounds(pattern: string): string {
  let result = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') {
      result += pattern.slice(i, i + 2);
      i += 1;
    } else if (inClass) {
      if (char === ']') inClass = false;
      result += char;
    } else if (char === '[') {
      inClass = true;
      result += char;
    } else if (char === '(' && /^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) {
      i = groupEnd(pattern, i); // the whole group is left out
    } else result += char;
  }
  return result;
}

/** Draws per pattern before giving up: enough for lookarounds that refuse a few draws. */
const ATTEMPTS = 48;

/** Repetition bounds tried in turn for a pattern whose lookarounds refuse a draw. */
const REPEATS = [0, 1, 2, 4, 8, 16];

/** Printable ASCII: what `.` and negated classes draw from. */
const PRINTABLE: [number, number] = [33, 126];

export function samplePattern(pattern: string, random: () => number, minLength = 0, maxLength?: number): string | undefined {
  const regex = compile(pattern);
  if (!regex) return undefined;
  const fits = (text: string) => regex.test(text) && [...text].length >= minLength && (maxLength === undefined || [...text].length <= maxLength);
  const core = withoutLookarounds(pattern);
  const source = core === pattern ? regex : compile(core);
  if (!source) return undefined;
  // Repetitions (`+`, `*`, `{2,}`) draw at most `max` extra items: start small, grow when too short.
  let max = Math.max(1, Math.min(8, maxLength ?? 8));
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    let text: string;
    try {
      const generator = new RandExp(source);
      generator.max = max;
      generator.defaultRange.subtract(0, 0x10ffff);
      generator.defaultRange.add(...PRINTABLE);
      generator.randInt = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
      text = generator.gen();
    } catch {
      return undefined;
    }
    if (fits(text)) return text;
    const length = [...text].length;
    if (length < minLength) {
      // An unanchored pattern matches inside a longer text: pad it.
      const padded = !pattern.endsWith('$') ? text.padEnd(minLength, text.at(-1) ?? 'a') : text;
      if (fits(padded)) return padded;
      max = Math.min(max * 2, Math.max(minLength, 1) * 2);
    } else if (maxLength !== undefined && length > maxLength) max = Math.max(0, Math.floor(max / 2));
    // Within the lengths but refused by a lookaround: try other repetition counts, short ones too
    // (Linode's `^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$` takes two characters only).
    else if (source !== regex) max = REPEATS[attempt % REPEATS.length];
  }
  return undefined;
}
