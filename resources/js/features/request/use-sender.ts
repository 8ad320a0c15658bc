// Sending the request being built: wait for edits on their way, catch what cannot be sent, resolve
// generated global headers, add the application's jar cookies, relay it (cancellable), keep the
// cookies the answer set, show the result or the host's failure, and log it in history. The
// request state is never touched.
import { useStore } from 'jotai';
import { startTransition, useCallback } from 'react';
import { afterNextFrame, holdIdleWork, nextTask } from '../../lib/idle';
import { toast } from '../../lib/toast';
import { kiteConfig } from '../../lib/config';
import { RelayFailureError, relay } from '../../lib/http/host-api';
import { afterPostedCallsLeave } from '../../lib/http/worker-fetch';
import type { RelayFailure, RelayResult } from '../../lib/http/relay-result';
import { createLiveStream } from '../../lib/http/live-stream';
import { historyBody, loadHistoryStore, newHistoryId } from '../history/history';
import type { HistoryState } from '../history/history';
import { cookieJarsAtom } from '../cookies/cookies';
import { cookiesFor, storeCookies } from '../../model/request/cookie-jar';
import { slimRequestState, fieldErrorsAtom, requestStateAtom, type ResponseState, activeTabAtom, shownCallAtom, tabCallAtom, updateTabAtom } from '../tabs/tabs';
import type { RequestState } from '../../model/request/request-state';
import { relayRequestOf, requestProblem, resolveGlobalHeaders } from '../../model/request/relay-request';
import { finalUrl } from '../../model/request/url';
import { loadResponseView } from '../response/response';
import { generateValue, loadNoteFieldErrors } from '../body/body';
import { settlePendingEdits } from '../../lib/pending-edits';
import { redactSecrets, resolveRequest, unresolvedMessage } from '../../model/workspace/variables';
import { variableScopeAtom, workspaceApplicationAtom, workspaceStoreAtom, withEffectiveAuth, loadRunCaptures } from '../workspace/workspace';
import { applicationWorkspace, scopeOf } from '../../model/workspace/environments';
import { identityRequestsOf, type RelayParts } from '../../model/send-as/identity';
import { captureInputOf } from '../../model/workspace/capture-rules';
import { assertionInputOf } from '../tests/tests';
import { loadOAuthSession } from '../auth/auth';

/**
 * @param addToHistory the history's `add` (a stable function: a Send does not re-render whoever holds the history).
 * @param jarId the application whose cookie jar the request uses and fills.
 * @param onRoutesRevision receives each relay answer's `meta.routesRevision` (see useRoutes).
 */
export function useSender(addToHistory: HistoryState['add'], baseUrl: string, jarId: string, onRoutesRevision?: (revision: string | undefined) => void) {
  const store = useStore();

  /** Sends the request; resolves with the state that was sent, or undefined when nothing went out. */
  const send = useCallback(async (): Promise<RequestState | undefined> => {
    // The request runs on when its tab is left: every update lands in the sending tab's call,
    // whichever tab is on screen (and nowhere once the tab is closed: its call is forgotten).
    const from = store.get(activeTabAtom).id;
    const callAtom = tabCallAtom(from);
    if (store.get(callAtom).controller) return undefined;
    const abort = new AbortController();
    // What changes on screen before the call leaves is a transition: React draws it in a task of its
    // own, after the microtasks that send the call, instead of in one before them (issue 31).
    startTransition(() => store.set(callAtom, (call) => ({ ...call, controller: abort })));
    const setResponse = (next: ResponseState | ((previous: ResponseState) => ResponseState)) =>
      store.set(callAtom, (call) => ({ ...call, response: typeof next === 'function' ? next(call.response) : next }));
    const setHistoryId = (id: string) => {
      store.set(callAtom, (call) => ({ ...call, entryId: id }));
      store.set(updateTabAtom, { id: from, change: { historyId: id } });
    };
    let releaseIdleWork: (() => void) | undefined;
    try {
      await settlePendingEdits();
      // An inherited auth is sent as its folder's (or the workspace's): checked and resolved as such.
      const state = withEffectiveAuth(store.get, store.get(requestStateAtom));
      const problem = requestProblem(state);
      if (problem || abort.signal.aborted) {
        if (problem) toast.error(problem.title, problem.description ? { description: problem.description } : undefined);
        return undefined;
      }
      const scope = store.get(variableScopeAtom);
      const { state: resolved, unresolved } = resolveRequest(state, scope);
      if (unresolved.length > 0) {
        toast.error(unresolvedMessage(unresolved), { description: 'Give it a value in the environment or the globals; the request stays as typed.' });
        return undefined;
      }
      startTransition(() => {
        setResponse((previous) => ({ ...previous, failure: null, pending: true, live: null }));
        store.set(fieldErrorsAtom, null);
      });
      releaseIdleWork = holdIdleWork();
      const time = Date.now();
      // History keeps the request as typed ({{variables}} and all); the jar answers for the URL sent.
      const url = finalUrl(baseUrl, state.url, state.pathParams, state.query);
      const sentUrl = finalUrl(baseUrl, resolved.url, resolved.pathParams, resolved.query);
      const entryBase = { id: newHistoryId(time), time, method: state.method, url, request: slimRequestState(state), tabId: from };
      const sent = { method: state.method, url };
      try {
        const globalHeaders = await resolveGlobalHeaders(kiteConfig.globalHeaders ?? [], state.disabledGlobalHeaders, generateValue);
        const jarCookies = cookiesFor(store.get(cookieJarsAtom)[jarId] ?? [], sentUrl);
        // The viewer and the stream codec start loading with the call. A host that serves one request
        // at a time (Laravel under `php -S` or `artisan serve`) would send them only after a streamed
        // answer has ended, so there the call waits for them; the Node host serves both at once, and
        // waiting there cost every first Send after a page load its chunk round trips (~80 ms). There
        // they are asked for once the call has left the fetch worker (below): the viewer's eleven files,
        // fetched and compiled at once, held its request back by 10-100 ms on a busy machine.
        const waitsForView = kiteConfig.host !== 'node';
        if (waitsForView) await loadResponseView();
        const loadAfterTheCall = () => {
          if (!waitsForView) void loadResponseView();
          // The entry is stored after the answer: its store's rules come during the hold, not then.
          void loadHistoryStore().catch(() => undefined);
        };
        // What the answer's body is read for besides the viewer, taken before the viewer may transfer it away.
        const readingsOf = (result: RelayResult) => ({
          kept: historyBody(result.body),
          // A validation answer's messages go to their fields (the mapping loads with the first 422).
          fieldErrorsBody: result.meta.status === 422 ? result.body.slice(0) : null,
          captureInput: state.captures.length > 0 ? captureInputOf(result) : null,
          tests: assertionInputOf(result, state.assertions.length > 0),
        });
        const preparedReadings = new WeakMap<RelayResult, ReturnType<typeof readingsOf>>();
        const relayOnce = (sending: RequestState) =>
          relay(
            relayRequestOf(sending, globalHeaders, jarCookies),
            abort.signal,
            undefined,
            (head) => {
              const live = createLiveStream(head);
              setResponse((previous) => ({ ...previous, live }));
              return (bytes, at) => live.push({ bytes, at });
            },
            // Received during the 200 ms hold: read, then rendered out of sight; shown when relay() resolves at the floor.
            (result) => {
              preparedReadings.set(result, readingsOf(result));
              setResponse((previous) => ({ ...previous, prepared: { result, sent } }));
            },
          );
        // OAuth 2.0: sent with a valid access token (refreshed or fetched first, never a stale one);
        // a 401 gets one refresh and one more try, then is shown as it is (features/auth).
        const oauth = resolved.auth.type === 'oauth2' ? await loadOAuthSession() : null;
        const withToken = async (forceRefresh = false): Promise<RequestState> =>
          oauth ? { ...resolved, auth: { ...resolved.auth, token: await oauth.accessTokenForSend(store, resolved.auth, { forceRefresh }) } } : resolved;
        const firstCall = relayOnce(await withToken());
        // Its post to the fetch worker happens in this task's microtasks; its request leaves from the worker's thread.
        void nextTask().then(() => afterPostedCallsLeave(loadAfterTheCall));
        let result = await firstCall;
        if (oauth && result.meta.status === 401) result = await relayOnce(await withToken(true));
        // The floor: from here on the user sees the answer and all that follows from it.
        const { kept, fieldErrorsBody, captureInput, tests } = preparedReadings.get(result) ?? readingsOf(result);
        if (result.meta.cookies.length > 0) store.set(cookieJarsAtom, jarId, (jar) => storeCookies(jar, result.meta.cookies, result.meta.url || sentUrl));
        if (fieldErrorsBody) void loadNoteFieldErrors().then((note) => note.noteFieldErrors(store, state, fieldErrorsBody));
        setResponse({ result, failure: null, pending: false, sent, tests });
        if (captureInput) void loadRunCaptures().then((capture) => capture.runCaptures(store, state.captures, captureInput));
        onRoutesRevision?.(result.meta.routesRevision);
        // The history row and the tab's entry are a transition: React commits them after the answer,
        // not in the commit that shows it, which would re-render the screen around the response
        // pane (issue 31). History stores the entry as before (after the next frame).
        startTransition(() => {
          setHistoryId(entryBase.id);
          void addToHistory(
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
        });
        return state;
      } catch (error) {
        const failure: RelayFailure =
          error instanceof RelayFailureError ? error.failure : { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
        // The events a cancelled (or broken) stream brought stay in view under the failure.
        setResponse((previous) => ({ result: null, failure, pending: false, live: previous.live, sent }));
        if (failure.code !== 'ABORTED') {
          setHistoryId(entryBase.id);
          void addToHistory({ ...entryBase, failure, size: 0, durationMs: Date.now() - time, hasBody: false, bodyCut: false });
        }
        return undefined;
      }
    } finally {
      store.set(callAtom, (call) => (call.controller === abort ? { ...call, controller: null } : call));
      // After the frame that draws the answer (or the failure), prefetches may go on.
      const release = releaseIdleWork;
      if (release) void afterNextFrame().then(release);
    }
  }, [store, addToHistory, baseUrl, jarId, onRoutesRevision]);

  /** Cancels the request of the tab on screen. */
  const cancel = useCallback(() => store.get(shownCallAtom).controller?.abort(), [store]);

  /**
   * What a relay call of the request on screen is built from besides the request itself, for
   * "Send as…" (features/send-as), which maps it per identity through relayRequestOf as Send does:
   * the request as typed, the global headers, the jar's cookies, and the variable scope of the
   * active environment or of another one by name.
   */
  const relayParts = useCallback(async (): Promise<RelayParts> => {
    await settlePendingEdits();
    const typed = store.get(requestStateAtom);
    const scope = store.get(variableScopeAtom);
    const workspace = store.get(workspaceStoreAtom);
    const application = store.get(workspaceApplicationAtom);
    const resolved = resolveRequest(typed, scope).state;
    const globalHeaders = await resolveGlobalHeaders(kiteConfig.globalHeaders ?? [], typed.disabledGlobalHeaders, generateValue);
    const jarCookies = cookiesFor(store.get(cookieJarsAtom)[jarId] ?? [], finalUrl(baseUrl, resolved.url, resolved.pathParams, resolved.query));
    return {
      typed,
      globalHeaders,
      jarCookies,
      environments: applicationWorkspace(workspace, application).environments.map((environment) => environment.name),
      scopeOf: (environment) => (environment === undefined ? scope : scopeOf(workspace, application, environment)),
    };
  }, [store, baseUrl, jarId]);

  /** The request on screen sent once in another environment (Compare with… "this request in environment X"); not kept in history. */
  const sendInEnvironment = useCallback(
    async (environment: string): Promise<RelayResult> => {
      const [item] = identityRequestsOf(await relayParts(), [{ kind: 'environment', environment }]);
      if ('problem' in item) throw new Error(`Not sent in ${environment}: ${item.problem}`);
      try {
        return await relay(item.request);
      } catch (error) {
        throw new Error(error instanceof RelayFailureError ? `Not sent in ${environment}: ${error.failure.message}` : String(error));
      }
    },
    [relayParts],
  );

  return { send, cancel, relayParts, sendInEnvironment };
}

