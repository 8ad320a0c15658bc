// A host's refusal is JSON `{ error: { code, message, field? } }` (protocol/types.ts ErrorBody).
import type { ErrorBody } from '../../../../protocol/types';

/** The host's error body of a non-OK response, or null when it sent none (read from a clone). */
export async function readHostError(response: Response): Promise<ErrorBody | null> {
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return null;
  try {
    const body = (await response.clone().json()) as ErrorBody;
    return body && typeof body === 'object' && body.error && typeof body.error.message === 'string' ? body : null;
  } catch {
    return null;
  }
}
