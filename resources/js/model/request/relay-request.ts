// The relay call for the request being built: what the host needs, and nothing the user switched off.
// The one mapping RequestState → RelayRequest (relayRequestOf); the exports describe its result.
import { parseCookieHeader } from '../../../../protocol/cookies.js';
import type { GlobalHeader, RelayAuthorization, RelayBody, RelayRequest } from '../../../../protocol/types';
import { mergeCookieHeader } from './cookie-jar';
import type { RequestState } from './request-state';
import { activeRows, fillPathParams, joinUrl, missingPathParams, queryString, splitUrl } from './url';
import { EMPTY_SCOPE, resolveRequest, type VariableScope } from '../workspace/variables';

import { GENERATOR_PREFIX } from '../../../../protocol/endpoints.js';

/** The host's global headers the user left on, generator values (`generator:uuid`) resolved now. */
export async function resolveGlobalHeaders(
  headers: GlobalHeader[],
  disabled: string[],
  generate: (id: string) => unknown | Promise<unknown>,
): Promise<Array<{ name: string; value: string }>> {
  const result: Array<{ name: string; value: string }> = [];
  for (const header of headers) {
    if (disabled.includes(header.name)) continue;
    const value = header.value.startsWith(GENERATOR_PREFIX) ? await generatedValue(header.name, header.value.slice(GENERATOR_PREFIX.length).trim(), generate) : header.value;
    result.push({ name: header.name, value });
  }
  return result;
}

/** A generator-valued global header's value; a generator the kit lacks is named with its header (the host's config is wrong). */
async function generatedValue(header: string, id: string, generate: (id: string) => unknown | Promise<unknown>): Promise<string> {
  try {
    return String(await generate(id));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The global header ${header} asks for the generator '${id}', which Kite does not have (${reason}); use an id from the generator palette, e.g. ${GENERATOR_PREFIX}uuid.`);
  }
}

export function relayBody(state: RequestState): RelayBody {
  switch (state.bodyType) {
    case 'json':
      return { type: 'json', text: state.jsonBody };
    case 'form':
      return { type: 'form', fields: activeRows(state.formFields).map(({ name, value }) => ({ name, value })) };
    case 'multipart':
      return {
        type: 'multipart',
        fields: activeRows(state.multipartFields).map((row) =>
          row.kind === 'file'
            ? {
                name: row.name,
                kind: 'file' as const,
                filename: row.file?.filename ?? 'file',
                contentType: row.file?.contentType || 'application/octet-stream',
                base64: row.file?.base64 ?? '',
              }
            : { name: row.name, kind: 'text' as const, value: row.value },
        ),
      };
    case 'raw':
      return { type: 'raw', text: state.rawBody, contentType: state.rawContentType || undefined };
    default:
      return { type: 'none' };
  }
}

export function relayAuthorization(state: RequestState): RelayAuthorization {
  const { auth } = state;
  switch (auth.type) {
    case 'bearer':
      return { type: 'bearer', token: auth.token };
    case 'basic':
    case 'digest':
      return { type: auth.type, username: auth.username, password: auth.password };
    case 'impersonate':
      return { type: 'impersonate', userId: auth.userId };
    case 'api-key':
      return { type: 'api-key', in: auth.keyIn ?? 'header', name: auth.keyName ?? '', value: auth.token };
    case 'oauth2':
      // The sender puts the access token of this send in `token` (model/auth/token-store).
      return { type: 'bearer', token: auth.token };
    case 'current-user':
      return { type: 'current-user' };
    default:
      return { type: 'none' };
  }
}

/**
 * File parts Kite has no content for cannot be sent: not kept across a reload, named by an imported
 * cURL command (`-F file=@photo.png`), or never chosen. The user must choose them again.
 */
export function filesMissingContent(state: RequestState): string[] {
  if (state.bodyType !== 'multipart') return [];
  return activeRows(state.multipartFields)
    .filter((row) => row.kind === 'file' && row.file?.base64 === undefined)
    .map((row) => row.file?.filename ?? row.name);
}

export interface RequestProblem {
  title: string;
  description?: string;
}

/** Why the request cannot be sent as it is, caught before it goes out; null when it can. */
export function requestProblem(state: RequestState): RequestProblem | null {
  const missingFiles = filesMissingContent(state);
  if (missingFiles.length > 0) {
    return { title: 'Choose the files again', description: `Kite does not have their content (a reload or an imported cURL command does not carry it): ${missingFiles.join(', ')}` };
  }
  const missingParams = missingPathParams(splitUrl(state.url).path, state.pathParams);
  if (missingParams.length > 0) return { title: `Fill in the path ${missingParams.length === 1 ? 'parameter' : 'parameters'} ${missingParams.join(', ')} first` };
  if (state.auth.type === 'impersonate' && state.auth.userId.trim() === '') return { title: 'Fill in the user ID to impersonate first' };
  if (state.auth.type === 'api-key' && !state.auth.keyName?.trim()) return { title: "Fill in the API key's name first" };
  return null;
}

/**
 * The headers with the cookie jar's cookies merged into one Cookie header (typed cookies win by
 * name). `none` authorization sends no cookies, so the jar adds none then.
 */
export function withJarCookies(request: RelayRequest, jarCookies: Array<{ name: string; value: string }>): RelayRequest {
  if (jarCookies.length === 0 || request.authorization.type === 'none') return request;
  const isCookie = (header: { name: string }) => header.name.toLowerCase() === 'cookie';
  const typed = request.headers.filter(isCookie).flatMap((header) => parseCookieHeader(header.value));
  const merged = mergeCookieHeader(jarCookies, typed);
  return { ...request, headers: [...request.headers.filter((header) => !isCookie(header)), ...(merged ? [{ name: 'Cookie', value: merged }] : [])] };
}

/**
 * THE mapping of a request, its variables already resolved (resolveRequest, once), to the relay
 * call: what the host needs and nothing the user switched off. Send, Copy as cURL and the Code
 * dialog all start here (the exports through outgoing.ts), so they cannot disagree.
 */
export function relayRequestOf(
  state: RequestState,
  globalHeaders: Array<{ name: string; value: string }>,
  jarCookies: Array<{ name: string; value: string }> = [],
): RelayRequest {
  const { path, query: inlineQuery } = splitUrl(state.url);
  const global = globalHeaders.filter((header) => !state.disabledGlobalHeaders.includes(header.name));
  const request: RelayRequest = {
    ...(state.application ? { application: state.application } : {}),
    method: state.method,
    url: fillPathParams(path, state.pathParams) || '/',
    headers: [...global, ...activeRows(state.headers).map(({ name, value }) => ({ name, value }))],
    query: [...inlineQuery, ...activeRows(state.query).map(({ name, value }) => ({ name, value }))],
    body: relayBody(state),
    authorization: relayAuthorization(state),
    ...(state.transaction ? { transaction: true } : {}),
    ...(state.holdOutgoingHttp ? { holdOutgoingHttp: true } : {}),
  };
  return withJarCookies(request, jarCookies);
}

/**
 * The relay call for a request as typed: `{{variables}}` resolved from `scope` once (unresolved
 * ones are sent as typed), then relayRequestOf.
 */
export function buildRelayRequest(
  typed: RequestState,
  globalHeaders: Array<{ name: string; value: string }>,
  jarCookies: Array<{ name: string; value: string }> = [],
  scope: VariableScope = EMPTY_SCOPE,
): RelayRequest {
  return relayRequestOf(resolveRequest(typed, scope).state, globalHeaders, jarCookies);
}

/** The URL a relay request goes to, from the application's base URL: what previews and exports show. */
export function relayTargetUrl(baseUrl: string, request: Pick<RelayRequest, 'url' | 'query'>): string {
  const search = queryString(request.query);
  const url = joinUrl(baseUrl, request.url);
  return search ? `${url}?${search}` : url;
}
