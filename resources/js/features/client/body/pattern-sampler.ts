// Strings that match a schema's `pattern`, within its minLength/maxLength: randexp draws them with
// auto-fill's seeded random, so a seed still gives the same payload. Loaded with the auto-fill kit
// (autofill-kit.ts), never with the initial bundle.
import RandExp from 'randexp';

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

/** Printable ASCII: what `.` and negated classes draw from. */
const PRINTABLE: [number, number] = [33, 126];

export function samplePattern(pattern: string, random: () => number, minLength = 0, maxLength?: number): string | undefined {
  const regex = compile(pattern);
  if (!regex) return undefined;
  const fits = (text: string) => regex.test(text) && [...text].length >= minLength && (maxLength === undefined || [...text].length <= maxLength);
  // Repetitions (`+`, `*`, `{2,}`) draw at most `max` extra items: start small, grow when too short.
  let max = Math.max(1, Math.min(8, maxLength ?? 8));
  for (let attempt = 0; attempt < 16; attempt += 1) {
    let text: string;
    try {
      const generator = new RandExp(regex);
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
  }
  return undefined;
}
