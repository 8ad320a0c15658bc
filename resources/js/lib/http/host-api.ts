// Typed calls to the three host protocol endpoints, on the one host client. The relay answer is a
// frame (a JSON metadata line, `\n`, raw body bytes) decoded into a RelayResult; every way a relay
// call can fail without a target response becomes a RelayFailure with the host's own message.
import { HTTPError, type KyInstance, type Options } from 'ky';
import { isRelayFrame, readRelayFrame } from '../../../../protocol/frame.js';
import type { RelayRequest, RelayStreamHead } from '../../../../protocol/types';
import { hostClient, responseDuration } from './client';
import { readHostError } from './host-error';
import { HostTimeoutError, isAbortError, LARGE_ANSWER } from './host-fetch';
import { HELD_BY_CALLER, responseFloor, untilFloor } from './hooks/timing';
import type { RelayFailure, RelayResult } from './relay-result';

/** Told of a streamed answer's head at once; the function it returns gets each piece and its time (ms since the call began). */
export type OnRelayStream = (head: RelayStreamHead) => ((bytes: Uint8Array, at: number) => void) | void;

export { fetchRoutes, fetchStatus } from './client';

/** Thrown by {@link relay} when no target response came back; carries the {@link RelayFailure}. */
export class RelayFailureError extends Error {
  constructor(readonly failure: RelayFailure) {
    super(failure.message);
    this.name = 'RelayFailureError';
  }
}

/** Told of a whole, non-streamed answer as soon as it is decoded, before the 200 ms floor: to prepare it out of sight. */
export type OnRelayPrepared = (result: RelayResult) => void;

/** The performance mark set when a relay answer has been read whole. */
export const RELAY_RECEIVED_MARK = 'kite:relay-received';
/** The performance mark set when a relay answer or failure may be shown (the spec's floor), for the benchmarks and the end-to-end tests. */
export const RELAY_FLOOR_MARK = 'kite:relay-floor';

/**
 * Sends one request through the host's relay. Rejects with RelayFailureError only. A streamed
 * answer (protocol/frame-stream.js) is shown to `onStream` as it arrives and resolves, once whole,
 * like any other, with the arrival of its pieces.
 *
 * The spec's 200 ms floor is held here, not before the body is read: the answer is received and
 * decoded during the hold, handed to `onPrepared` at once, and the call resolves at the floor
 * (call start + 200 ms). A streamed answer is shown to `onStream` from the floor on, with the pieces
 * that came before it. A cancel during the hold rejects with ABORTED: nothing prepared is shown.
 */
export async function relay(
  request: RelayRequest,
  signal?: AbortSignal,
  client: KyInstance = hostClient,
  onStream?: OnRelayStream,
  onPrepared?: OnRelayPrepared,
): Promise<RelayResult> {
  const startedAt = performance.now();
  let response: Response;
  try {
    // A refusal or failure of the relay is a non-OK host response: the client toasts it (spec §8)
    // and the response card shows its code and message.
    response = await client.post('relay', { json: request, signal, [LARGE_ANSWER]: true, [HELD_BY_CALLER]: true } as Options);
  } catch (error) {
    throw new RelayFailureError(await failureFrom(error, signal));
  }
  // When the answer may be shown (the host client held a non-OK one, or one from a client without the hold, itself).
  const floor = responseFloor(response) ?? performance.now();
  try {
    const headersMs = responseDuration(response) ?? performance.now() - startedAt;
    if (!isRelayFrame(response.headers.get('content-type')) || !response.body) {
      throw new RelayFailureError({
        status: response.status,
        code: 'INVALID_RELAY_RESPONSE',
        message: `The host answered with ${response.headers.get('content-type') ?? 'no content type'} instead of a relay frame.`,
      });
    }
    const bodyStartedAt = performance.now();
    let arrivals: RelayResult['arrivals'];
    const { meta, body } = await readRelayFrame(response.body, {
      onStream(head) {
        const pieces: NonNullable<RelayResult['arrivals']> = (arrivals = []);
        // Held back like any answer: the stream is shown from the floor on, the pieces before it at once then.
        let early: [Uint8Array, number][] | null = [];
        let sink: ReturnType<OnRelayStream>;
        const show = () => {
          sink = onStream?.(head);
          for (const [bytes, at] of early ?? []) sink?.(bytes, at);
          early = null;
        };
        if (performance.now() >= floor) show();
        else untilFloor(floor, signal).then(show, () => undefined);
        let end = 0;
        return (bytes) => {
          const at = performance.now() - startedAt;
          end += bytes.length;
          pieces.push([end, at]);
          if (early) early.push([bytes, at]);
          else sink?.(bytes, at);
        };
      },
    });
    const durationMs = headersMs + (performance.now() - bodyStartedAt);
    // For the benchmarks and the browser's performance panel: the whole answer is in the page.
    performance.mark(RELAY_RECEIVED_MARK);
    const result: RelayResult = { meta, body, durationMs, receivedAt: Date.now(), ...(arrivals ? { arrivals } : {}) };
    if (!arrivals) onPrepared?.(result);
    await untilFloor(floor, signal);
    performance.mark(RELAY_FLOOR_MARK);
    return result;
  } catch (error) {
    // A failure after the head is shown at the floor too, unless the user cancelled.
    if (!signal?.aborted) {
      await untilFloor(floor);
      performance.mark(RELAY_FLOOR_MARK);
    }
    if (error instanceof RelayFailureError) throw error;
    throw new RelayFailureError(await failureFrom(error, signal));
  }
}

/** The host's `{ error: { code, message } }` when it sent one, else what the failure was. */
export async function failureFrom(error: unknown, signal?: AbortSignal): Promise<RelayFailure> {
  if (signal?.aborted && (isAbortError(error) || error === signal.reason)) {
    return { code: 'ABORTED', message: 'The request was cancelled.' };
  }
  if (error instanceof HostTimeoutError) return { code: 'TIMEOUT', message: error.message };
  if (error instanceof HTTPError) {
    const { response } = error;
    const body = await readHostError(response);
    return {
      status: response.status,
      code: body?.error.code ?? `HTTP_${response.status}`,
      message: body?.error.message ?? `The host answered ${response.status} ${response.statusText}`.trim(),
      field: body?.error.field,
    };
  }
  return { code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : String(error) };
}
