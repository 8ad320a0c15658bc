// The Tests tab's schema check in the app: the builder's own JSON Schema validator (the protocol's
// subset, `$ref`s into the schema's `$defs`), so ajv stays out of the browser's chunks.
import type { JsonSchema } from '../../../../protocol/types';
import { validateJson } from '../../model/json-schema/json-schema-validate';

const MAX_PROBLEMS = 3;

export function schemaProblems(value: unknown, schema: JsonSchema): string[] {
  return validateJson(value, schema, { maxErrors: MAX_PROBLEMS }).map((error) => `${error.path}: ${error.message}`);
}
