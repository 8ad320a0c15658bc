// Whether a name (a header, a query parameter, a field, a variable) looks like it holds a
// credential: the one list of protocol/secret-names.json, read as the Laravel host reads it
// (src/Trace/Secrets.php), so the app and the hosts agree on what is secret.
import list from '../../../../protocol/secret-names.json';

const WORDS = new Set(list.words);
/** Phrases without their spaces: `api key` → `apikey`. */
const PHRASES = new Set(list.phrases.map((phrase) => phrase.replace(/ /g, '')));

/** `X-Api-Key` → [x, api, key]; `accessToken` → [access, token]; `APIKey` → [api, key]. */
function words(name: string): string[] {
  return name
    .split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

export function isSecretName(name: string): boolean {
  const parts = words(name);
  return parts.some(
    (word, index) =>
      WORDS.has(word) || PHRASES.has(word) || (word.endsWith('s') && WORDS.has(word.slice(0, -1))) || (index + 1 < parts.length && PHRASES.has(word + parts[index + 1])),
  );
}
