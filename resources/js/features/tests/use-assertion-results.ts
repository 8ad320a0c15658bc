// The results of the request's assertions against its last answer, worked out again as the lines
// are edited (an edit shows its outcome at once); null while there is nothing to show.
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { RouteResponseDoc } from '../../../../protocol/types';
import type { Assertion } from '../../model/assertions/assertion';
import type { AssertionResponse, AssertionResult } from '../../model/assertions/evaluate';
import { variableScopeAtom } from '../workspace/workspace-atoms';

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
  return useMemo(() => (needed && evaluate ? evaluate(assertions, response, scope, responses) : null), [needed, evaluate, assertions, response, scope, responses]);
}
