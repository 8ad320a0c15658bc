// The ONE HTTP client for every call from the app to its host. Each behaviour is a named hook in
// ./hooks: ky's beforeRequest hooks (marker header, XSRF) and the steps after a response that
// ./host-fetch runs (one retry with a fresh XSRF token after a 419, duration stamp, minimum
// duration, error toast); the timeout, the toast for calls that never got a response and the
// fetch worker for large answers live in ./host-fetch too.
import ky, { type KyInstance, type Options } from 'ky';
import { toast } from '../toast';
import type { RouteIndex, RouteIndexAsSent, RoutesResponse, RoutesResponseAsSent, StatusResponse } from '../../../../protocol/types';
import { API_ENDPOINTS } from '../../../../protocol/endpoints.js';
import { completeRouteIndex, completeRoutes, routesFormatProblem } from '../../../../protocol/route-refs.js';
import { kiteConfig } from '../config';
import { notifyNonOkResponse, type FailureNotifier } from './hooks/error-toast';
import { markAsXhr } from './hooks/requested-with';
import { holdForMinimumDuration, MINIMUM_DURATION_MS, stampDuration } from './hooks/timing';
import { sendXsrfToken } from './hooks/xsrf';
import { keepRequestText } from './hooks/request-text';
import { loadPageForXsrfToken, retryWithFreshXsrfToken } from './hooks/xsrf-retry';
import { createHostFetch, HOST_TIMEOUT_MS, LARGE_ANSWER, pageFetch } from './host-fetch';
import { createWorkerFetch, ROUTES_IN_LINES } from './worker-fetch';
import { ROUTES_LINES_HEADER } from './fetch-worker-messages';
import { routesFromLines } from './routes-lines';
import { concatBytes } from '../bytes';
import { nextBackgroundTask } from '../idle';

export { responseDuration } from './hooks/timing';

export interface HostClientOptions {
  prefixUrl: string;
  timeoutMs?: number;
  minimumDurationMs?: number;
  notify?: FailureNotifier;
  fetch?: typeof fetch;
  /** Gets a fresh XSRF cookie after a 419 (default: loads the Settings page under `basePath`). */
  refreshXsrfToken?: () => Promise<unknown>;
}

const toastFailure: FailureNotifier = (title, description) => {
  toast.error(title, description ? { description } : undefined);
};

export function createHostClient(options: HostClientOptions): KyInstance {
  const notify = options.notify ?? toastFailure;
  const hostFetch = createHostFetch({
    timeoutMs: options.timeoutMs ?? HOST_TIMEOUT_MS,
    notify,
    fetch: options.fetch,
    // A test's own fetch serves every call (host-fetch's default); otherwise large answers are received in the fetch worker.
    largeAnswerFetch: options.fetch ? undefined : createWorkerFetch(pageFetch),
    steps: [
      // First, so the other steps see the answer to the retry.
      retryWithFreshXsrfToken(options.refreshXsrfToken ?? loadPageForXsrfToken(pageUrl('settings'))),
      stampDuration,
      holdForMinimumDuration(options.minimumDurationMs ?? MINIMUM_DURATION_MS),
      notifyNonOkResponse(notify),
    ],
  });
  return ky.create({
    prefixUrl: options.prefixUrl,
    credentials: 'include',
    // The timeout lives in host-fetch, which can tell it apart from a user's cancel.
    timeout: false,
    retry: 0,
    fetch: hostFetch,
    // No afterResponse hooks: ky would tee the body for each (see ./host-fetch).
    hooks: { beforeRequest: [markAsXhr, sendXsrfToken, keepRequestText] },
  });
}

/** A page of the app under `basePath`, which every host serves with a fresh XSRF cookie when needed. */
function pageUrl(screen: string): string {
  return new URL(`${kiteConfig.basePath}/${screen}`, globalThis.location?.origin ?? 'http://localhost').toString();
}

/** `prefixUrl` must be absolute for ky; the page's origin makes a relative apiUrl absolute. */
export function absoluteApiUrl(apiUrl: string): string {
  const origin = globalThis.location?.origin ?? 'http://localhost';
  return new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, origin).toString();
}

export const hostClient: KyInstance = createHostClient({ prefixUrl: absoluteApiUrl(kiteConfig.apiUrl) });

// The two GET endpoints live here, beside the client, so that the first load and the Status
// screen can call them without the relay's frame codec (lib/http/host-api.ts re-exports them).
/**
 * A body's bytes as its stream gives them: the fetch worker's routes lines come as one piece,
 * handed on as it is. `arrayBuffer()` copied Graph's 9.5 MB through the stream first (15 ms).
 */
async function bodyBytes(response: Response): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const pieces: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value);
  return concatBytes(pieces);
}

export async function fetchRoutes(client: KyInstance = hostClient, signal?: AbortSignal, offThread = false): Promise<RoutesResponse> {
  // The body is read once, by the browser's own json(): ky's .json() first reads a clone of the
  // whole body to see whether it is empty, which for Graph's 9 MB tees the stream and reads it twice
  // through JavaScript streams on the page's thread (seconds of a busy machine before the first row).
  // `offThread`: its bytes are received by the fetch worker once it runs (LARGE_ANSWER): receiving
  // Graph's 9.3 MB took the page's thread 0.5 s of CPU at load 20, after the list's first frame.
  // The worker then parses them and sends them on as lines of JSON, parsed here a line at a time
  // (./routes-lines.ts): one JSON.parse of 9.3 MB was a task of 0.15-0.6 s of CPU at load 11-20.
  // Each line in a background task (nextBackgroundTask), so that a key typed meanwhile draws its list first.
  // A call cancelled meanwhile (a refresh replaced it) parses no further line.
  const answer = await client.get('routes', { signal, ...(offThread ? { [LARGE_ANSWER]: true, [ROUTES_IN_LINES]: true } : {}) } as Options);
  // The lines are read as bytes and decoded one at a time: Graph's 9.5 MB decoded at once was a task of 20-35 ms.
  const response = answer.headers.has(ROUTES_LINES_HEADER)
    ? await routesFromLines<RoutesResponseAsSent>(await bodyBytes(answer), () => nextBackgroundTask().then(() => signal?.throwIfAborted()))
    : ((await answer.json()) as RoutesResponseAsSent);
  // A format this page cannot read is refused, named, rather than shown half understood.
  const problem = routesFormatProblem(response);
  if (problem) throw new Error(problem);
  return completeRoutes(response);
}

/**
 * The route index of what `routes` answers (GET routes/index): what the route list shows and
 * searches, a fraction of a large catalogue's bytes, so the list draws before the routes arrive.
 */
export async function fetchRouteIndex(client: KyInstance = hostClient, signal?: AbortSignal): Promise<RouteIndex> {
  const answer = await client.get(API_ENDPOINTS.routeIndex, { signal });
  const index = (await answer.json()) as RouteIndexAsSent;
  const problem = routesFormatProblem(index);
  if (problem) throw new Error(problem);
  return completeRouteIndex(index);
}

export function fetchStatus(client: KyInstance = hostClient, signal?: AbortSignal): Promise<StatusResponse> {
  return client.get('status', { signal }).json<StatusResponse>();
}
