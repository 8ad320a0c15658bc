import { describe, expect, it } from 'vitest';
import { isMainScreen } from './routes-prefetch';

describe('prefetching the routes', () => {
  it('happens on the main screen only', () => {
    expect(isMainScreen('/http-client', '/http-client')).toBe(true);
    expect(isMainScreen('/http-client/', '/http-client')).toBe(true);
    expect(isMainScreen('/', '')).toBe(true);
    expect(isMainScreen('/http-client/settings', '/http-client')).toBe(false);
    expect(isMainScreen('/http-client-other', '/http-client')).toBe(false);
  });
});
