// The shared assertion vectors (protocol/fixtures/assertion-vectors.json): the PHP runner of
// `php artisan kite:run` is held to the same file by tests/php/Unit/RunAssertionVectorsTest.php.
import { describe, expect, it } from 'vitest';
import vectorsFile from '../../../../protocol/fixtures/assertion-vectors.json';
import type { RelayTrace } from '../../../../protocol/types';
import { buildScope, resolveText } from '../workspace/variables';
import type { Assertion } from './assertion';
import { evaluateAssertions, rowQuestions } from './evaluate';
import { type RowAnswer, rowKey } from './trace-checks';

interface Vectors {
  variables: Record<string, string>;
  rows: Array<{ table: string; column: string; value: string; exists: boolean }>;
  responses: Record<string, { status: number; headers: Array<[string, string]>; body: string; durationMs: number; trace?: RelayTrace }>;
  vectors: Array<{ response: string; assertion: Assertion; passed: boolean; actual: string }>;
}

const vectors = vectorsFile as unknown as Vectors;
const scope = buildScope({ capture: [], environment: Object.entries(vectors.variables).map(([name, value]) => ({ name, value, secret: false })), global: [] });
const resolve = (text: string, unresolved: Set<string>) => resolveText(text, scope, unresolved);
const rows = new Map<string, RowAnswer>(vectors.rows.map((row) => [rowKey(row.table, row.column, row.value), { exists: row.exists }]));

describe('the shared assertion vectors', () => {
  it.each(vectors.vectors.map((vector, index) => [index + 1, vector] as const))('vector %i', (_, vector) => {
    const { body, ...response } = vectors.responses[vector.response];
    const [result] = evaluateAssertions([vector.assertion], { ...response, bodyText: body }, { resolve, rows });
    expect({ passed: result.passed, actual: result.actual }, result.message).toEqual({ passed: vector.passed, actual: vector.actual });
  });

  it("asks the host each row line's question once, its variables filled in", () => {
    const lines = vectors.vectors.filter((vector) => vector.assertion.source === 'row').map((vector) => vector.assertion);
    expect(rowQuestions([...lines, ...lines], resolve)).toEqual([
      { table: 'users', column: 'email', value: 'ada@example.test' },
      { table: 'users', column: 'email', value: 'nobody@example.test' },
    ]);
  });
});
