// The fetch that the host client runs on: it owns the timeout (so a timeout is told apart from the
// user's own cancel) and reports every call that failed without a response.
import { callerShowsFailure, httpErrorTitle, type FailureNotifier } from './hooks/error-toast';

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

export function createHostFetch(options: { timeoutMs: number; notify: FailureNotifier; fetch?: typeof fetch }) {
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const timeoutController = new AbortController();
    const timer = setTimeout(() => timeoutController.abort(new HostTimeoutError(options.timeoutMs)), options.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutController.signal]) : timeoutController.signal;
    const notify = callerShowsFailure(init) ? () => {} : options.notify;
    try {
      return await baseFetch(input, { ...init, signal });
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
}
