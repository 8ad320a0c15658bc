import { describe, expect, it } from 'vitest';
import { describeUnsatisfiable, patternNeverMatches, unsatisfiable } from './schema-satisfiable';

// Fragments of ReadMe's OpenAPI examples (@readme/oas-examples), as documents and as Kite converts them.
const treeNode = {
  $defs: {
    TreeNode: {
      type: 'object',
      required: ['id', 'name', 'parent'],
      properties: { id: { type: 'string' }, name: { type: 'string' }, parent: { $ref: '#/$defs/TreeNode' }, children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } } },
    },
    LinkedNode: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, next: { $ref: '#/$defs/LinkedNode' } } },
    Expression: { type: 'object', properties: { value: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/Expression' }] } } },
    Nullable: { type: 'object', required: ['parent'], properties: { parent: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Nullable' }] } } },
    Chained: { type: 'object', required: ['a'], properties: { a: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/Chained' }] } } },
    string1: { type: 'string' },
    string2: { type: 'string' },
    object1: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
    object2: { type: 'object', properties: { c: { type: 'string' }, d: { type: 'string' } } },
    Pet: { type: 'object', required: ['pet_type'], properties: { pet_type: { type: 'string' } } },
    Cat: { allOf: [{ $ref: '#/$defs/Pet' }, { type: 'object', properties: { hunts: { type: 'boolean' } } }] },
    Dog: { allOf: [{ $ref: '#/$defs/Pet' }, { type: 'object', properties: { bark: { type: 'boolean' } } }] },
  },
};
const inDoc = (schema: object) => ({ ...treeNode, ...schema });

describe('unsatisfiable', () => {
  it('proves an allOf of a string and an integer empty (schema-types: quirks/polymorphism)', () => {
    expect(unsatisfiable({ allOf: [{ type: 'string' }, { type: 'integer' }] })).toEqual({ reason: 'allOf of string and integer', path: '$' });
    // As Kite's converter keeps it: the first type for the form, both as allOf parts.
    const converted = { type: 'string', description: 'I am a description', allOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(describeUnsatisfiable(unsatisfiable(converted)!)).toBe('allOf of string and integer at $');
  });

  it('proves a required property that leads back to its own object with no way out empty (circular-request-bodies: TreeNode.parent)', () => {
    expect(unsatisfiable(inDoc({ $ref: '#/$defs/TreeNode' }))).toEqual({ reason: 'TreeNode requires itself again (a cycle with no way out)', path: '$.parent' });
  });

  it('finds a way out of a cycle: an optional link, a nullable branch, a oneOf branch that ends it', () => {
    expect(unsatisfiable(inDoc({ $ref: '#/$defs/LinkedNode' }))).toBeUndefined();
    expect(unsatisfiable(inDoc({ $ref: '#/$defs/Nullable' }))).toBeUndefined();
    expect(unsatisfiable(inDoc({ $ref: '#/$defs/Expression' }))).toBeUndefined();
    // The same shared schema further down, but with more asked of it than of itself: not closed.
    expect(unsatisfiable(inDoc({ allOf: [{ $ref: '#/$defs/Chained' }, { properties: { a: { type: 'object' } } }] }))).toBeUndefined();
  });

  it('proves a oneOf whose branches accept the same values empty (polymorphism: nested-one-of-ref, one-of-with-type)', () => {
    expect(unsatisfiable(inDoc({ oneOf: [{ $ref: '#/$defs/string1' }, { $ref: '#/$defs/string2' }] }))?.reason).toBe(
      'oneOf whose branches 1 (string1) and 2 (string2) accept the same values (no value matches exactly one)',
    );
    expect(unsatisfiable({ type: 'string', oneOf: [{ description: 'oneof one' }, { description: 'oneof two' }] })?.path).toBe('$');
  });

  it('leaves overlapping oneOf branches alone when a value can still tell them apart, or a discriminator does', () => {
    expect(unsatisfiable(inDoc({ oneOf: [{ $ref: '#/$defs/object1' }, { $ref: '#/$defs/object2' }] }))).toBeUndefined();
    expect(unsatisfiable(inDoc({ oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }] }))).toBeUndefined();
    expect(unsatisfiable({ oneOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] })).toBeUndefined();
    expect(unsatisfiable(inDoc({ oneOf: [{ $ref: '#/$defs/string1' }, { $ref: '#/$defs/string2' }], discriminator: { propertyName: 'kind' } }))).toBeUndefined();
  });

  it('names an optional property as satisfiable (it can be left out) and a required one at its path', () => {
    const incompatible = { allOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(unsatisfiable({ type: 'object', properties: { incompatible } })).toBeUndefined();
    expect(unsatisfiable({ type: 'object', required: ['incompatible'], properties: { incompatible } })).toEqual({ reason: 'allOf of string and integer', path: '$.incompatible' });
  });

  it('proves enums, consts and bounds with nothing in common empty, and leaves what it cannot tell', () => {
    expect(unsatisfiable({ allOf: [{ enum: ['a', 'b'] }, { enum: ['c'] }] })?.reason).toBe('enum ["a","b"] and enum ["c"] have no value in common');
    expect(unsatisfiable({ type: 'integer', minimum: 5, maximum: 3 })?.reason).toBe('no number between 5 and 3');
    expect(unsatisfiable({ type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 2 })?.reason).toBe('no integer between 1 and 2');
    expect(unsatisfiable({ type: 'string', minLength: 4, maxLength: 2 })?.reason).toBe('minLength 4 above maxLength 2');
    expect(unsatisfiable({ type: 'object', required: ['x'], properties: {}, additionalProperties: false })?.reason).toBe('"x" is required but additionalProperties: false leaves it out');
    // Bounds of another kind of value: a string meets them.
    expect(unsatisfiable({ minimum: 5, maximum: 3 })).toBeUndefined();
    expect(unsatisfiable({ $ref: '#/components/schemas/Missing' })).toBeUndefined();
    expect(unsatisfiable({ oneOf: [{ type: 'string', not: { const: 'x' } }, { type: 'string' }] })).toBeUndefined();
    // Formats are checked by validators: an email or any other string.
    expect(unsatisfiable({ oneOf: [{ type: 'string', format: 'email' }, { type: 'string' }] })).toBeUndefined();
    expect(unsatisfiable({ enum: [] })?.reason).toBe('enum [] lists no value');
    // What sits beside the oneOf counts for every branch: maxLength 3 beside, so both branches are the same.
    expect(unsatisfiable({ type: 'string', maxLength: 3, oneOf: [{ type: 'string' }, { maxLength: 3 }] })?.reason).toMatch(/^oneOf whose branches/);
  });

  it('reads OpenAPI documents through JSON pointers', () => {
    const doc = { components: { schemas: { A: { allOf: [{ type: 'string' }, { type: 'integer' }] } } } };
    expect(unsatisfiable({ type: 'object', required: ['a'], properties: { a: { $ref: '#/components/schemas/A' } } }, doc)).toEqual({ reason: 'allOf of string and integer', path: '$.a' });
  });

  it('proves a pattern written with its slashes empty where ^ follows the slash (PeerTube)', () => {
    const peertube = '/^\\d{4}-\\d{2}-\\d{2}T(0[0-9]|1[0-9]|2[0-3])(:[0-5][0-9]){2}(\\-(0[0-9]|1[0-2])|\\+(0[0-9]|1[0-4]))[0-5][0-9]$/';
    expect(describeUnsatisfiable(unsatisfiable({ type: 'object', required: ['at'], properties: { at: { type: 'string', pattern: peertube } } })!)).toBe(
      `pattern ${JSON.stringify(peertube)} can never match (^ after a character, without the m flag) at $.at`,
    );
    expect(patternNeverMatches('/^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)[a-zA-Z\\d\\S]{8,64}$/')).toBe('^ after a character');
    expect(patternNeverMatches('/^[0-9]{5}$/i')).toBe('^ after a character');
    // AWS Chime's ClientRequestId: a length written after the end anchor.
    expect(patternNeverMatches('^[-_a-zA-Z0-9]*$\\{2,64\\}$')).toBe('$ before a character');
    // Patterns some string matches are never called empty.
    for (const pattern of ['/pub/calendar_event/[0-9a-z]+', '/?^x', '/(^x|y)', '/(?<=^/)x', '^/x', '/[^a]', '/\\^', 'a|/^b', '/(?!^)x', '/*^x', '/{0,2}^x', '\\b^x', '^x$\\b', '^x$(y)?', 'x$y?', '(a)^x', '^x$', '^[$]x$']) expect(patternNeverMatches(pattern), pattern).toBeUndefined();
    // A value that need not be a string is not held to the pattern.
    expect(unsatisfiable({ type: ['string', 'null'], pattern: '/^x$/' })).toBeUndefined();
  });
});
