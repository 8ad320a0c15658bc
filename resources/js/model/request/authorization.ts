// The authentication types a request can use, in the order and with the labels the UI shows:
// the special types first, then the traditional ones.
import type { AuthorizationType } from '../../../../protocol/types';

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
];

export const DEFAULT_AUTHORIZATION_TYPE: AuthorizationType = 'current-user';

export function authorizationLabel(type: AuthorizationType): string {
  return AUTHORIZATION_OPTIONS.find((option) => option.type === type)?.label ?? type;
}
