// What the JSON editor offers while a property name is typed: the properties the route's schema
// declares for the object the caret is in, required ones first, those already written left out.
import type { JsonSchema } from '../../../../../protocol/types';

export interface PropertyOption {
  name: string;
  required: boolean;
  /** `string`, `integer | null`, `"a" | "b"` for an enum, … */
  type: string;
  description?: string;
}

/** The schema of the value at `segments` (property names and array indexes) below `root`. */
export function schemaAt(root: JsonSchema | undefined, segments: ReadonlyArray<string | number>): JsonSchema | undefined {
  let schema = root;
  for (const segment of segments) {
    if (!schema) return undefined;
    schema = typeof segment === 'number' ? schema.items : schema.properties?.[segment];
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

export function propertyOptions(schema: JsonSchema | undefined, present: ReadonlySet<string>): PropertyOption[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {})
    .filter(([name]) => !present.has(name))
    .map(([name, property]) => ({
      name,
      required: required.has(name),
      type: describeType(property),
      ...(property.description ? { description: property.description } : {}),
    }))
    .sort((a, b) => Number(b.required) - Number(a.required));
}
