import { describe, expect, it } from 'vitest';
import { defaultRequestState, emptyRow, type RequestState } from '../../model/request/request-state';
import { buildScope, redactSecrets } from '../../model/workspace/variables';
import { normalizeRequestState } from '../../model/request/normalize-request';
import { MAX_LINK_LENGTH, decodeShare, encodeShare, shareLink, shareNote } from './share-link';

const typical = (): RequestState => ({
  ...defaultRequestState(),
  method: 'POST',
  url: '/api/users/{user}/posts',
  pathParams: { user: '42' },
  query: [emptyRow('page', '2'), { ...emptyRow('sort', 'name'), enabled: false }, emptyRow('api_key', 'qk_SECRET')],
  headers: [emptyRow('Accept', 'application/json'), emptyRow('Authorization', 'Bearer abc.def.ghi'), emptyRow('Cookie', 'session=s3cr3t')],
  bodyType: 'json',
  jsonBody: JSON.stringify({ title: 'Hello', body: 'A post about kites and wind, with a few more words.', tags: ['a', 'b'], published: true, key: 'sk_live_123456' }, null, 2),
  auth: { type: 'bearer', token: 'tok_SECRET', username: 'ann', password: 'pw_SECRET', userId: '7' },
});
const normalize = (value: unknown) => normalizeRequestState(value);
const location = { origin: 'https://example.test', pathname: '/kite/http-client', search: '' };

describe('share links', () => {
  it('round-trips method, URL, params, headers, body, auth type, environment and last answer', () => {
    const state = typical();
    const decoded = decodeShare(encodeShare({ state, environment: 'staging', last: { status: 200, ms: 84, size: 1229 } }), normalize);
    expect(decoded.state).toMatchObject({ method: 'POST', url: state.url, pathParams: { user: '42' }, jsonBody: state.jsonBody, bodyType: state.bodyType });
    expect(decoded.state.query.map(({ name, value, enabled }) => [name, value, enabled])).toEqual([['page', '2', true], ['sort', 'name', false], ['api_key', '', true]]);
    expect(decoded.state.auth.type).toBe('bearer');
    expect(decoded.environment).toBe('staging');
    expect(shareNote(decoded)).toBe('Shared request · last answered 200 in 84 ms, 1.2 KB · environment staging');
  });

  it('never carries a token, password, credential header value or secret variable value', () => {
    const scope = buildScope({ environment: [{ name: 'key', value: 'sk_live_123456', secret: true }] });
    const link = shareLink(location, { state: typical(), environment: null, last: null }, (text) => redactSecrets(text, scope));
    const decoded = decodeShare(link.split('#share=')[1], normalize);
    const text = JSON.stringify(decoded);
    for (const secret of ['tok_SECRET', 'pw_SECRET', 'abc.def.ghi', 's3cr3t', 'sk_live_123456', 'qk_SECRET', '"ann"']) expect(text).not.toContain(secret);
    expect(decoded.state.auth).toEqual({ type: 'bearer', token: '', username: '', password: '', userId: '' });
    expect(decoded.state.headers.map((row) => [row.name, row.value])).toEqual([['Accept', 'application/json'], ['Authorization', ''], ['Cookie', '']]);
    expect(decoded.state.jsonBody).toContain('{{key}}');
  });

  it('is this page with the request in its fragment, and a typical JSON request fits in 2,000 characters', () => {
    const link = shareLink(location, { state: typical(), environment: 'staging', last: { status: 201, ms: 12, size: 300 } });
    expect(link.startsWith('https://example.test/kite/http-client#share=')).toBe(true);
    expect(link).toMatch(/^[^#]+#share=[A-Za-z0-9_-]+$/);
    expect(link.length).toBeLessThan(2000);
  });

  it('grows past the limit with a large body, so the caller can say so', () => {
    let seed = 1;
    const noise = Array.from({ length: 12_000 }, () => ((seed = (seed * 16807) % 2147483647) % 36).toString(36)).join('');
    expect(shareLink(location, { state: { ...typical(), jsonBody: JSON.stringify({ noise }) }, environment: null, last: null }).length).toBeGreaterThan(MAX_LINK_LENGTH);
  });

  it('rejects a damaged link with a sentence', () => {
    expect(() => decodeShare('not-a-link', normalize)).toThrow('The link is incomplete or damaged.');
  });
});

describe("a link's environment", () => {
  it('becomes the active one when this application has it, and is named when it does not', async () => {
    const { sharedEnvironment } = await import('./share-link');
    const { emptyWorkspace, updateApplication } = await import('../../model/workspace/environments');
    const store = updateApplication(emptyWorkspace(), 'demo', () => ({ environments: [{ name: 'local', variables: [] }, { name: 'staging', variables: [] }], active: 'local', captured: [] }));
    const switched = sharedEnvironment(store, 'demo', 'staging');
    expect(switched.store.applications.demo.active).toBe('staging');
    expect(switched.message).toEqual({ ok: true, text: 'Switched to the environment staging, as the link says' });
    const missing = sharedEnvironment(store, 'demo', 'prod');
    expect(missing.store).toBe(store);
    expect(missing.message).toMatchObject({ ok: false, text: "The link's environment prod does not exist here", description: expect.stringContaining('the environment local') });
    expect(sharedEnvironment(store, 'demo', null)).toEqual({ store, message: null });
    expect(sharedEnvironment(store, 'other', 'staging').message?.ok).toBe(false);
  });
});
