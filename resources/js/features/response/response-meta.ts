// Pure helpers for the response summary line: status class, sizes, relative arrival time.

export type StatusClass = 'informational' | 'success' | 'redirect' | 'client-error' | 'server-error' | 'unknown';

/** The class of an HTTP status code, which picks its colour (2xx green, 3xx blue, 4xx amber, 5xx red). */
export function statusClass(status: number): StatusClass {
  if (!Number.isInteger(status)) return 'unknown';
  if (status >= 100 && status < 200) return 'informational';
  if (status >= 200 && status < 300) return 'success';
  if (status >= 300 && status < 400) return 'redirect';
  if (status >= 400 && status < 500) return 'client-error';
  if (status >= 500 && status < 600) return 'server-error';
  return 'unknown';
}
