import type { AfterResponseHook, BeforeRequestHook } from 'ky';

/** Every host call takes at least this long, so fast answers do not flash the UI. */
export const MINIMUM_DURATION_MS = 200;

// Keyed by ky's per-call options object: it is the one thing that both hook kinds receive unchanged
// (ky clones the Request between beforeRequest and the fetch).
const startedAt = new WeakMap<object, number>();
const durations = new WeakMap<Response, number>();

export const markRequestStart: BeforeRequestHook = (_request, options) => {
  startedAt.set(options, performance.now());
};

/**
 * Attaches the measured duration (network time, before any hold-back) to the response. Returns the
 * response it stamped, so ky hands that object to the caller.
 */
export const stampDuration: AfterResponseHook = (_request, options, response) => {
  const start = startedAt.get(options);
  if (start !== undefined) durations.set(response, performance.now() - start);
  return response;
};

/** Holds the response back until MINIMUM_DURATION_MS have passed since the call began. */
export function holdForMinimumDuration(minimumMs: number = MINIMUM_DURATION_MS): AfterResponseHook {
  return async (_request, options) => {
    const start = startedAt.get(options);
    if (start === undefined) return;
    const remaining = minimumMs - (performance.now() - start);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  };
}

/** The duration in ms that `stampDuration` measured for this response, if it came from the host client. */
export function responseDuration(response: Response): number | undefined {
  return durations.get(response);
}
