// @ts-check
// `Server-Timing` response headers (W3C Server Timing) read into the protocol's trace timings, so
// the app shows a target's own measures for any target the Node host relays to.

/**
 * @param {Array<[string, string]>} headers the target's headers, in order
 * @returns {import('../../protocol/types').TraceTiming[]}
 */
export function serverTimings(headers) {
  /** @type {import('../../protocol/types').TraceTiming[]} */
  const timings = [];
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'server-timing') continue;
    for (const entry of splitOutsideQuotes(value, ',')) {
      const [metric, ...params] = splitOutsideQuotes(entry, ';').map((part) => part.trim());
      if (!metric || !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(metric)) continue;
      /** @type {import('../../protocol/types').TraceTiming} */
      const timing = { name: metric };
      for (const param of params) {
        const eq = param.indexOf('=');
        if (eq < 0) continue;
        const key = param.slice(0, eq).trim().toLowerCase();
        let text = param.slice(eq + 1).trim();
        if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1).replace(/\\(.)/g, '$1');
        if (key === 'dur' && timing.durationMs === undefined) {
          const duration = Number(text);
          if (text !== '' && Number.isFinite(duration) && duration >= 0) timing.durationMs = duration;
        } else if (key === 'desc' && timing.description === undefined) {
          timing.description = text;
        }
      }
      timings.push(timing);
    }
  }
  return timings;
}

/**
 * @param {string} text
 * @param {string} separator one character
 */
function splitOutsideQuotes(text, separator) {
  /** @type {string[]} */
  const parts = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + text[++i];
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}
