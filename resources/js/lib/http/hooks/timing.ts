import type { ResponseStep } from '../host-fetch';

/** Every host call takes at least this long, so fast answers do not flash the UI. */
export const MINIMUM_DURATION_MS = 200;

/**
 * A per-call option (ky hands unknown options to fetch): the caller holds the answer back itself,
 * so an OK response is handed on at once, its body read during the hold, and only the time it may
 * be shown from ({@link responseFloor}) is attached. A non-OK one is held here as any other (its
 * toast comes after this step).
 */
export const HELD_BY_CALLER = 'kiteHeldByCaller';

const durations = new WeakMap<Response, number>();
const floors = new WeakMap<Response, number>();

/** Attaches the measured duration (network time, before any hold-back) to the response. */
export const stampDuration: ResponseStep = (response, call) => {
  durations.set(response, performance.now() - call.startedAt);
};

/** Holds the response back until `minimumMs` have passed since the call began. */
export function holdForMinimumDuration(minimumMs: number = MINIMUM_DURATION_MS): ResponseStep {
  return async (response, call) => {
    const floor = call.startedAt + minimumMs;
    if (response.ok && (call.init as Record<string, unknown>)[HELD_BY_CALLER] === true) {
      floors.set(response, floor);
      return;
    }
    await untilFloor(floor);
  };
}

/**
 * Resolves once performance.now() has reached `floor` (at once when it has); rejects with the
 * signal's reason when it is aborted first, so a cancel during the hold wins.
 */
export function untilFloor(floor: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (performance.now() >= floor) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout>;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    // A timer may fire a fraction of a millisecond before its delay by performance.now() (delays
    // are whole milliseconds, clocks differ): the floor is checked again, never assumed.
    const wait = () => {
      const remaining = floor - performance.now();
      if (remaining > 0) {
        timer = setTimeout(wait, Math.ceil(remaining));
        return;
      }
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    wait();
  });
}

/** The duration in ms that `stampDuration` measured for this response, if it came from the host client. */
export function responseDuration(response: Response): number | undefined {
  return durations.get(response);
}

/** When a response handed on early ({@link HELD_BY_CALLER}) may be shown (performance.now() time); undefined when it was held here. */
export function responseFloor(response: Response): number | undefined {
  return floors.get(response);
}
