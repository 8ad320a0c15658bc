import { describe, expect, it } from 'vitest';
import { defaultRequestState, emptyRow } from '../../model/request/request-state';
import { DRAFTS_STORAGE_KEY, draftKey, dropDraft, keepDraft, loadDrafts, sameRequest, saveDrafts } from './drafts';

const request = (jsonBody: string) => ({ ...defaultRequestState(), method: 'POST' as const, url: '/users', jsonBody, bodyType: 'json' as const });

function memoryStorage(limit = Infinity) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (value.length > limit) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

describe('drafts', () => {
  it('are kept per application, route and method', () => {
    expect(draftKey({ application: 'api', method: 'POST' }, 'POST /users')).not.toBe(draftKey({ application: 'api', method: 'PUT' }, 'POST /users'));
    const drafts = keepDraft({}, 'a', request('{"x":1}'));
    expect(drafts.a.jsonBody).toBe('{"x":1}');
    expect(dropDraft(drafts, 'a')).toEqual({});
  });

  it('compare requests by what the user sees, not by row ids or the authorization', () => {
    const a = { ...request(''), query: [emptyRow('page', '1')] };
    const b = { ...request(''), query: [emptyRow('page', '1')], auth: { ...a.auth, type: 'none' as const } };
    expect(sameRequest(a, b)).toBe(true);
    expect(sameRequest(a, { ...b, query: [emptyRow('page', '2')] })).toBe(false);
  });

  it('keep at most the newest ones', () => {
    let drafts = {};
    for (const key of ['a', 'b', 'c', 'a']) drafts = keepDraft(drafts, key, request(key), 2);
    expect(Object.keys(drafts)).toEqual(['c', 'a']);
  });

  it('survive a reload, and corrupt storage yields none', () => {
    const storage = memoryStorage();
    saveDrafts(storage, keepDraft({}, 'k', request('{"typed":true}')));
    expect(loadDrafts(storage).k.jsonBody).toBe('{"typed":true}');
    storage.items.set(DRAFTS_STORAGE_KEY, '{not json');
    expect(loadDrafts(storage)).toEqual({});
    storage.items.set(DRAFTS_STORAGE_KEY, '[1,2]');
    expect(loadDrafts(storage)).toEqual({});
    expect(loadDrafts(memoryStorage())).toEqual({});
  });

  it('drop the oldest until they fit a full storage', () => {
    const storage = memoryStorage(2_000);
    const saved = saveDrafts(storage, keepDraft(keepDraft({}, 'old', request('x'.repeat(1_500))), 'new', request('y')));
    expect(Object.keys(saved)).toEqual(['new']);
    expect(Object.keys(loadDrafts(storage))).toEqual(['new']);
  });
});
