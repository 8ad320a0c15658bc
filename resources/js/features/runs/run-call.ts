// POST run on the one host client: the host runs the whole sequence in one call (so the spec's
// 200 ms floor holds for the run, not for each request) and streams a RunEvent per line. A host
// refusal is toasted by the client (`HTTP error! status: {status}`) and rejects; an abort of
// `signal` closes the call, and the host stops the run.
import { API_ENDPOINTS } from '../../../../protocol/endpoints.js';
import type { RunEvent, RunRequest } from '../../../../protocol/types';
import type { KyInstance } from 'ky';
import { hostClient } from '../../lib/http/client';
import { ndjsonReader } from '../../model/runs/run-events';

export async function runOnHost(request: RunRequest, signal: AbortSignal, onEvent: (event: RunEvent) => void, client: KyInstance = hostClient): Promise<void> {
  const response = await client.post(API_ENDPOINTS.run, { json: request, signal });
  if (!response.body) throw new Error('The host answered the run with no body');
  const lines = ndjsonReader(onEvent);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    lines.push(value);
  }
  lines.end();
}
