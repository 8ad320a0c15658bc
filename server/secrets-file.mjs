// @ts-check
// `kite run --secrets FILE`: the secret values of a run, from a file the CI or the developer keeps
// outside the workspace (the workspace is committed; a secret never goes there). Two forms: dotenv
// (`token=…` or `KITE_VAR_token=…` lines, `#` comments, `export ` allowed, values optionally in
// quotes) or a JSON object of name → value. A line that does not read is an error naming the file
// and the line, and the file's values are never part of the message.
import { SECRET_ENV_PREFIX } from '../protocol/endpoints.js';

export class SecretsFileError extends Error {}

/** A variable name as `{{name}}` takes it, with the KITE_VAR_ prefix allowed (and taken off). */
const NAME = /^[A-Za-z0-9_.-]+$/;

const unprefixed = (/** @type {string} */ name) => (name.startsWith(SECRET_ENV_PREFIX) && name.length > SECRET_ENV_PREFIX.length ? name.slice(SECRET_ENV_PREFIX.length) : name);

/**
 * The secret values a file gives, by variable name.
 * @param {string} name the file as named on the command line (for messages)
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseSecretsFile(name, text) {
  const body = text.replace(/^\uFEFF/, '');
  return /\.json$/i.test(name) || body.trimStart().startsWith('{') ? jsonSecrets(name, body) : dotenvSecrets(name, body);
}

/** @param {string} name @param {string} text */
function jsonSecrets(name, text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // JSON.parse's message quotes the text near the problem, which may be a secret: only where it is.
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    const line = position === undefined ? undefined : text.slice(0, Number(position)).split('\n').length;
    throw new SecretsFileError(`${name}${line ? ` line ${line}` : ''}: not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SecretsFileError(`${name}: a JSON secrets file is an object of name: value`);
  /** @type {Record<string, string>} */
  const secrets = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!NAME.test(unprefixed(key))) throw new SecretsFileError(`${name}: '${key}' is not a variable name (letters, digits, _ . -)`);
    if (typeof value === 'object' && value !== null) throw new SecretsFileError(`${name}: the value of ${key} is not text or a number`);
    secrets[unprefixed(key)] = value === null ? '' : String(value);
  }
  return secrets;
}

/** @param {string} name @param {string} text */
function dotenvSecrets(name, text) {
  /** @type {Record<string, string>} */
  const secrets = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([^=\s]+)\s*=\s*(.*)$/.exec(line);
    if (!match) throw new SecretsFileError(`${name} line ${index + 1}: expected NAME=value`);
    const key = unprefixed(match[1]);
    if (!NAME.test(key)) throw new SecretsFileError(`${name} line ${index + 1}: '${match[1]}' is not a variable name (letters, digits, _ . -)`);
    secrets[key] = dotenvValue(match[2], name, index + 1);
  }
  return secrets;
}

/** A dotenv value: in double quotes (\n and \" read), in single quotes (as it is), or bare up to a ` #` comment. */
function dotenvValue(/** @type {string} */ text, /** @type {string} */ name, /** @type {number} */ line) {
  const quote = text[0];
  if (quote === '"' || quote === "'") {
    let close = quote === "'" ? text.indexOf("'", 1) : -1;
    if (quote === '"') {
      for (let i = 1; i < text.length; i += 1) {
        if (text[i] === '\\') i += 1;
        else if (text[i] === '"') {
          close = i;
          break;
        }
      }
    }
    if (close === -1) throw new SecretsFileError(`${name} line ${line}: the quoted value is not closed`);
    const rest = text.slice(close + 1).trim();
    if (rest !== '' && !rest.startsWith('#')) throw new SecretsFileError(`${name} line ${line}: unexpected text after the quoted value`);
    const inner = text.slice(1, close);
    return quote === "'" ? inner : inner.replace(/\\(.)/g, (_whole, char) => (char === 'n' ? '\n' : char === 'r' ? '\r' : char === 't' ? '\t' : char));
  }
  return text.replace(/\s+#.*$/, '').trim();
}
