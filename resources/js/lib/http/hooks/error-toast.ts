import type { AfterResponseHook } from 'ky';

export type FailureNotifier = (title: string, description?: string) => void;

/** The spec's text for a failed call; status 0 when no response arrived at all. */
export function httpErrorTitle(status: number): string {
  return `HTTP error! status: ${status}`;
}

/** Shows 'HTTP error! status: {status}' for every non-OK response. */
export function notifyNonOkResponse(notify: FailureNotifier): AfterResponseHook {
  return (_request, _options, response) => {
    if (!response.ok) notify(httpErrorTitle(response.status), response.statusText || undefined);
  };
}
