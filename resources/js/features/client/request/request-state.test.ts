import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../lib/preferences/preferences';
import { FALLBACK_DEFAULTS, defaultRequestState } from './request-state';

describe('a new request', () => {
  it('starts from the default preferences when given none', () => {
    expect(FALLBACK_DEFAULTS).toEqual({
      defaultRequestBodyType: DEFAULT_PREFERENCES.defaultRequestBodyType,
      defaultAuthorizationType: DEFAULT_PREFERENCES.defaultAuthorizationType,
    });
    expect(defaultRequestState()).toEqual(defaultRequestState(DEFAULT_PREFERENCES));
  });
});
