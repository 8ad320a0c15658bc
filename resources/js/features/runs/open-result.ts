// "Open response" of a run result: the saved request opens in a tab (as a click in the Saved pane
// opens it) and the tab shows the answer the run got, its Tests tab the assertions against it.
import type { createStore } from 'jotai';
import type { RunResultEvent } from '../../../../protocol/types';
import { responseOfResult } from '../../model/runs/run-events';
import { activeTabAtom, tabCallAtom } from '../tabs/tabs';
import { assertionInputOf } from '../tests/tests';
import { loadWorkspaceSync } from '../workspace/workspace';

export async function openRunResult(store: ReturnType<typeof createStore>, result: RunResultEvent, sent: { method: string; url: string }): Promise<void> {
  const answer = responseOfResult(result);
  if (!answer) return;
  // The folder sync is the workspace's chunk (loaded with the main screen), fetched through its entry.
  const { openSavedRequest } = await loadWorkspaceSync();
  await openSavedRequest(store, result.path);
  const body = answer.body.buffer.slice(answer.body.byteOffset, answer.body.byteOffset + answer.body.byteLength) as ArrayBuffer;
  const relayResult = { meta: answer.meta, body, durationMs: result.durationMs, receivedAt: Date.now() };
  store.set(tabCallAtom(store.get(activeTabAtom).id), {
    response: { result: relayResult, failure: null, pending: false, sent, tests: assertionInputOf(relayResult, true) },
    controller: null,
    entryId: null,
  });
}
