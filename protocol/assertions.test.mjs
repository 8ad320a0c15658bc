import { describe, expect, it } from 'vitest';
import { ASSERTION_OPERATORS } from './endpoints.js';
import { compileSchemas, readSchema } from './conformance/schemas.mjs';

const file = (assertions) => ({ name: 'Get user', method: 'GET', url: '/users/1', assertions });

describe('assertions in a saved request file', () => {
  it("the JSON Schema lists each source's operators as ASSERTION_OPERATORS does", () => {
    const branches = readSchema('saved-request-file').properties.assertions.items.oneOf;
    expect(Object.fromEntries(branches.map((branch) => [branch.properties.source.const, branch.properties.operator.enum]))).toEqual(ASSERTION_OPERATORS);
  });

  it('accepts every source with each of its operators and refuses an operator of another source', () => {
    const validate = compileSchemas().validators['saved-request-file'];
    const all = Object.entries(ASSERTION_OPERATORS).flatMap(([source, operators]) => operators.map((operator) => ({ source, path: '', operator, expected: '' })));
    expect(validate(file(all)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(file([{ source: 'status', path: '', operator: 'contains', expected: '2' }]))).toBe(false);
    expect(validate(file([{ source: 'body', path: '$.id', operator: 'equals' }]))).toBe(false);
  });
});
