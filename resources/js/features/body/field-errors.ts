// Laravel's validation answer (422 `{"message": …, "errors": {"items.0.name": ["…"]}}`, which the
// Node demo API answers too) mapped onto the request's fields: JSON body locations, form and
// multipart rows, query rows. A message stands while its field still has the value it was sent
// with; editing the field (or sending again) clears it. The field's Laravel rules, where the route's
// schema carries them (`x-rules`), are named beside the message.
import type { JsonSchema } from '../../../../protocol/types';
import { childPath, locateJsonPaths } from '../../model/json-schema/json-path';

/** Dotted field path (`items.0.name`) → messages. */
export type FieldMessages = Record<string, string[]>;

/** The `errors` of a validation answer, or null when `text` is not one (any status the caller chose). */
export function validationErrorsOf(text: string): FieldMessages | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const errors = (parsed as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const result: FieldMessages = {};
  for (const [path, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((message): message is string => typeof message === 'string');
    if (list.length > 0) result[path] = list;
  }
  return Object.keys(result).length > 0 ? result : null;
}

const segmentsOf = (dotted: string): string[] => (dotted === '' ? [] : dotted.split('.'));

/** `items.0.name` → `$.items[0].name` (json-path.ts's form); a numeric segment is an index. */
export function dottedToJsonPath(dotted: string): string {
  return segmentsOf(dotted).reduce<string>((path, segment) => childPath(path, /^\d+$/.test(segment) ? Number(segment) : segment), '$');
}

/** A form field name (`items[0][name]`, `tags[]`) → Laravel's dotted path (`items.0.name`, `tags`). */
export function formNameToDotted(name: string): string {
  return name.replace(/\[\]$/, '').replace(/\[([^\]]*)\]/g, '.$1');
}

/** The value at a dotted path in a parsed document; undefined when absent. */
export function valueAtDotted(document: unknown, dotted: string): unknown {
  let current = document;
  for (const segment of segmentsOf(dotted)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** The Laravel rules of the field at `dotted` in `schema` (its `x-rules`), where the host gave them. */
export function rulesAt(schema: JsonSchema | undefined, dotted: string): string[] | undefined {
  let node = schema;
  for (const segment of segmentsOf(dotted)) {
    if (!node) return undefined;
    node = node.properties?.[segment] ?? (/^\d+$/.test(segment) ? node.items : undefined);
  }
  return node?.['x-rules'];
}

/** "The email must be valid. (rule: required|email)" */
export function fieldMessage(messages: readonly string[], rules: readonly string[] | undefined): string {
  const text = messages.join(' ');
  return rules && rules.length > 0 ? `${text} (rule: ${rules.join('|')})` : text;
}

export interface JsonFieldProblem {
  /** The dotted path as the answer named it. */
  field: string;
  message: string;
  /** Where the field's value is in the current text; the document's start when it is absent. */
  from: number;
  to: number;
  /** False when the field is not in the body: the message is shown at the top level. */
  placed: boolean;
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The JSON body's standing problems: each error whose field still has the value it was sent with
 * (an absent field stays absent), located in `current`. A text that does not parse shows none.
 */
export function jsonFieldProblems(errors: FieldMessages, sentText: string, current: string, schema?: JsonSchema): JsonFieldProblem[] {
  const now = parseOrUndefined(current);
  if (now === undefined) return [];
  const sent = parseOrUndefined(sentText);
  const standing = Object.keys(errors).filter((field) => sameValue(valueAtDotted(sent, field), valueAtDotted(now, field)));
  const located = locateJsonPaths(current, standing.map(dottedToJsonPath));
  const start = current.length - current.trimStart().length;
  return standing.map((field) => {
    const range = located.get(dottedToJsonPath(field));
    const message = fieldMessage(errors[field]!, rulesAt(schema, field));
    return range ? { field, message, ...range, placed: true } : { field, message, from: start, to: Math.min(start + 1, current.length), placed: false };
  });
}

/** A form, multipart or query row: what a message is matched by. */
interface NamedRow {
  id: string;
  name: string;
  value: string;
}

/** Row id → message, for rows whose field has errors and whose name and value are as sent. */
export function rowProblems(errors: FieldMessages, sentRows: readonly NamedRow[], rows: readonly NamedRow[], schema?: JsonSchema): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const row of rows) {
    const field = formNameToDotted(row.name);
    const messages = errors[field];
    const sent = sentRows.find((other) => other.id === row.id);
    if (messages && sent && sent.name === row.name && sent.value === row.value) problems[row.id] = fieldMessage(messages, rulesAt(schema, field) ?? schema?.properties?.[row.name]?.['x-rules']);
  }
  return problems;
}
