// The request as it goes out, in one shape for every export (Copy as cURL, code in other
// languages): the final URL, every header (the host's global headers, auth, content type), the
// body. Auth types only the host can apply (the logged-in user's session, impersonation) have no
// equivalent outside Kite: `hostOnlyAuthNote` says what an export lacks.
import type { HttpMethod } from '../../../../../protocol/types';
import { hostOnlyAuthNote } from './auth-notes';
import type { RequestState } from './request-state';
import { activeRows, finalUrl } from './url';
import { exportedCredential } from '../../../model/auth/api-key';

export interface ExportOptions {
  baseUrl: string;
  /** The host's global headers with generator values already resolved. */
  globalHeaders?: Array<{ name: string; value: string }>;
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
  body: OutgoingBody;
  /** What the request lacks outside Kite (the logged-in user's session, impersonation), if anything. */
  hostOnlyAuthNote: string | null;
}

/**
 * Placeholders for secrets an export leaves out: `{{name}}` references, the one convention of every
 * export (cURL keeps secret variables as `{{name}}` too), so a pasted copy fills in from a variable.
 */
export const SECRET_PLACEHOLDERS = { token: '{{token}}', password: '{{password}}' } as const;

export function describeOutgoing(state: RequestState, options: ExportOptions): OutgoingRequest {
  const secrets = options.includeSecrets ?? false;
  const headers = [...(options.globalHeaders ?? []).filter((header) => !state.disabledGlobalHeaders.includes(header.name)), ...activeRows(state.headers)].map(
    ({ name, value }) => ({ name, value }),
  );
  const hasHeader = (name: string) => headers.some((header) => header.name.toLowerCase() === name.toLowerCase());
  if (state.auth.type === 'bearer' && !hasHeader('authorization')) {
    headers.push({ name: 'Authorization', value: `Bearer ${secrets ? state.auth.token : SECRET_PLACEHOLDERS.token}` });
  }
  const credential = exportedCredential(state.auth, secrets ? state.auth.token : SECRET_PLACEHOLDERS.token);
  if (credential?.in === 'header' && !hasHeader(credential.name)) headers.push({ name: credential.name, value: credential.value });
  const query = credential?.in === 'query' ? [...state.query, { id: 'auth', enabled: true, name: credential.name, value: credential.value }] : state.query;
  const text = (body: string, contentType: string, json: boolean): OutgoingBody => {
    if (contentType && !hasHeader('content-type')) headers.push({ name: 'Content-Type', value: contentType });
    return { kind: 'text', text: body, contentType, json };
  };
  let body: OutgoingBody = { kind: 'none' };
  if (state.bodyType === 'json') body = text(state.jsonBody, 'application/json', true);
  else if (state.bodyType === 'raw') body = text(state.rawBody, state.rawContentType, false);
  else if (state.bodyType === 'form') body = { kind: 'form', fields: activeRows(state.formFields).map(({ name, value }) => ({ name, value })) };
  else if (state.bodyType === 'multipart') {
    body = {
      kind: 'multipart',
      parts: activeRows(state.multipartFields).map((field) =>
        field.kind === 'file' ? { name: field.name, file: { filename: field.file?.filename ?? 'file', contentType: field.file?.contentType ?? '' } } : { name: field.name, value: field.value },
      ),
    };
  }
  return {
    method: state.method,
    url: finalUrl(options.baseUrl, state.url, state.pathParams, query),
    headers,
    basicAuth: state.auth.type === 'basic' ? { username: state.auth.username, password: secrets ? state.auth.password : SECRET_PLACEHOLDERS.password } : undefined,
    body,
    hostOnlyAuthNote: hostOnlyAuthNote(state.auth),
  };
}
