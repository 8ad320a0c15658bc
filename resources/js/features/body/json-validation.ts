// Where a JSON body is parsed and validated: documents up to WORKER_THRESHOLD_CHARS on the main
// thread (a few ms, and no message round trip), larger ones in validate-worker.ts so the page
// never blocks on JSON.parse of megabytes. When the worker cannot start or fails, validation falls
// back to the main thread: slower, never missing.
import type { JsonSchema } from '../../../../protocol/types';
import { moduleWorker } from '../../lib/module-worker';
import { type JsonCheck, checkJsonText } from '../../model/json-schema/json-schema-validate';
import type { ValidateReply, ValidateRequest } from './validate-protocol';

export const WORKER_THRESHOLD_CHARS = 256 * 1024;

export function validatesInWorker(length: number, workerAvailable: boolean): boolean {
  return workerAvailable && length > WORKER_THRESHOLD_CHARS;
}

interface Pending {
  resolve: (check: JsonCheck) => void;
  request: ValidateRequest;
}

let nextSeq = 1;
const pending = new Map<number, Pending>();

const validationWorker = moduleWorker<ValidateReply>('json-validate-worker.js', {
  onMessage(reply) {
    const waiting = pending.get(reply.seq);
    if (!waiting) return;
    pending.delete(reply.seq);
    waiting.resolve('check' in reply ? reply.check : onMainThread(waiting.request));
  },
  onBroken() {
    // Answer everything waiting here, and stay here.
    const waiting = [...pending.values()];
    pending.clear();
    for (const { resolve, request } of waiting) resolve(onMainThread(request));
  },
});

function onMainThread(request: ValidateRequest): JsonCheck {
  return checkJsonText(request.text, request.schema, { maxErrors: request.maxErrors });
}

/**
 * Parses `text` and validates it against `schema`. Every call gets its own answer; the caller
 * drops answers to texts it no longer shows (see JsonEditor's sequence number).
 */
export function validateJsonDocument(text: string, schema: JsonSchema | undefined, maxErrors: number): Promise<JsonCheck> {
  const request: ValidateRequest = { seq: nextSeq++, text, schema, maxErrors };
  const target = validatesInWorker(text.length, !validationWorker.broken()) ? validationWorker.get() : null;
  if (!target) return Promise.resolve(onMainThread(request));
  return new Promise((resolve) => {
    pending.set(request.seq, { resolve, request });
    target.postMessage(request);
  });
}
