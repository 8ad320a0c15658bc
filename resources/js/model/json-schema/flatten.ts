// A schema as its readers need it: its `$ref` followed and its `allOf` merged into one schema.
// Auto-fill picks values from it and the Docs panel lists its fields. Apart from refs.ts so the
// first screen, which links schemas, does not carry the merge.
import type { JsonSchema } from '../../../../protocol/types';
import { mergeSchemas } from '../../../../protocol/json-schema-merge.js';
import { resolveRef } from './refs';

/** A schema with its `$ref` followed and its `allOf` merged; `def` names the shared schema it came from. */
export function flattenSchema(schema: JsonSchema, root: JsonSchema | undefined): { schema: JsonSchema; def?: string } {
  const { schema: resolved, name } = schema.$ref !== undefined ? resolveRef(schema, root) : { schema, name: undefined };
  if (!resolved.allOf || resolved.allOf.length === 0) return { schema: resolved, def: name };
  const { allOf, ...own } = resolved;
  const parts = allOf.map((part) => flattenSchema(part, root).schema);
  return { schema: mergeSchemas([...parts, own]), def: name };
}
