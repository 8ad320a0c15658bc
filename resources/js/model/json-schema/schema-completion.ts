// What the JSON editor offers while a property name is typed: the properties the route's schema
// declares for the object the caret is in, required ones first, those already written left out.
import type { JsonSchema } from '../../../../protocol/types';
import { resolveRef } from './refs';

/** A schema with its `$ref` followed into the root's `$defs` (routes share schemas there). */
const followed = (schema: JsonSchema | undefined, root: JsonSchema | undefined) => (schema ? resolveRef(schema, root).schema : undefined);

export interface PropertyOption {
  name: string;
  required: boolean;
  /** `string`, `integer | null`, `"a" | "b"` for an enum, … */
  type: string;
  description?: string;
}

/** The schema of the value at `segments` (property names and array indexes) below `root`. */
export function schemaAt(root: JsonSchema | undefined, segments: ReadonlyArray<string | number>): JsonSchema | undefined {
  let schema = followed(root, root);
  for (const segment of segments) {
    if (!schema) return undefined;
    schema = followed(typeof segment === 'number' ? schema.items : schema.properties?.[segment], root);
  }
  return schema;
}

export function describeType(schema: JsonSchema): string {
  if (schema.enum?.length) return schema.enum.map((option) => JSON.stringify(option)).join(' | ');
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const named = types.map((type) => (type === 'array' && schema.items ? `${describeType(schema.items)}[]` : type));
  const base = named.join(' | ') || 'any';
  return schema.format ? `${base} (${schema.format})` : base;
}

/** `root`: the schema the `$ref`s of the properties resolve against (the route's body schema). */
export function propertyOptions(schema: JsonSchema | undefined, present: ReadonlySet<string>, root?: JsonSchema): PropertyOption[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {})
    .filter(([name]) => !present.has(name))
    .map(([name, declared]) => {
      const property = followed(declared, root) ?? declared;
      return {
        name,
        required: required.has(name),
        type: describeType(property),
        ...(property.description ? { description: property.description } : {}),
      };
    })
    .sort((a, b) => Number(b.required) - Number(a.required));
}
