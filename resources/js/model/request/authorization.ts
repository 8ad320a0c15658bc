// The authentication types a request can use, in the order and with the labels the UI shows:
// the special types first, then the traditional ones.
import type { AuthorizationType } from '../../../../protocol/types';
import type { RequestAuthType } from './request-state';

export interface AuthorizationOption {
  type: AuthorizationType;
  label: string;
  group: 'special' | 'traditional';
}

export const AUTHORIZATION_OPTIONS: readonly AuthorizationOption[] = [
  { type: 'current-user', label: 'Currently Logged-in User', group: 'special' },
  { type: 'impersonate', label: 'Impersonate User with ID', group: 'special' },
  { type: 'none', label: 'None', group: 'traditional' },
  { type: 'bearer', label: 'Bearer Token', group: 'traditional' },
  { type: 'basic', label: 'Basic Auth', group: 'traditional' },
  { type: 'digest', label: 'Digest Auth', group: 'traditional' },
  { type: 'api-key', label: 'API Key', group: 'traditional' },
  { type: 'oauth2', label: 'OAuth 2.0', group: 'traditional' },
];

/** The types that send a username and password (Basic encodes them; for Digest the host answers a challenge with them). */
export function takesLogin(type: RequestAuthType): type is 'basic' | 'digest' {
  return type === 'basic' || type === 'digest';
}

export const DEFAULT_AUTHORIZATION_TYPE: AuthorizationType = 'current-user';

/** A saved request's (or folder's) choice to take the auth of its folder, then the workspace's (model/workspace/inherited-auth.ts). */
export const INHERIT_LABEL = 'Inherit from folder';

export function authorizationLabel(type: RequestAuthType): string {
  if (type === 'inherit') return INHERIT_LABEL;
  return AUTHORIZATION_OPTIONS.find((option) => option.type === type)?.label ?? type;
}
