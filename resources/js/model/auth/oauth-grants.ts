// The OAuth 2.0 grants Kite runs, and the form each token request sends (RFC 6749, RFC 7636, RFC 8628). Pure.

export type OAuthGrant = 'client_credentials' | 'authorization_code' | 'password' | 'device_code';

export const OAUTH_GRANTS: readonly OAuthGrant[] = ['authorization_code', 'client_credentials', 'device_code', 'password'];

/** RFC 8628 3.4: the device code grant's `grant_type`. */
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/** Grants that need a person to sign in: no new token without them (only a refresh). */
export const INTERACTIVE_GRANTS: readonly OAuthGrant[] = ['authorization_code', 'device_code'];

/** The grant of an OAuth 2.0 auth that names none. */
export const DEFAULT_GRANT: OAuthGrant = 'client_credentials';

export function isOAuthGrant(value: unknown): value is OAuthGrant {
  return OAUTH_GRANTS.includes(value as OAuthGrant);
}

/** A client's settings, `{{variables}}` already filled in. */
export interface OAuthClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export type TokenGrantRequest =
  | { grant: 'client_credentials' }
  | { grant: 'password'; username: string; password: string }
  | { grant: 'authorization_code'; code: string; codeVerifier: string; redirectUri: string }
  | { grant: 'device_code'; deviceCode: string }
  | { grant: 'refresh_token'; refreshToken: string };

type FormField = { name: string; value: string };

/**
 * The token request's form. The client authenticates in the form (`client_secret_post`, which every
 * server of the tests and Laravel Passport accept); a public client (no secret) sends its id only.
 */
export function tokenRequestForm(client: OAuthClient, request: TokenGrantRequest): FormField[] {
  const form: FormField[] = [{ name: 'grant_type', value: request.grant === 'device_code' ? DEVICE_CODE_GRANT_TYPE : request.grant }];
  switch (request.grant) {
    case 'device_code':
      form.push({ name: 'device_code', value: request.deviceCode });
      break;
    case 'password':
      form.push({ name: 'username', value: request.username }, { name: 'password', value: request.password });
      break;
    case 'authorization_code':
      form.push({ name: 'code', value: request.code }, { name: 'redirect_uri', value: request.redirectUri }, { name: 'code_verifier', value: request.codeVerifier });
      break;
    case 'refresh_token':
      form.push({ name: 'refresh_token', value: request.refreshToken });
      break;
    default:
      break;
  }
  // The scope was asked for when the code was (authorization request, device authorization request).
  if (client.scope.trim() && request.grant !== 'authorization_code' && request.grant !== 'device_code') form.push({ name: 'scope', value: client.scope.trim() });
  if (client.clientId) form.push({ name: 'client_id', value: client.clientId });
  if (client.clientSecret) form.push({ name: 'client_secret', value: client.clientSecret });
  return form;
}

/** Why the client's settings cannot make a token request, or null. */
export function clientProblem(client: OAuthClient, grant: OAuthGrant, authorizationUrl = ''): string | null {
  if (!client.tokenUrl.trim()) return 'Fill in the token URL first';
  if (!/^https?:\/\//i.test(client.tokenUrl.trim())) return `The token URL must be a full http(s) URL, not '${client.tokenUrl}'`;
  if (grant === 'authorization_code' && !/^https?:\/\//i.test(authorizationUrl.trim())) return 'Fill in the authorization URL (a full http(s) URL) first';
  if (grant === 'device_code' && !/^https?:\/\//i.test(authorizationUrl.trim())) return 'Fill in the device authorization URL (a full http(s) URL) first';
  if (grant !== 'password' && !client.clientId.trim()) return 'Fill in the client ID first';
  return null;
}
