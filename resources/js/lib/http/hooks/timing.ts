import type { ResponseStep } from '../host-fetch';

/** Every host call takes at least this long, so fast answers do not flash the UI. */
export const MINIMUM_DURATION_MS = 200;

const durations = new WeakMap<Response, number>();

/** Attaches the measured duration (network time, before any hold-back) to the response. */
export const stampDuration: ResponseStep = (response, call) => {
  durations.set(response, performance.now() - call.startedAt);
};

/** Holds the response back until `minimumMs` have passed since the call began. */
export function holdForMinimumDuration(minimumMs: number = MINIMUM_DURATION_MS): ResponseStep {
  return async (_response, call) => {
    const remaining = minimumMs - (performance.now() - call.startedAt);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  };
}

/** The duration in ms that `stampDuration` measured for this response, if it came from the host client. */
export function responseDuration(response: Response): number | undefined {
  return durations.get(response);
}
