// The authorization an API's document declares, as auth settings Kite can use: each security
// scheme becomes a pre-filled auth (an API key's name and place, OAuth 2.0's token URL and scopes),
// the schemes an operation asks for come first, and an operation that declares security starts
// with its first scheme. Pure.
import type { OAuthFlow, RouteInfo, SecurityScheme } from '../../../../protocol/types';
import type { AuthState } from '../request/request-state';
import type { OAuthGrant } from './oauth-grants';

/** An auth the document declares: the scheme's name, what the Auth tab says of it, and the settings it fills in. */
export interface DeclaredAuth {
  scheme: string;
  label: string;
  auth: Partial<AuthState> & Pick<AuthState, 'type'>;
}

/** OAuth 2.0 flows in the order Kite prefers them (password last: legacy). */
const FLOW_GRANTS: ReadonlyArray<[keyof NonNullable<Extract<SecurityScheme, { type: 'oauth2' }>['flows']>, OAuthGrant]> = [
  ['authorizationCode', 'authorization_code'],
  ['clientCredentials', 'client_credentials'],
  ['password', 'password'],
];

/** The auth settings a scheme fills in (scopes: those the operation asks for, else every scope of the flow); null when Kite cannot use it. */
export function schemeAuth(name: string, scheme: SecurityScheme, scopes: string[] = []): DeclaredAuth | null {
  switch (scheme.type) {
    case 'apiKey':
      return { scheme: name, label: `${name} — API key in ${scheme.in} ${scheme.name}`, auth: { type: 'api-key', keyIn: scheme.in, keyName: scheme.name, scheme: name } };
    case 'http': {
      if (scheme.scheme === 'basic') return { scheme: name, label: `${name} — Basic Auth`, auth: { type: 'basic', scheme: name } };
      if (scheme.scheme === 'bearer') return { scheme: name, label: `${name} — Bearer Token${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`, auth: { type: 'bearer', scheme: name } };
      return null;
    }
    case 'oauth2': {
      const found = FLOW_GRANTS.map(([flow, grant]) => [scheme.flows[flow], grant] as const).find(([flow]) => flow !== undefined);
      if (!found) return null;
      const [flow, grant] = found as [OAuthFlow, OAuthGrant];
      const scope = (scopes.length ? scopes : Object.keys(flow.scopes)).join(' ');
      return {
        scheme: name,
        label: `${name} — OAuth 2.0 (${GRANT_LABELS[grant]})`,
        auth: { type: 'oauth2', grant, tokenUrl: flow.tokenUrl ?? '', authorizationUrl: flow.authorizationUrl ?? '', scope, scheme: name },
      };
    }
    case 'openIdConnect':
      return { scheme: name, label: `${name} — OpenID Connect: an access token as Bearer`, auth: { type: 'bearer', scheme: name } };
    default:
      return null;
  }
}

export const GRANT_LABELS: Record<OAuthGrant, string> = {
  authorization_code: 'authorization code with PKCE',
  client_credentials: 'client credentials',
  device_code: 'device code',
  password: 'password, legacy',
};

/**
 * The auths to offer for a route: the schemes its security names, in order, then the document's
 * other schemes. A route that declares no security offers the document's schemes.
 */
export function declaredAuths(route: Pick<RouteInfo, 'security'> | undefined, schemes: Record<string, SecurityScheme> | undefined): DeclaredAuth[] {
  if (!schemes) return [];
  const offered: DeclaredAuth[] = [];
  const seen = new Set<string>();
  const add = (name: string, scopes: string[] = []) => {
    if (seen.has(name) || !schemes[name]) return;
    seen.add(name);
    const declared = schemeAuth(name, schemes[name], scopes);
    if (declared) offered.push(declared);
  };
  for (const requirement of route?.security ?? []) for (const [name, scopes] of Object.entries(requirement)) add(name, scopes);
  for (const name of Object.keys(schemes)) add(name);
  return offered;
}

/** The scheme names a route's security requirements name, in order. */
export function routeSchemeNames(route: Pick<RouteInfo, 'security'> | undefined): string[] {
  return [...new Set((route?.security ?? []).flatMap((requirement) => Object.keys(requirement)))];
}

/**
 * The auth of a request opened on a route that declares security: the first scheme it names, with
 * what was typed for that scheme kept; an auth the user chose that the route also accepts (or any
 * auth on a route that declares none) stays as it is.
 */
export function authForRoute(auth: AuthState, route: Pick<RouteInfo, 'security'> | undefined, schemes: Record<string, SecurityScheme> | undefined): AuthState {
  const names = routeSchemeNames(route);
  if (names.length === 0 || (auth.scheme && names.includes(auth.scheme))) return auth;
  const first = declaredAuths(route, schemes)[0];
  if (!first || !names.includes(first.scheme)) return auth;
  return applyDeclaredAuth(auth, first);
}

/** The auth with a declared scheme's settings in place; the credentials typed stay (a token is a token). */
export function applyDeclaredAuth(auth: AuthState, declared: DeclaredAuth): AuthState {
  // A bearer token is no API key: the token field starts empty when the type changes.
  return { ...auth, ...(declared.auth.type === auth.type ? {} : { token: '' }), ...declared.auth };
}

/** The schemes a route names, each with what it is ("ApiKeyAuth: API key in header X-API-Key"), for the Docs panel. */
export function routeSchemeLabels(route: Pick<RouteInfo, 'security'> | undefined, schemes: Record<string, SecurityScheme> | undefined): string[] {
  const names = routeSchemeNames(route);
  return declaredAuths(route, schemes)
    .filter((declared) => names.includes(declared.scheme))
    .map((declared) => declared.label);
}
