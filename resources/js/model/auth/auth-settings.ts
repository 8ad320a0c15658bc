// The public settings of an auth (never a credential): the scheme it came from, where an API key
// goes, the OAuth 2.0 client. What a saved request file and the stored request keep of them, and
// how they are read back. Pure.
import type { ApiKeyLocation } from '../../../../protocol/types';
import type { AuthState } from '../request/request-state';
import { isOAuthGrant } from './oauth-grants';

export type AuthSettings = Pick<AuthState, 'scheme' | 'keyIn' | 'keyName' | 'grant' | 'tokenUrl' | 'authorizationUrl' | 'clientId' | 'scope'>;

const API_KEY_LOCATIONS: readonly ApiKeyLocation[] = ['header', 'query', 'cookie'];
const TEXT_SETTINGS = ['scheme', 'keyName', 'tokenUrl', 'authorizationUrl', 'clientId', 'scope'] as const;

/** The settings an auth of its type uses, the empty ones left out (a saved file keeps these as typed). */
export function savedAuthSettings(auth: AuthState): AuthSettings {
  const keep: Array<keyof AuthSettings> = ['scheme'];
  if (auth.type === 'api-key') keep.push('keyIn', 'keyName');
  if (auth.type === 'oauth2') keep.push('grant', 'tokenUrl', 'authorizationUrl', 'clientId', 'scope');
  const settings: Record<string, string> = {};
  for (const key of keep) {
    const value = auth[key];
    if (typeof value === 'string' && value !== '') settings[key] = value;
  }
  return settings as AuthSettings;
}

/** The settings found in stored or saved auth data; anything else (a wrong type, an unknown place) is dropped. */
export function readAuthSettings(value: Record<string, unknown>): AuthSettings & Pick<AuthState, 'clientSecret'> {
  const settings: AuthSettings & Pick<AuthState, 'clientSecret'> = {};
  for (const key of [...TEXT_SETTINGS, 'clientSecret'] as const) if (typeof value[key] === 'string') settings[key] = value[key] as string;
  if (API_KEY_LOCATIONS.includes(value.keyIn as ApiKeyLocation)) settings.keyIn = value.keyIn as ApiKeyLocation;
  if (isOAuthGrant(value.grant)) settings.grant = value.grant;
  return settings;
}

/** An OAuth 2.0 auth's fields with `{{variables}}` filled in by `resolve` (the password grant's username and password too). */
export function resolveOAuthSettings(auth: AuthState, resolve: (value: string) => string): Partial<AuthState> {
  const fields = ['tokenUrl', 'authorizationUrl', 'clientId', 'clientSecret', 'scope'] as const;
  const resolved: Partial<AuthState> = Object.fromEntries(fields.map((field) => [field, resolve(auth[field] ?? '')]));
  if (auth.grant === 'password') Object.assign(resolved, { username: resolve(auth.username), password: resolve(auth.password) });
  return resolved;
}
