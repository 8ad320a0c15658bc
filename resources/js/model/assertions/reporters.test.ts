import { parse, type TestSuites } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { buildScope, redactSecrets, resolveText } from '../workspace/variables';
import type { Assertion } from './assertion';
import { evaluateAssertions, type AssertionResponse } from './evaluate';
import { jsonReport } from './json-report';
import { junitXml } from './junit';
import type { RunReport } from './report';
import { summaryText } from './summary';

// A run of two request files, one of them twice (two data rows), one request without an answer;
// results come from the real evaluator.
const scope = buildScope({ environment: [{ name: 'id', value: '7', secret: false }, { name: 'token', value: 'tok_live_98765', secret: true }] });
const resolve = (text: string, unresolved: Set<string>) => resolveText(text, scope, unresolved);
const redact = (text: string) => redactSecrets(text, scope);
const answer: AssertionResponse = {
  status: 200,
  headers: [['Content-Type', 'application/json'], ['X-Api-Key', 'k_9f8e7d6c']],
  bodyText: JSON.stringify({ data: { id: 7, name: 'Ada <&> "Lovelace"', token: 'tok_live_98765' } }),
  durationMs: 42,
};
const lines: Assertion[] = [
  { source: 'status', path: '', operator: 'class', expected: '2xx' },
  { source: 'body', path: '$.data.id', operator: 'equals', expected: '{{id}}' },
  { source: 'body', path: '$.data.name', operator: 'equals', expected: 'Ada & <Grace>' },
  { source: 'body', path: '$.data.token', operator: 'equals', expected: '{{token}}x' },
  { source: 'header', path: 'X-Api-Key', operator: 'equals', expected: 'other' },
];
const results = evaluateAssertions(lines, answer, { resolve });
const report: RunReport = {
  name: 'users',
  startedAt: '2026-11-25T20:00:00.000Z',
  durationMs: 1500,
  requests: [
    { file: 'requests/get-user.json', name: 'Get user', method: 'GET', url: '/users/7', status: 200, durationMs: 42, results },
    { file: 'requests/health.json', name: 'Health', method: 'GET', url: '/health?key=tok_live_98765', durationMs: 5, error: 'The target could not be reached', results: [] },
    { file: 'requests/get-user.json', name: 'Get user', method: 'GET', url: '/users/8', status: 200, durationMs: 40, results: results.slice(0, 2) },
  ],
};

describe('reporters', () => {
  it('JUnit XML: one testsuite per file, one testcase per assertion, failures with expected and actual, read back by junit2json', async () => {
    const xml = junitXml(report, redact);
    const parsed = (await parse(xml)) as TestSuites | undefined;
    expect(parsed).toMatchObject({ name: 'users', tests: 8, failures: 3, errors: 1, time: 1.5 });
    expect(parsed?.testsuite?.map((suite) => [suite.name, suite.tests, suite.failures, suite.errors])).toEqual([
      ['requests/get-user.json', 7, 3, 0],
      ['requests/health.json', 1, 0, 1],
    ]);
    const cases = parsed?.testsuite?.[0].testcase ?? [];
    expect(cases.map((testcase) => testcase.name)).toEqual([
      'Get user: status is in class 2xx',
      'Get user: $.data.id equals {{id}}',
      'Get user: $.data.name equals Ada & <Grace>',
      'Get user: $.data.token equals {{token}}x',
      'Get user: header X-Api-Key equals other',
      'Get user: status is in class 2xx',
      'Get user: $.data.id equals {{id}}',
    ]);
    expect(cases[0].failure).toBeUndefined();
    expect(cases[2].failure?.[0].message).toBe('Expected $.data.name equals Ada & <Grace>, got Ada <&> "Lovelace"');
    expect(cases[2].failure?.[0].inner).toBe('Expected: Ada & <Grace>\nActual: Ada <&> "Lovelace"\nExpected $.data.name equals Ada & <Grace>, got Ada <&> "Lovelace"');
    expect(cases[0].classname).toBe('GET /users/7');
    expect(parsed?.testsuite?.[1].testcase?.[0].error?.[0].message).toBe('The target could not be reached');
    // Never a credential: the secret variable's value, nor a secret-looking header's or key's value.
    expect(xml).not.toMatch(/tok_live_98765|k_9f8e7d6c/);
    expect(cases[3].failure?.[0].inner).toContain('Actual: ••••••');
    expect(cases[4].failure?.[0].inner).toContain('Actual: ••••••');
    expect(xml).toContain('classname="GET /health?key={{token}}"');
  });

  it('JSON: totals and every assertion with expected as typed and the actual value', () => {
    const json = jsonReport(report, redact);
    const document = JSON.parse(json);
    expect(document.totals).toEqual({ requests: 3, assertions: 7, passed: 4, failed: 3, errors: 1 });
    expect(document.requests[0].assertions[1]).toEqual({ source: 'body', path: '$.data.id', operator: 'equals', expected: '{{id}}', passed: true, actual: '7', message: '$.data.id equals {{id}}' });
    expect(document.requests[1]).toMatchObject({ file: 'requests/health.json', error: 'The target could not be reached', assertions: [] });
    expect(json).not.toMatch(/tok_live_98765|k_9f8e7d6c/);
  });

  it('terminal summary: a line per request, the failures with expected and actual, the totals', () => {
    const text = summaryText(report, redact);
    expect(text.split('\n')[0]).toBe('✗ Get user — GET /users/7 — 200 in 42 ms');
    expect(text).toContain('    ✗ $.data.name equals Ada & <Grace>\n      expected Ada & <Grace>, actual Ada <&> "Lovelace"\n');
    expect(text).toContain('✗ Health — GET /health?key={{token}} — no answer: The target could not be reached');
    expect(text).toContain('✓ Get user — GET /users/8 — 200 in 40 ms');
    expect(text.trimEnd().split('\n').at(-1)).toBe('3 requests, 7 assertions: 4 passed, 3 failed, 1 without an answer (1.50 s)');
    expect(text).not.toMatch(/tok_live_98765|k_9f8e7d6c/);
  });
});
