// Messages between the JSON editor and validate-worker.ts; `seq` pairs a reply with its request.
import type { JsonSchema } from '../../../../protocol/types';
import type { JsonCheck } from '../../model/json-schema/json-schema-validate';

export interface ValidateRequest {
  seq: number;
  text: string;
  schema: JsonSchema | undefined;
  maxErrors: number;
}

export type ValidateReply = { seq: number; check: JsonCheck } | { seq: number; failed: string };
