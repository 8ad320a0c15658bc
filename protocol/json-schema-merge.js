// @ts-check
// Merging the parts of an `allOf` into one schema. Shared runtime: the Node host merges what it can
// while converting OpenAPI documents, the app merges what a host left as `allOf` (a part that
// refers back to itself) when it fills or checks a value.

/** @typedef {import('./types').JsonSchema} JsonSchema */

/** Numeric keywords whose tightest value wins. */
const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);

/**
 * Properties and required lists are united (a property two parts describe differently keeps both,
 * as an allOf), bounds take the tightest value, types and enums intersect, `additionalProperties:
 * false` anywhere stays (and leaves only the properties every closed part names), a second oneOf/anyOf becomes an allOf part, and the first part that names
 * any other keyword wins. Parts that contradict each other (types or enums with nothing in common,
 * two consts) keep the first part's keyword for the form to show, and both as allOf parts, so the
 * merged schema still accepts no value (lib/json-schema/satisfiable.ts names the contradiction).
 * @param {JsonSchema[]} parts
 * @returns {JsonSchema}
 */
export function mergeSchemas(parts) {
  /** @type {any} */
  const merged = {};
  /** @type {string[]} */
  const comments = [];
  /** @type {JsonSchema[]} */
  const conflicts = [];
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined) continue;
      if (key === 'properties') merged.properties = mergeProperties(merged.properties ?? {}, value);
      else if (key === 'required') merged.required = [...new Set([...(merged.required ?? []), ...value])];
      else if (key === '$comment') comments.push(value);
      else if (key === 'type' && merged.type !== undefined) {
        const both = intersectTypes(merged.type, value);
        if (both === undefined) conflicts.push({ type: merged.type }, { type: value });
        else merged.type = both;
      } else if (key === 'enum' && merged.enum !== undefined) {
        const both = merged.enum.filter((/** @type {unknown} */ a) => value.some((/** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b)));
        if (both.length) merged.enum = both;
        else conflicts.push({ enum: merged.enum }, { enum: value });
      } else if (key === 'const' && merged.const !== undefined) {
        if (JSON.stringify(merged.const) !== JSON.stringify(value)) conflicts.push({ const: merged.const }, { const: value });
      } else if (LOWER_BOUNDS.has(key) && typeof merged[key] === 'number') merged[key] = Math.max(merged[key], value);
      else if (UPPER_BOUNDS.has(key) && typeof merged[key] === 'number') merged[key] = Math.min(merged[key], value);
      else if (key === 'additionalProperties' && value === false) merged.additionalProperties = false;
      else if (key === 'allOf') merged.allOf = [...(merged.allOf ?? []), ...value];
      else if ((key === 'oneOf' || key === 'anyOf') && merged[key] !== undefined) merged.allOf = [...(merged.allOf ?? []), { [key]: value }];
      else if (merged[key] === undefined) merged[key] = value;
    }
  }
  // A part closed by `additionalProperties: false` refuses every property it does not name itself:
  // only the properties every closed part names can be given (a required one stays, so a schema
  // that accepts no value still shows why).
  const closed = parts.filter((part) => part.additionalProperties === false && /** @type {any} */ (part).patternProperties === undefined);
  if (closed.length && merged.properties) {
    const allowed = Object.keys(merged.properties).filter(
      (name) => (merged.required ?? []).includes(name) || closed.every((part) => part.properties !== undefined && Object.hasOwn(part.properties, name)),
    );
    if (allowed.length < Object.keys(merged.properties).length) merged.properties = Object.fromEntries(allowed.map((name) => [name, merged.properties[name]]));
  }
  if (merged.properties && merged.type === undefined) merged.type = 'object';
  if (conflicts.length) merged.allOf = [...(merged.allOf ?? []), ...conflicts.filter((part, index) => conflicts.findIndex((other) => JSON.stringify(other) === JSON.stringify(part)) === index)];
  if (comments.length) merged.$comment = [...new Set(comments)].join('; ');
  return merged;
}

/**
 * @param {Record<string, JsonSchema>} before
 * @param {Record<string, JsonSchema>} more
 */
function mergeProperties(before, more) {
  const properties = { ...before };
  for (const [name, schema] of Object.entries(more)) {
    const known = properties[name];
    const same = known === undefined || Object.keys(schema).length === 0 || JSON.stringify(known) === JSON.stringify(schema);
    properties[name] = same ? (known && Object.keys(schema).length === 0 ? known : schema) : Object.keys(known).length === 0 ? schema : { allOf: [known, schema] };
  }
  return properties;
}

/**
 * The types both allow; undefined when they share none.
 * @param {JsonSchema['type']} a
 * @param {JsonSchema['type']} b
 * @returns {JsonSchema['type']}
 */
function intersectTypes(a, b) {
  const left = Array.isArray(a) ? a : a ? [a] : [];
  const right = Array.isArray(b) ? b : b ? [b] : [];
  if (left.length === 0 || right.length === 0) return left.length ? a : b;
  /** @type {import('./types').JsonSchemaType[]} */
  const both = left.flatMap((t) => (right.includes(t) ? [t] : (t === 'number' && right.includes('integer')) || (t === 'integer' && right.includes('number')) ? ['integer'] : []));
  /** @type {import('./types').JsonSchemaType[]} */
  const unique = [...new Set(both)];
  if (unique.length === 0) return undefined;
  return unique.length === 1 ? unique[0] : unique;
}
