// Sending the request being built: resolve generated global headers, relay it (cancellable), show
// the result or the host's failure, and log it in history. The request state is never touched.
import { useStore } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { kiteConfig } from '../../../lib/config';
import { RelayFailureError, relay } from '../../../lib/http/host-api';
import type { RelayFailure, RelayResult } from '../../../lib/http/relay-result';
import { historyBody, newHistoryId } from '../../history/history-entry';
import type { HistoryState } from '../../history/use-history';
import { slimRequestState } from '../request/persistence';
import { buildRelayRequest, filesMissingContent, resolveGlobalHeaders } from '../request/relay-request';
import { finalUrl, missingPathParams, splitUrl } from '../request/url';
import { generateValue } from './generator-kits';
import { flushPendingEdits } from './pending-edits';
import { requestStateAtom } from './request-atoms';
import { redactSecrets, resolveRequest, unresolvedMessage } from '../../workspace/variables';
import { variableScopeAtom } from '../../workspace/workspace-atoms';
import { captureInputOf } from '../../workspace/capture-rules';

export interface ResponseState {
  result: RelayResult | null;
  failure: RelayFailure | null;
  pending: boolean;
}

/** @param onRoutesRevision receives each relay answer's `meta.routesRevision` (see useRoutes). */
export function useSender(history: HistoryState, baseUrl: string, onRoutesRevision?: (revision: string | undefined) => void) {
  const store = useStore();
  const [response, setResponse] = useState<ResponseState>({ result: null, failure: null, pending: false });
  const [historyId, setHistoryId] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const send = useCallback(async () => {
    if (controller.current) return;
    flushPendingEdits();
    const state = store.get(requestStateAtom);
    const missingFiles = filesMissingContent(state);
    if (missingFiles.length > 0) {
      toast.error('Pick the files again', { description: `Their content was not kept across the reload: ${missingFiles.join(', ')}` });
      return;
    }
    const missingParams = missingPathParams(splitUrl(state.url).path, state.pathParams);
    if (missingParams.length > 0) {
      toast.error(`Fill in the path ${missingParams.length === 1 ? 'parameter' : 'parameters'} ${missingParams.join(', ')} first`);
      return;
    }
    const scope = store.get(variableScopeAtom);
    const { unresolved } = resolveRequest(state, scope);
    if (unresolved.length > 0) {
      toast.error(unresolvedMessage(unresolved), { description: 'Give it a value in the environment or the globals; the request stays as typed.' });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setResponse((previous) => ({ ...previous, failure: null, pending: true }));
    const time = Date.now();
    const url = finalUrl(baseUrl, state.url, state.pathParams, state.query);
    const entryBase = { id: newHistoryId(time), time, method: state.method, url, request: slimRequestState(state) };
    try {
      const globalHeaders = await resolveGlobalHeaders(kiteConfig.globalHeaders ?? [], state.disabledGlobalHeaders, generateValue);
      const result = await relay(buildRelayRequest(state, globalHeaders, scope), abort.signal);
      const kept = historyBody(result.body); // copied before the viewer may transfer the body away
      const captureInput = state.captures.length > 0 ? captureInputOf(result) : null;
      setResponse({ result, failure: null, pending: false });
      if (captureInput) void import('../../workspace/run-captures').then((capture) => capture.runCaptures(store, state.captures, captureInput));
      onRoutesRevision?.(result.meta.routesRevision);
      setHistoryId(entryBase.id);
      void history.add(
        {
          ...entryBase,
          status: result.meta.status,
          statusText: result.meta.statusText,
          size: result.meta.bodySize,
          durationMs: result.durationMs,
          meta: { ...result.meta, url: redactSecrets(result.meta.url, scope) },
          hasBody: kept.body.byteLength > 0,
          bodyCut: kept.cut,
        },
        kept.body.byteLength > 0 ? kept.body : undefined,
      );
    } catch (error) {
      const failure: RelayFailure =
        error instanceof RelayFailureError ? error.failure : { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
      setResponse({ result: null, failure, pending: false });
      if (failure.code !== 'ABORTED') {
        setHistoryId(entryBase.id);
        void history.add({ ...entryBase, failure, size: 0, durationMs: Date.now() - time, hasBody: false, bodyCut: false });
      }
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, [store, history, baseUrl, onRoutesRevision]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { response, setResponse, send, cancel, historyId, setHistoryId };
}
