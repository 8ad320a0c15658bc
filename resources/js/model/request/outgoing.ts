// The request as it goes out, in one shape for every export (Copy as cURL, code in other
// languages): the final URL, every header (the host's global headers, auth, content type), the
// body. It describes the relay request (relay-request.ts relayRequestOf), the one mapping Send
// uses too, so an export says what Kite sends. Auth types only the host can apply (the logged-in
// user's session, impersonation) have no equivalent outside Kite: `hostOnlyAuthNote` says what an
// export lacks.
import type { HttpMethod, RelayRequest } from '../../../../protocol/types';
import { hostOnlyAuthNote } from './auth-notes';
import { relayTargetUrl } from './relay-request';
import { exportedCredential } from '../auth/api-key';

export interface ExportOptions {
  baseUrl: string;
  /** Token and password as typed (true), or as placeholders (false: the default). */
  includeSecrets?: boolean;
}

export type OutgoingPart = { name: string; value: string } | { name: string; file: { filename: string; contentType: string } };

export type OutgoingBody =
  | { kind: 'none' }
  | { kind: 'text'; text: string; contentType: string; json: boolean }
  | { kind: 'form'; fields: Array<{ name: string; value: string }> }
  | { kind: 'multipart'; parts: OutgoingPart[] };

export interface OutgoingRequest {
  method: HttpMethod;
  url: string;
  headers: Array<{ name: string; value: string }>;
  basicAuth?: { username: string; password: string };
  /** Digest: only a client that answers the server's challenge can use it (cURL's `--digest`); other code gets `hostOnlyAuthNote`. */
  digestAuth?: { username: string; password: string };
  body: OutgoingBody;
  /** What the request lacks outside Kite (the logged-in user's session, impersonation), if anything. */
  hostOnlyAuthNote: string | null;
}

/**
 * Placeholders for secrets an export leaves out: `{{name}}` references, the one convention of every
 * export (cURL keeps secret variables as `{{name}}` too), so a pasted copy fills in from a variable.
 */
export const SECRET_PLACEHOLDERS = { token: '{{token}}', password: '{{password}}' } as const;

export function describeOutgoing(request: RelayRequest, options: ExportOptions): OutgoingRequest {
  const secrets = options.includeSecrets ?? false;
  const { authorization } = request;
  const headers = request.headers.map(({ name, value }) => ({ name, value }));
  const hasHeader = (name: string) => headers.some((header) => header.name.toLowerCase() === name.toLowerCase());
  if (authorization.type === 'bearer' && !hasHeader('authorization')) {
    headers.push({ name: 'Authorization', value: `Bearer ${secrets ? authorization.token : SECRET_PLACEHOLDERS.token}` });
  }
  const credential = exportedCredential(authorization, authorization.type === 'api-key' && secrets ? authorization.value : SECRET_PLACEHOLDERS.token);
  if (credential?.in === 'header' && !hasHeader(credential.name)) headers.push({ name: credential.name, value: credential.value });
  const query = credential?.in === 'query' ? [...request.query, { name: credential.name, value: credential.value }] : request.query;
  const text = (body: string, contentType: string, json: boolean): OutgoingBody => {
    if (contentType && !hasHeader('content-type')) headers.push({ name: 'Content-Type', value: contentType });
    return { kind: 'text', text: body, contentType, json };
  };
  const relayed = request.body;
  let body: OutgoingBody = { kind: 'none' };
  if (relayed.type === 'json') body = text(relayed.text, 'application/json', true);
  else if (relayed.type === 'raw') body = text(relayed.text, relayed.contentType ?? '', false);
  else if (relayed.type === 'form') body = { kind: 'form', fields: relayed.fields };
  else if (relayed.type === 'multipart') {
    body = {
      kind: 'multipart',
      parts: relayed.fields.map((field) =>
        field.kind === 'file' ? { name: field.name, file: { filename: field.filename, contentType: field.contentType } } : { name: field.name, value: field.value },
      ),
    };
  }
  return {
    method: request.method,
    url: relayTargetUrl(options.baseUrl, { url: request.url, query }),
    headers,
    basicAuth: authorization.type === 'basic' ? { username: authorization.username, password: secrets ? authorization.password : SECRET_PLACEHOLDERS.password } : undefined,
    digestAuth: authorization.type === 'digest' ? { username: authorization.username, password: secrets ? authorization.password : SECRET_PLACEHOLDERS.password } : undefined,
    body,
    hostOnlyAuthNote: hostOnlyAuthNote(authorization),
  };
}
