// Where a request opened from a shared link goes, as its receiver should see it before sending: a
// link chooses the URL and may switch the environment, so `{{secret}}` in its URL would carry the
// receiver's secret to a destination the link picked. Pure; the tab strip shows and asks.
import { finalUrl } from '../../model/request/url';
import type { RequestState } from '../../model/request/request-state';
import { publicScope, resolveRequest, type VariableScope } from '../../model/workspace/variables';

/** "GET https://api.test/users/2?q={{token}}": non-secret variables filled in, secret ones kept as `{{name}}`. */
export function sharedDestination(state: RequestState, baseUrl: string, scope: VariableScope): string {
  const { state: resolved } = resolveRequest(state, publicScope(scope));
  const url = finalUrl(baseUrl, resolved.url, resolved.pathParams, resolved.query);
  return `${state.method} ${readableUrl(url)}`;
}

/** The secret variables the request's URL, path parameters or sent query rows use. */
export function secretsInDestination(state: RequestState, scope: VariableScope): string[] {
  const urlOnly: RequestState = { ...state, headers: [], bodyType: 'none', auth: { ...state.auth, type: 'none' } };
  return resolveRequest(urlOnly, scope).secrets;
}

/** Percent-escapes a person reads as characters (`{{name}}`, spaces, accents) shown as such. */
function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
