import { describe, expect, it } from 'vitest';
import type { TraceAuthorization } from '../../../../protocol/types';
import { checkSentence, deniedFirst, refusalSentence, whyRefused } from './authorization';

const denied: TraceAuthorization = {
  ability: 'update',
  policy: 'App\\Policies\\PostPolicy',
  method: 'update',
  user: 'App\\Models\\User#3',
  arguments: ['App\\Models\\Post#12'],
  allowed: false,
  file: 'app/Http/Controllers/PostController.php',
  line: 40,
};
const allowed: TraceAuthorization = { ability: 'view-dashboard', arguments: [], allowed: true };

describe('authorization checks', () => {
  it('says which policy method answered what, for whom, on what', () => {
    expect(checkSentence(denied)).toBe('PostPolicy::update returned false for User #3 on Post #12');
    expect(checkSentence({ ...allowed, user: undefined })).toBe('The ability view-dashboard returned true for a guest');
    expect(checkSentence({ ...denied, message: 'Not your post.' })).toBe('PostPolicy::update returned false for User #3 on Post #12: Not your post.');
  });

  it('puts the denied checks first, the last one first', () => {
    const earlier = { ...denied, ability: 'view' };
    expect(deniedFirst([allowed, earlier, denied]).map((check) => check.ability)).toEqual(['update', 'view', 'view-dashboard']);
  });

  it('explains a 403 by its failing check, a 401 by the middleware that refused, and nothing else', () => {
    expect(whyRefused(403, { authorization: [allowed, denied] })).toBe('PostPolicy::update returned false for User #3 on Post #12');
    const refusedBy = { middleware: 'auth', status: 401, message: 'Unauthenticated.' };
    expect(whyRefused(401, { authorization: [], refusedBy })).toBe('Route middleware auth refused (401): Unauthenticated.');
    expect(refusalSentence(refusedBy)).toBe('Route middleware auth refused (401): Unauthenticated.');
    expect(whyRefused(200, { authorization: [denied] })).toBeNull();
    expect(whyRefused(403, undefined)).toBeNull();
  });
});
