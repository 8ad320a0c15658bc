// Typed calls to the three host protocol endpoints, on the one host client. The relay answer is a
// frame (a JSON metadata line, `\n`, raw body bytes) decoded into a RelayResult; every way a relay
// call can fail without a target response becomes a RelayFailure with the host's own message.
import { HTTPError, type KyInstance } from 'ky';
import { decodeRelayFrame, isRelayFrame } from '../../../../protocol/frame.js';
import type { ErrorBody, RelayRequest, RoutesResponse, StatusResponse } from '../../../../protocol/types';
import { hostClient, responseDuration } from './client';
import { HostTimeoutError, isAbortError } from './host-fetch';
import type { RelayFailure, RelayResult } from './relay-result';

export function fetchRoutes(client: KyInstance = hostClient, signal?: AbortSignal): Promise<RoutesResponse> {
  return client.get('routes', { signal }).json<RoutesResponse>();
}

export function fetchStatus(client: KyInstance = hostClient, signal?: AbortSignal): Promise<StatusResponse> {
  return client.get('status', { signal }).json<StatusResponse>();
}

/** Thrown by {@link relay} when no target response came back; carries the {@link RelayFailure}. */
export class RelayFailureError extends Error {
  constructor(readonly failure: RelayFailure) {
    super(failure.message);
    this.name = 'RelayFailureError';
  }
}

/** Decodes the bytes of a framed relay answer into a RelayResult. */
export function decodeRelayResult(frame: ArrayBuffer, durationMs: number, receivedAt = Date.now()): RelayResult {
  const { meta, body } = decodeRelayFrame(frame);
  // A view would keep the metadata bytes alive and confuse consumers that read `.byteLength`
  // of the underlying buffer; one copy of the body is cheap next to the network time.
  const ownBody = body.byteOffset === 0 && body.byteLength === frame.byteLength ? frame : frame.slice(body.byteOffset);
  return { meta, body: ownBody, durationMs, receivedAt };
}

/** Sends one request through the host's relay. Rejects with RelayFailureError only. */
export async function relay(request: RelayRequest, signal?: AbortSignal, client: KyInstance = hostClient): Promise<RelayResult> {
  const startedAt = performance.now();
  let response: Response;
  try {
    response = await client.post('relay', { json: request, signal });
  } catch (error) {
    throw new RelayFailureError(await failureFrom(error, signal));
  }
  try {
    const headersMs = responseDuration(response) ?? performance.now() - startedAt;
    const bodyStartedAt = performance.now();
    const frame = await response.arrayBuffer();
    const durationMs = headersMs + (performance.now() - bodyStartedAt);
    if (!isRelayFrame(response.headers.get('content-type'))) {
      throw new RelayFailureError({
        status: response.status,
        code: 'INVALID_RELAY_RESPONSE',
        message: `The host answered with ${response.headers.get('content-type') ?? 'no content type'} instead of a relay frame.`,
      });
    }
    return decodeRelayResult(frame, durationMs);
  } catch (error) {
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
    const body = await readErrorBody(response);
    return {
      status: response.status,
      code: body?.error.code ?? `HTTP_${response.status}`,
      message: body?.error.message ?? `The host answered ${response.status} ${response.statusText}`.trim(),
      field: body?.error.field,
    };
  }
  return { code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : String(error) };
}

async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const body = (await response.clone().json()) as ErrorBody;
    return body && typeof body === 'object' && body.error && typeof body.error.message === 'string' ? body : null;
  } catch {
    return null;
  }
}
