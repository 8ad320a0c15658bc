// Parses and validates large JSON bodies off the main thread: JSON.parse of 5 MB and a walk over
// its values take 100–150 ms, long enough to drop frames while the user types. The page keeps
// small documents to itself (see json-validation.ts); both paths run the same checkJsonText.
/// <reference lib="webworker" />
import { checkJsonText } from '../../model/json-schema/json-schema-validate';
import type { ValidateReply, ValidateRequest } from './validate-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<ValidateRequest>) => {
  const { seq, text, schema, maxErrors } = event.data;
  let reply: ValidateReply;
  try {
    reply = { seq, check: checkJsonText(text, schema, { maxErrors }) };
  } catch (error) {
    reply = { seq, failed: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
};
