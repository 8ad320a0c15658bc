// The fetch that the host client runs on: it owns the timeout (so a timeout is told apart from the
// user's own cancel), reports every call that failed without a response, runs the steps that
// follow a response (./hooks: XSRF retry, duration stamp, minimum duration, error toast), and lets
// a call whose answer may be large be received off the page's thread.
//
// The steps run here and not as ky's afterResponse hooks because ky hands each of those hooks a
// clone of the response: a tee of its body, so every hook made the page's thread copy all of a
// 100 MB answer once more.
import { httpErrorTitle, type FailureNotifier } from './hooks/error-toast';

export const HOST_TIMEOUT_MS = 30_000;

export class HostTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The host did not answer within ${timeoutMs} ms`);
    this.name = 'HostTimeoutError';
  }
}

export function isAbortError(error: unknown): boolean {
  // Compared by name: fetch implementations throw DOMExceptions of their own realm.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * A per-call option (ky hands unknown options to fetch): this call's answer may be tens of
 * megabytes, so its bytes are received by `largeAnswerFetch` (the fetch worker), not on the page's thread.
 */
export const LARGE_ANSWER = 'kiteLargeAnswer';

/** What a step after the response knows of its call. */
export interface HostCall {
  /** An unsent copy of the request, body included, to send again. */
  spare: Request;
  /** The call's own options (ky's unknown options, such as LARGE_ANSWER). */
  init: RequestInit;
  /** When the call was sent (performance.now()). */
  startedAt: number;
  /** Sends a request with this fetch's timeout and failure report; no steps run for it. */
  send(request: Request, init: RequestInit): Promise<Response>;
}

/** Runs after a response arrived, in order, on the response itself; a returned response replaces it. */
export type ResponseStep = (response: Response, call: HostCall) => Promise<Response | void> | Response | void;

export interface HostFetchOptions {
  timeoutMs: number;
  notify: FailureNotifier;
  fetch?: typeof fetch;
  largeAnswerFetch?: typeof fetch;
  steps?: ResponseStep[];
}

/** The page's own fetch, looked up at each call (a test may replace `globalThis.fetch`). */
export const pageFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

export function createHostFetch(options: HostFetchOptions) {
  const baseFetch = options.fetch ?? pageFetch;
  const largeAnswerFetch = options.largeAnswerFetch ?? baseFetch;
  const steps = options.steps ?? [];

  const send = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const timeoutController = new AbortController();
    const timer = setTimeout(() => timeoutController.abort(new HostTimeoutError(options.timeoutMs)), options.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutController.signal]) : timeoutController.signal;
    const { notify } = options;
    try {
      const transport = (init as Record<string, unknown> | undefined)?.[LARGE_ANSWER] === true ? largeAnswerFetch : baseFetch;
      return await transport(input, { ...init, signal });
    } catch (error) {
      if (timeoutController.signal.aborted) {
        const timeout = timeoutController.signal.reason as HostTimeoutError;
        notify(httpErrorTitle(0), timeout.message);
        throw timeout;
      }
      // The user's own cancel is not a failure worth a toast.
      if (!(callerSignal?.aborted && isAbortError(error))) {
        notify(httpErrorTitle(0), error instanceof Error ? error.message : String(error));
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const spare = request.clone();
    const startedAt = performance.now();
    let response = await send(request, init);
    const call: HostCall = { spare, init, startedAt, send };
    for (const step of steps) response = (await step(response, call)) ?? response;
    return response;
  };
}
