// "Add assertion" on a value of the Pretty view: the request gets a line checking that value at
// its JSONPath, saved with it like the others. Loaded on first use.
import type { createStore } from 'jotai';
import { toast } from '../../lib/toast';
import { assertionForValue, describeAssertion } from '../../model/assertions/assertion';
import type { LineValue } from '../../model/response/line-value';
import { updateRequestAtom } from '../tabs/tabs';
import { formatJsonPath } from '../../model/workspace/capture';

export function addAssertionFromLine(store: ReturnType<typeof createStore>, picked: LineValue): void {
  const line = assertionForValue(formatJsonPath(picked.steps), picked.value);
  store.set(updateRequestAtom, (state) => ({ ...state, assertions: [...state.assertions, line] }));
  toast.success('Assertion added', { description: `${describeAssertion(line)} — in the Tests tab` });
}
