import type { ResponseStep } from '../host-fetch';

export type FailureNotifier = (title: string, description?: string) => void;

/**
 * A per-call option (ky hands unknown options to fetch): the caller shows this
 * call's failure itself, as the relay's response card does, so no toast repeats it.
 */
export const CALLER_SHOWS_FAILURE = 'kiteCallerShowsFailure';

export function callerShowsFailure(options: object | undefined): boolean {
  return (options as Record<string, unknown> | undefined)?.[CALLER_SHOWS_FAILURE] === true;
}

/** The spec's text for a failed call; status 0 when no response arrived at all. */
export function httpErrorTitle(status: number): string {
  return `HTTP error! status: ${status}`;
}

/** Shows 'HTTP error! status: {status}' for every non-OK response whose caller does not show it. */
export function notifyNonOkResponse(notify: FailureNotifier): ResponseStep {
  return (response, call) => {
    if (!response.ok && !callerShowsFailure(call.init)) notify(httpErrorTitle(response.status), response.statusText || undefined);
  };
}
