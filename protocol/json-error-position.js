// @ts-check
// Where JSON text breaks. Engines do not always say (V8 often names only the unexpected token), and
// people need a line and column to look at. Shared runtime: the Node host reports broken OpenAPI
// documents with it, the app's JSON editor and response viewer their syntax errors. Walk the text
// once, only after JSON.parse has failed.

/**
 * @param {string} text
 * @returns {number} offset of the first character that breaks the JSON grammar, or -1 when the text
 *   is valid JSON (a leading byte order mark is allowed)
 */
export function jsonErrorPosition(text) {
  let i = 0;
  const fail = () => {
    throw i;
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i += 1;
  };
  const literal = (/** @type {string} */ word) => {
    for (const char of word) {
      if (text[i] !== char) fail();
      i += 1;
    }
  };
  const string = () => {
    i += 1;
    while (i < text.length) {
      const char = text[i];
      if (char === '"') {
        i += 1;
        return;
      }
      if (char === '\\') {
        i += 1;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k += 1) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
            i += k;
            fail();
          }
          i += 5;
        } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i])) i += 1;
        else fail();
      } else if (char < ' ') fail();
      else i += 1;
    }
    fail();
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match || match[0] === '' || match[0] === '-') fail();
    i += /** @type {RegExpExecArray} */ (match)[0].length;
  };
  /** @returns {void} */
  const value = () => {
    space();
    const char = text[i];
    if (char === '{') {
      i += 1;
      space();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i += 1;
        value();
        space();
        if (text[i] === ',') i += 1;
        else if (text[i] === '}') {
          i += 1;
          return;
        } else fail();
      }
    }
    if (char === '[') {
      i += 1;
      space();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') i += 1;
        else if (text[i] === ']') {
          i += 1;
          return;
        } else fail();
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    return number();
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value();
    space();
    if (i < text.length) fail();
    return -1;
  } catch (position) {
    if (typeof position === 'number') return Math.min(position, text.length);
    throw position;
  }
}

/**
 * @param {string} text
 * @param {number} offset
 * @returns {{ line: number, column: number }} 1-based line and column of `offset`; lines end at
 *   `\n`, and an offset past the end counts on from the last line's start
 */
export function lineColumnAt(text, offset) {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
