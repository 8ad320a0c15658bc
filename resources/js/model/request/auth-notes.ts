// What a request exported outside Kite (a cURL command, code in another language) lacks: the
// logged-in user's session and impersonation are applied by Kite's host when it relays the
// request, so no exported request can carry them. One wording for every export.
import type { AuthorizationType } from '../../../../protocol/types';

/** For the request as typed (its AuthState) or as relayed (its RelayAuthorization). */
export function hostOnlyAuthNote(auth: { type: AuthorizationType; userId?: string }): string | null {
  switch (auth.type) {
    case 'current-user':
      return "The command does not carry the logged-in user's session: Kite's host adds it when it relays the request.";
    case 'impersonate':
      return `The command does not impersonate user ${auth.userId || '(no ID)'}: only Kite's host can.`;
    case 'digest':
      return "The command sends no Digest credentials: Kite's host answers the server's challenge when it relays the request.";
    default:
      return null;
  }
}
