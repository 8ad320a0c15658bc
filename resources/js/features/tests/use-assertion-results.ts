// The results of the request's assertions against its last answer, worked out again as the lines
// are edited (an edit shows its outcome at once); null while there is nothing to show. The `row`
// lines' questions go to the host once per answer and question (row-answers.ts).
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { RouteResponseDoc } from '../../../../protocol/types';
import type { Assertion } from '../../model/assertions/assertion';
import type { AssertionResponse, AssertionResult } from '../../model/assertions/evaluate';
import { type RowAnswer, rowKey, rowQuestions } from '../../model/assertions/trace-checks';
import { resolveText } from '../../model/workspace/variables';
import { variableScopeAtom } from '../workspace/workspace';

type Evaluate = typeof import('./evaluate-in-app').evaluateInApp;

export function useAssertionResults(assertions: Assertion[], response: AssertionResponse | undefined, responses: RouteResponseDoc[] | undefined): AssertionResult[] | null {
  const scope = useAtomValue(variableScopeAtom);
  const [evaluate, setEvaluate] = useState<Evaluate | null>(null);
  const needed = assertions.length > 0 && response !== undefined;
  useEffect(() => {
    if (!needed || evaluate) return;
    let gone = false;
    void import('./evaluate-in-app').then((chunk) => {
      if (!gone) setEvaluate(() => chunk.evaluateInApp);
    });
    return () => {
      gone = true;
    };
  }, [needed, evaluate]);
  const rows = useRowAnswers(assertions, response, scope);
  return useMemo(() => (needed && evaluate ? evaluate(assertions, response, scope, responses, rows) : null), [needed, evaluate, assertions, response, scope, responses, rows]);
}

/** The host's answers to the `row` lines of this answer, asked once each (a new answer asks again). */
function useRowAnswers(assertions: Assertion[], response: AssertionResponse | undefined, scope: Parameters<typeof resolveText>[1]): ReadonlyMap<string, RowAnswer> {
  const [answers, setAnswers] = useState<{ response: AssertionResponse | undefined; rows: ReadonlyMap<string, RowAnswer> }>({ response, rows: new Map() });
  const questions = useMemo(() => (response ? rowQuestions(assertions, (text, unresolved) => resolveText(text, scope, unresolved)) : []), [assertions, response, scope]);
  const current = answers.response === response ? answers.rows : undefined;
  const missing = questions.filter((question) => !current?.has(rowKey(question.table, question.column, question.value)));
  const missingKey = JSON.stringify(missing);
  useEffect(() => {
    if (missing.length === 0) return;
    const controller = new AbortController();
    void import('./row-answers').then(async ({ askRow }) => {
      const asked = await Promise.all(
        missing.map(async (question) => [rowKey(question.table, question.column, question.value), await askRow(question.table, question.column, question.value, controller.signal).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }))] as const),
      );
      if (controller.signal.aborted) return;
      setAnswers((previous) => ({ response, rows: new Map([...(previous.response === response ? previous.rows : []), ...asked]) }));
    });
    return () => controller.abort();
    // `missingKey` stands for `missing` (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missingKey, response]);
  return current ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, RowAnswer> = new Map();
