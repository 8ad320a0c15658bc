import { readHostError } from '../host-error';
import type { ResponseStep } from '../host-fetch';

export type FailureNotifier = (title: string, description?: string) => void;

/** The spec's text for a failed call; status 0 when no response arrived at all. */
export function httpErrorTitle(status: number): string {
  return `HTTP error! status: ${status}`;
}

/**
 * Shows 'HTTP error! status: {status}' for every non-OK response, described by the host's own
 * message (`{ error: { message } }`) when it sent one. The relay's refusals and failures (403,
 * 422, 502, 504) are such responses too: its response card shows their detail as well.
 */
export function notifyNonOkResponse(notify: FailureNotifier): ResponseStep {
  return async (response) => {
    if (response.ok) return;
    const hostError = await readHostError(response);
    notify(httpErrorTitle(response.status), hostError?.error.message ?? (response.statusText || undefined));
  };
}
