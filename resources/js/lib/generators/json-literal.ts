// A generated value as a JSON value, for the JSON body editor: numbers and booleans bare, every
// other value a JSON string. Apart from the generators so the body editor needs none of them.

/** Generators whose text is a number (within their options), written bare in JSON. */
const NUMBER_GENERATORS = new Set(['int', 'float', 'bigint', 'timestamp']);
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The JSON text of a generator's value: `42`, `true`, or `"Clyde73@gmail.com"`. */
export function generatedJsonLiteral(text: string, generator: string | undefined): string {
  if (generator === 'boolean-as-string' && (text === 'true' || text === 'false')) return text;
  if (generator !== undefined && NUMBER_GENERATORS.has(generator) && JSON_NUMBER.test(text)) return text;
  return JSON.stringify(text);
}
