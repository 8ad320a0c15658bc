import { describe, expect, it } from 'vitest';
import type { RouteResponseDoc } from '../../../../protocol/types';
import { buildScope, resolveText } from '../workspace/variables';
import { schemaProblems } from '../../features/tests/schema-problems';
import { type Assertion, assertionForValue, newAssertion, normalizeAssertions, offeredSources } from './assertion';
import { documentedResponse, evaluateAssertions, type AssertionResponse } from './evaluate';

const response: AssertionResponse = {
  status: 201,
  headers: [
    ['Content-Type', 'application/json; charset=utf-8'],
    ['X-Request-Id', 'abc-123'],
  ],
  bodyText: JSON.stringify({ data: { id: 7, name: 'Ada', email: 'ada@example.test', tags: ['admin', 'ops'], score: 9.5, active: true, manager: null } }),
  durationMs: 120.4,
};

const line = (source: Assertion['source'], operator: Assertion['operator'], path: string, expected = ''): Assertion => ({ source, operator, path, expected });
const one = (assertion: Assertion, context = {}, on: AssertionResponse = response) => evaluateAssertions([assertion], on, context)[0];

describe('evaluateAssertions', () => {
  it('checks the status: equal to a code, or in a class like 2xx', () => {
    expect(one(line('status', 'equals', '', '201'))).toMatchObject({ passed: true, actual: '201' });
    expect(one(line('status', 'equals', '', '200'))).toMatchObject({ passed: false, actual: '201', message: 'Expected status equals 200, got 201' });
    expect(one(line('status', 'class', '', '2xx')).passed).toBe(true);
    expect(one(line('status', 'class', '', '4XX')).passed).toBe(false);
    expect(one(line('status', 'class', '', 'twos'))).toMatchObject({ passed: false, message: "A status class is written like 2xx, not 'twos'" });
  });

  it('checks a header: exists, equals, matches (its name in any case)', () => {
    expect(one(line('header', 'exists', 'x-request-id'))).toMatchObject({ passed: true, actual: 'abc-123' });
    expect(one(line('header', 'exists', 'X-Missing'))).toMatchObject({ passed: false, actual: '(none)', message: 'No header X-Missing in the response' });
    expect(one(line('header', 'equals', 'X-Request-Id', 'abc-123')).passed).toBe(true);
    expect(one(line('header', 'equals', 'X-Request-Id', 'abc')).passed).toBe(false);
    expect(one(line('header', 'matches', 'content-type', '^application/json')).passed).toBe(true);
    expect(one(line('header', 'matches', 'content-type', '^text/')).passed).toBe(false);
    expect(one(line('header', 'matches', 'content-type', '(')).message).toMatch(/^Not a regular expression/);
  });

  it('checks a JSONPath value: exists, equals and not equals (JSON or plain text)', () => {
    expect(one(line('body', 'exists', '$.data.email'))).toMatchObject({ passed: true, actual: 'ada@example.test' });
    expect(one(line('body', 'exists', '$.data.phone'))).toMatchObject({ passed: false, actual: '(none)', message: 'Nothing at $.data.phone in the body' });
    expect(one(line('body', 'equals', '$.data.id', '7')).passed).toBe(true);
    expect(one(line('body', 'equals', '$.data.id', '"7"')).passed).toBe(false);
    expect(one(line('body', 'equals', '$.data.name', 'Ada')).passed).toBe(true);
    expect(one(line('body', 'equals', '$.data.tags', '["admin","ops"]')).passed).toBe(true);
    expect(one(line('body', 'equals', '$.data.manager', 'null')).passed).toBe(true);
    expect(one(line('body', 'equals', '$.data.id', '8'))).toMatchObject({ passed: false, actual: '7', message: 'Expected $.data.id equals 8, got 7' });
    expect(one(line('body', 'not-equals', '$.data.id', '8')).passed).toBe(true);
    expect(one(line('body', 'not-equals', '$.data.name', 'Ada')).passed).toBe(false);
    // Several matches are compared as the array of them.
    expect(one(line('body', 'equals', '$.data.tags[*]', '["admin","ops"]')).passed).toBe(true);
  });

  it('checks a JSONPath value: matches a regular expression, type, length, contains', () => {
    expect(one(line('body', 'matches', '$.data.email', '@example\\.test$')).passed).toBe(true);
    expect(one(line('body', 'matches', '$.data.id', '^\\d+$')).passed).toBe(true);
    expect(one(line('body', 'matches', '$.data.name', '^B')).passed).toBe(false);
    expect(one(line('body', 'matches', '$.data.tags', 'a')).message).toBe('A regular expression matches text or a number, not an array');
    expect(one(line('body', 'type', '$.data.id', 'integer')).passed).toBe(true);
    expect(one(line('body', 'type', '$.data.id', 'number')).passed).toBe(true);
    expect(one(line('body', 'type', '$.data.score', 'integer'))).toMatchObject({ passed: false, actual: 'number' });
    expect(one(line('body', 'type', '$.data.tags', 'array')).passed).toBe(true);
    expect(one(line('body', 'type', '$.data.manager', 'null')).passed).toBe(true);
    expect(one(line('body', 'type', '$.data', 'thing')).message).toMatch(/^A type is one of string, number/);
    expect(one(line('body', 'length', '$.data.tags', '2')).passed).toBe(true);
    expect(one(line('body', 'length', '$.data.name', '3')).passed).toBe(true);
    expect(one(line('body', 'length', '$.data.tags', '3'))).toMatchObject({ passed: false, actual: '2' });
    expect(one(line('body', 'length', '$.data.id', '1')).message).toBe('An integer has no length');
    expect(one(line('body', 'contains', '$.data.tags', 'ops')).passed).toBe(true);
    expect(one(line('body', 'contains', '$.data.tags', 'dev')).passed).toBe(false);
    expect(one(line('body', 'contains', '$.data.email', 'example')).passed).toBe(true);
    expect(one(line('body', 'contains', '$.data', 'email')).passed).toBe(true);
  });

  it('checks a JSONPath value: < and >, numbers only', () => {
    expect(one(line('body', 'less-than', '$.data.score', '10')).passed).toBe(true);
    expect(one(line('body', 'less-than', '$.data.score', '9')).passed).toBe(false);
    expect(one(line('body', 'greater-than', '$.data.id', '5')).passed).toBe(true);
    expect(one(line('body', 'greater-than', '$.data.id', '7')).passed).toBe(false);
    expect(one(line('body', 'greater-than', '$.data.name', '1')).message).toBe('Ada is not a number');
    expect(one(line('body', 'less-than', '$.data.id', 'ten')).message).toBe("Compare with a number, not 'ten'");
  });

  it('says what is wrong with a JSONPath or a body that is not JSON', () => {
    expect(one(line('body', 'exists', 'data.id')).message).toBe('data.id: A JSONPath expression starts with $ (for example $.data[*].email)');
    expect(one(line('body', 'exists', '$.data['))).toMatchObject({ passed: false, message: '$.data[: ] is missing at the end' });
    expect(one(line('body', 'exists', '$.a'), {}, { ...response, bodyText: '<html>' })).toMatchObject({ passed: false, message: 'The body is not JSON' });
  });

  it('checks the response time against a limit in milliseconds', () => {
    expect(one(line('time', 'less-than', '', '500'))).toMatchObject({ passed: true, actual: '120 ms' });
    expect(one(line('time', 'less-than', '', '100'))).toMatchObject({ passed: false, message: 'Expected response time < 100 ms, got 120 ms' });
    expect(one(line('time', 'less-than', '', 'soon')).passed).toBe(false);
  });

  it('fills {{variables}} in expected values with the workspace variables, and names those without a value', () => {
    const scope = buildScope({ environment: [{ name: 'id', value: '7', secret: false }, { name: 'who', value: 'Ada', secret: false }] });
    const resolve = (text: string, unresolved: Set<string>) => resolveText(text, scope, unresolved);
    expect(one(line('body', 'equals', '$.data.id', '{{id}}'), { resolve })).toMatchObject({ passed: true, expected: '7' });
    expect(one(line('body', 'equals', '$.data.name', '{{ who }}'), { resolve }).passed).toBe(true);
    expect(one(line('body', 'equals', '$.data.id', '{{missing}}'), { resolve })).toMatchObject({ passed: false, message: '{{missing}} has no value' });
  });

  it("checks the body against the route's documented response schema for that status", () => {
    const responses: RouteResponseDoc[] = [
      {
        status: '201',
        schema: {
          type: 'object',
          required: ['data'],
          properties: { data: { $ref: '#/$defs/User' } },
          $defs: { User: { type: 'object', required: ['id', 'email'], properties: { id: { type: 'integer' }, email: { type: 'string', format: 'email' } } } },
        },
      },
      { status: '4XX', schema: { type: 'object', required: ['message'] } },
      { status: 'default' },
    ];
    const context = { responses, schemaProblems };
    expect(one(line('schema', 'documented', ''), context)).toMatchObject({ passed: true, actual: 'matches 201' });
    const wrong = one(line('schema', 'documented', ''), context, { ...response, bodyText: JSON.stringify({ data: { id: 'seven', email: 'ada@example.test' } }) });
    expect(wrong.passed).toBe(false);
    expect(wrong.message).toMatch(/^The body does not match the documented 201 response: \$\.data\.id: /);
    expect(one(line('schema', 'documented', ''), context, { ...response, status: 422, bodyText: '{"errors":{}}' })).toMatchObject({ passed: false, message: expect.stringContaining('documented 4XX response') });
    expect(one(line('schema', 'documented', ''), context, { ...response, status: 500 }).message).toBe('The route documents default without a JSON body schema');
    expect(one(line('schema', 'documented', ''), { responses: [], schemaProblems }).message).toBe('The route documents no response for 201');
  });

  it('picks the documented response by code, then class, then default', () => {
    const responses: RouteResponseDoc[] = [{ status: 'default' }, { status: '2XX' }, { status: '200' }];
    expect(documentedResponse(responses, 200)?.status).toBe('200');
    expect(documentedResponse(responses, 204)?.status).toBe('2XX');
    expect(documentedResponse(responses, 500)?.status).toBe('default');
  });
});

describe('assertionForValue', () => {
  it('makes the line a Pretty value adds: its path equals its value, which then passes', () => {
    const made = assertionForValue('$.data.tags', '["admin","ops"]');
    expect(made).toEqual({ source: 'body', path: '$.data.tags', operator: 'equals', expected: '["admin","ops"]' });
    expect(one(made).passed).toBe(true);
    expect(one(assertionForValue('$.data.name', 'Ada')).passed).toBe(true);
    expect(assertionForValue('$.data', null)).toMatchObject({ operator: 'exists', expected: '' });
  });
});

describe('normalizeAssertions', () => {
  it('keeps well-formed lines and leaves out the rest', () => {
    const good = newAssertion('body', { path: '$.id', expected: '1' });
    expect(normalizeAssertions([good, { source: 'status', operator: 'matches' }, 'x', { source: 'nope', operator: 'equals' }])).toEqual([good]);
    expect(normalizeAssertions(undefined)).toEqual([]);
  });
});

describe('offeredSources', () => {
  it('offers the trace checks only on a host that records a trace, and keeps a line that has one', () => {
    expect(offeredSources(true, 'status')).toEqual(['status', 'header', 'body', 'schema', 'time', 'queries', 'mail', 'dispatched', 'log', 'exception', 'row']);
    expect(offeredSources(false, 'status')).toEqual(['status', 'header', 'body', 'schema', 'time']);
    expect(offeredSources(false, 'mail')).toEqual(['status', 'header', 'body', 'schema', 'time', 'mail']);
  });
});
