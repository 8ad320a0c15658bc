// Where an auth puts its credential on a request exported outside Kite (cURL, code): an API key as
// its header, query parameter or cookie, an OAuth 2.0 access token as a bearer. Pure.
import type { AuthState } from '../../features/client/request/request-state';

export type ExportedCredential = { in: 'header' | 'query'; name: string; value: string } | null;

/** `value` is the key or token as the export shows it (typed, or a `{{placeholder}}`). */
export function exportedCredential(auth: AuthState, value: string): ExportedCredential {
  if (auth.type === 'api-key' && auth.keyName) {
    if (auth.keyIn === 'query') return { in: 'query', name: auth.keyName, value };
    if (auth.keyIn === 'cookie') return { in: 'header', name: 'Cookie', value: `${auth.keyName}=${value}` };
    return { in: 'header', name: auth.keyName, value };
  }
  if (auth.type === 'oauth2') return { in: 'header', name: 'Authorization', value: `Bearer ${value}` };
  return null;
}
