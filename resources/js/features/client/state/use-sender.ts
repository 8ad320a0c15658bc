// Sending the request being built: wait for edits on their way, catch what cannot be sent, resolve
// generated global headers, add the application's jar cookies, relay it (cancellable), keep the
// cookies the answer set, show the result or the host's failure, and log it in history. The
// request state is never touched.
import { useStore } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { holdIdleWork } from '../../../lib/idle';
import { toast } from '../../../lib/toast';
import { kiteConfig } from '../../../lib/config';
import { RelayFailureError, relay } from '../../../lib/http/host-api';
import type { RelayFailure, RelayResult } from '../../../lib/http/relay-result';
import { createLiveStream, type LiveStream } from '../../../lib/http/live-stream';
import { historyBody, newHistoryId } from '../../history/history-entry';
import type { HistoryState } from '../../history/use-history';
import { cookieJarsAtom } from '../cookies/cookie-atoms';
import { cookiesFor, storeCookies } from '../../../model/request/cookie-jar';
import { slimRequestState } from '../request/persistence';
import type { RequestState } from '../../../model/request/request-state';
import { relayRequestOf, requestProblem, resolveGlobalHeaders } from '../../../model/request/relay-request';
import { finalUrl } from '../../../model/request/url';
import { loadResponseView } from '../response/LazyResponseViewer';
import { generateValue } from './generator-kits';
import { settlePendingEdits } from './pending-edits';
import { fieldErrorsAtom, requestStateAtom } from './request-atoms';
import { redactSecrets, resolveRequest, unresolvedMessage } from '../../../model/workspace/variables';
import { variableScopeAtom } from '../../workspace/workspace-atoms';
import { captureInputOf } from '../../../model/workspace/capture-rules';
import type { AssertionResponse } from '../../../model/assertions/evaluate';
import { assertionInputOf } from '../../tests/assertion-input';

export interface ResponseState {
  result: RelayResult | null;
  failure: RelayFailure | null;
  pending: boolean;
  /** A streamed answer while it arrives (then `result` comes when it ends). */
  live?: LiveStream | null;
  /** The request that produced the result or failure, as typed (`{{variables}}` kept): shown with it. */
  sent?: { method: string; url: string };
  /** What the Tests tab's assertions read of the result (the body taken before the viewer may transfer it). */
  tests?: AssertionResponse;
}

/**
 * @param jarId the application whose cookie jar the request uses and fills.
 * @param onRoutesRevision receives each relay answer's `meta.routesRevision` (see useRoutes).
 */
/** What a request sent from a tab that is not on screen has come to (see useSender's `enter`). */
export interface ParkedResponse {
  response: ResponseState;
  historyId: string | null;
}

export function useSender(history: HistoryState, baseUrl: string, jarId: string, onRoutesRevision?: (revision: string | undefined) => void) {
  const store = useStore();
  const [response, setResponseState] = useState<ResponseState>({ result: null, failure: null, pending: false });
  const [historyId, setHistoryIdState] = useState<string | null>(null);
  // Each tab's request runs on, and its answer lands in that tab, whichever tab is on screen: the
  // requests in flight by owner (the tab that sent them; '' before the tabs load), and what those
  // not on screen have come to, until their tab is opened again.
  const owner = useRef('');
  const controllers = useRef(new Map<string, AbortController>());
  const parked = useRef(new Map<string, ParkedResponse>());
  const shown = useRef(response);
  shown.current = response;
  const shownHistoryId = useRef(historyId);
  shownHistoryId.current = historyId;
  /** Told when a request of a tab not on screen gets its history entry (the tab list keeps it). */
  const onBackgroundHistory = useRef<((owner: string, id: string) => void) | null>(null);

  /**
   * The tab `id` comes on screen: what its request came to while it was not, if anything (then
   * shown by the caller), else null (its last response comes from history).
   */
  const enter = useCallback((id: string): ParkedResponse | null => {
    const leaving = owner.current;
    // A request on its way goes on for the tab being left; its progress is kept for it. (One sent
    // before the tabs loaded, owner '', belongs to whichever tab is on screen.)
    if (leaving !== id && leaving !== '' && controllers.current.has(leaving)) parked.current.set(leaving, { response: shown.current, historyId: shownHistoryId.current });
    owner.current = id;
    const back = parked.current.get(id) ?? null;
    parked.current.delete(id);
    return back;
  }, []);

  /** A tab closed: its request in flight, if any, is cancelled and forgotten. */
  const forget = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    parked.current.delete(id);
  }, []);

  /** Sends the request; resolves with the state that was sent, or undefined when nothing went out. */
  const send = useCallback(async (): Promise<RequestState | undefined> => {
    const from = owner.current;
    if (controllers.current.has(from)) return undefined;
    const abort = new AbortController();
    controllers.current.set(from, abort);
    // Updates land on screen while the sending tab is there, else in what is kept for it (not
    // for a tab that was closed meanwhile).
    const onScreen = () => owner.current === from || from === '';
    const setResponse = (next: ResponseState | ((previous: ResponseState) => ResponseState)) => {
      if (onScreen()) return setResponseState(next);
      if (controllers.current.get(from) !== abort) return;
      const kept = parked.current.get(from) ?? { response: { result: null, failure: null, pending: false }, historyId: null };
      parked.current.set(from, { ...kept, response: typeof next === 'function' ? next(kept.response) : next });
    };
    const setHistoryId = (id: string) => {
      if (onScreen()) return setHistoryIdState(id);
      if (controllers.current.get(from) !== abort) return;
      const kept = parked.current.get(from) ?? { response: { result: null, failure: null, pending: false }, historyId: null };
      parked.current.set(from, { ...kept, historyId: id });
      onBackgroundHistory.current?.(from, id);
    };
    let releaseIdleWork: (() => void) | undefined;
    try {
      await settlePendingEdits();
      const state = store.get(requestStateAtom);
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
      setResponse((previous) => ({ ...previous, failure: null, pending: true, live: null }));
      store.set(fieldErrorsAtom, null);
      releaseIdleWork = holdIdleWork();
      const time = Date.now();
      // History keeps the request as typed ({{variables}} and all); the jar answers for the URL sent.
      const url = finalUrl(baseUrl, state.url, state.pathParams, state.query);
      const sentUrl = finalUrl(baseUrl, resolved.url, resolved.pathParams, resolved.query);
      const entryBase = { id: newHistoryId(time), time, method: state.method, url, request: slimRequestState(state) };
      const sent = { method: state.method, url };
      try {
        const globalHeaders = await resolveGlobalHeaders(kiteConfig.globalHeaders ?? [], state.disabledGlobalHeaders, generateValue);
        const jarCookies = cookiesFor(store.get(cookieJarsAtom)[jarId] ?? [], sentUrl);
        // The viewer and the stream codec start loading with the call. A host that serves one request
        // at a time (Laravel under `php -S` or `artisan serve`) would send them only after a streamed
        // answer has ended, so there the call waits for them; the Node host serves both at once, and
        // waiting there cost every first Send after a page load its chunk round trips (~80 ms).
        const viewLoaded = loadResponseView();
        if (kiteConfig.host !== 'node') await viewLoaded;
        const relayOnce = (sending: RequestState) =>
          relay(relayRequestOf(sending, globalHeaders, jarCookies), abort.signal, undefined, (head) => {
            const live = createLiveStream(head);
            setResponse((previous) => ({ ...previous, live }));
            return (bytes, at) => live.push({ bytes, at });
          });
        // OAuth 2.0: sent with a valid access token (refreshed or fetched first, never a stale one);
        // a 401 gets one refresh and one more try, then is shown as it is (features/auth).
        const oauth = resolved.auth.type === 'oauth2' ? await import('../../auth/oauth-session') : null;
        const withToken = async (forceRefresh = false): Promise<RequestState> =>
          oauth ? { ...resolved, auth: { ...resolved.auth, token: await oauth.accessTokenForSend(store, resolved.auth, { forceRefresh }) } } : resolved;
        let result = await relayOnce(await withToken());
        if (oauth && result.meta.status === 401) result = await relayOnce(await withToken(true));
        if (result.meta.cookies.length > 0) store.set(cookieJarsAtom, jarId, (jar) => storeCookies(jar, result.meta.cookies, result.meta.url || sentUrl));
        const kept = historyBody(result.body); // copied before the viewer may transfer the body away
        // A validation answer's messages go to their fields (the mapping loads with the first 422).
        if (result.meta.status === 422) {
          const body = result.body.slice(0);
          void import('./note-field-errors').then((note) => note.noteFieldErrors(store, state, body));
        }
        const captureInput = state.captures.length > 0 ? captureInputOf(result) : null;
        const tests = assertionInputOf(result, state.assertions.length > 0);
        setResponse({ result, failure: null, pending: false, sent, tests });
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
        return state;
      } catch (error) {
        const failure: RelayFailure =
          error instanceof RelayFailureError ? error.failure : { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
        // The events a cancelled (or broken) stream brought stay in view under the failure.
        setResponse((previous) => ({ result: null, failure, pending: false, live: previous.live, sent }));
        if (failure.code !== 'ABORTED') {
          setHistoryId(entryBase.id);
          void history.add({ ...entryBase, failure, size: 0, durationMs: Date.now() - time, hasBody: false, bodyCut: false });
        }
        return undefined;
      }
    } finally {
      if (controllers.current.get(from) === abort) controllers.current.delete(from);
      // After the frame that draws the answer (or the failure), prefetches may go on.
      const release = releaseIdleWork;
      if (release) requestAnimationFrame(() => setTimeout(release, 0));
    }
  }, [store, history, baseUrl, jarId, onRoutesRevision]);

  /** Cancels the request of the tab on screen. */
  const cancel = useCallback(() => (controllers.current.get(owner.current) ?? controllers.current.get(''))?.abort(), []);

  return { response, setResponse: setResponseState, send, cancel, historyId, setHistoryId: setHistoryIdState, enter, forget, onBackgroundHistory };
}

