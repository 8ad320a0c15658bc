// Where an API key goes on a request exported outside Kite (cURL, code): its header, query
// parameter or cookie. It reads the relay request's authorization (relay-request.ts relayRequestOf,
// the one mapping), so an export puts the key where Send does. An OAuth 2.0 token is a bearer there
// already. Pure.
import type { RelayRequest } from '../../../../protocol/types';

export type ExportedCredential = { in: 'header' | 'query'; name: string; value: string } | null;

/** `value` is the key as the export shows it (typed, or a `{{placeholder}}`). */
export function exportedCredential(authorization: RelayRequest['authorization'], value: string): ExportedCredential {
  if (authorization.type !== 'api-key' || !authorization.name) return null;
  if (authorization.in === 'query') return { in: 'query', name: authorization.name, value };
  if (authorization.in === 'cookie') return { in: 'header', name: 'Cookie', value: `${authorization.name}=${value}` };
  return { in: 'header', name: authorization.name, value };
}
