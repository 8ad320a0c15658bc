import { describe, expect, it } from 'vitest';
import { defaultRequestState, emptyRow, type RequestState } from '../request/request-state';
import { buildScope } from '../workspace/variables';
import { identityLabel, identityRequests, normalizeIdentities, withIdentity, type Identity } from './identity';
import { fromSavedFile, toSavedFile } from '../workspace/saved-requests';
import { checkExpectation, matrixRows, runLimited, type IdentityOutcome } from './matrix';

const request: RequestState = {
  ...defaultRequestState(),
  method: 'PATCH',
  url: '/api/bookings/{booking}',
  pathParams: { booking: 'BK-VEGA' },
  headers: [emptyRow('X-Env', '{{env}}')],
  auth: { type: 'basic', token: '', username: 'ada', password: 'pw', userId: '' },
};

const body = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const answer = (status: number, text: string, refusal: string | null = null): IdentityOutcome => ({ status, statusText: '', durationMs: 210, size: text.length, body: body(text), refusal });

describe('one request sent as several identities', () => {
  const identities: Identity[] = [
    { kind: 'guest' },
    { kind: 'current-user' },
    { kind: 'user', userId: '3' },
    { kind: 'token', token: '{{admin_token}}' },
    { kind: 'environment', environment: 'staging' },
  ];
  const active = buildScope({ environment: [{ name: 'env', value: 'local', secret: false }, { name: 'admin_token', value: 'tok-1', secret: true }] });
  const staging = buildScope({ environment: [{ name: 'env', value: 'staging', secret: false }] });

  it('gives each identity its own authorization and keeps the rest of the request as Send sends it', () => {
    const rows = identityRequests(request, identities, (identity) => (identity.kind === 'environment' ? staging : active), []);
    const sent = rows.map((row) => ('request' in row ? row.request.authorization : row.problem));
    expect(sent).toEqual([
      { type: 'none' },
      { type: 'current-user' },
      { type: 'impersonate', userId: '3' },
      { type: 'bearer', token: 'tok-1' },
      { type: 'basic', username: 'ada', password: 'pw' },
    ]);
    for (const row of rows) if ('request' in row) expect(row.request.url).toBe('/api/bookings/BK-VEGA');
    const headers = rows.map((row) => ('request' in row ? row.request.headers.find((header) => header.name === 'X-Env')?.value : null));
    expect(headers).toEqual(['local', 'local', 'local', 'local', 'staging']);
    expect(rows.map((row) => row.label)).toEqual(['Guest', 'Logged-in user', 'User #3', 'Token {{admin_token}}', 'Environment staging']);
  });

  it('names what stops one identity and still sends the others', () => {
    const rows = identityRequests(request, [{ kind: 'token', token: 'literal-secret' }, { kind: 'token', token: '{{missing}}' }, { kind: 'guest' }], () => buildScope({ global: [{ name: 'env', value: 'local', secret: false }] }), []);
    expect('problem' in rows[0] && rows[0].problem).toMatch(/\{\{variable\}\} reference/);
    expect('problem' in rows[1] && rows[1].problem).toBe('The variable {{missing}} has no value');
    expect('request' in rows[2]).toBe(true);
  });

  it('keeps one of each identity and reads a saved list, leaving out what is malformed or a literal token', () => {
    expect(withIdentity([{ kind: 'user', userId: '3' }], { kind: 'user', userId: ' 3' })).toHaveLength(1);
    expect(
      normalizeIdentities([{ kind: 'guest', expectStatus: 401 }, { kind: 'user', userId: '3', expectStatus: 403 }, { kind: 'token', token: 'secret' }, { kind: 'nobody' }, 'x']),
    ).toEqual([{ kind: 'guest', expectStatus: 401 }, { kind: 'user', userId: '3', expectStatus: 403 }]);
    expect(identityLabel({ kind: 'user', userId: '12' })).toBe('User #12');
  });
});

describe('a saved request keeps its identities', () => {
  it('writes the identity list with the expected statuses and reads it back; a request without one writes none', () => {
    const identities: Identity[] = [{ kind: 'guest', expectStatus: 401 }, { kind: 'user', userId: '3', expectStatus: 403 }, { kind: 'token', token: '{{admin_token}}', expectStatus: 200 }];
    const file = toSavedFile({ ...request, identities }, 'Update booking', '');
    expect(file.identities).toEqual(identities);
    expect(fromSavedFile(JSON.parse(JSON.stringify(file))).identities).toEqual(identities);
    expect('identities' in toSavedFile(request, 'Plain', '')).toBe(false);
    expect(fromSavedFile({ name: 'old', method: 'GET', url: '/' }).identities).toEqual([]);
  });
});

describe('the matrix of answers', () => {
  const identities: Identity[] = [{ kind: 'guest', expectStatus: 401 }, { kind: 'current-user', expectStatus: 200 }, { kind: 'user', userId: '3', expectStatus: 200 }, { kind: 'user', userId: '1' }];

  it('shows status, time and size, whether each body differs from the first answer, and why a call was refused', () => {
    const refusal = 'BookingPolicy::update returned false for User #3 on Booking #2';
    const rows = matrixRows(identities, [answer(401, '{"message":"Unauthenticated."}', 'Route middleware auth refused (401): Unauthenticated.'), answer(200, '{"updated":"BK-VEGA"}'), answer(403, '{"message":"This action is unauthorized."}', refusal), undefined]);
    expect(rows.map((row) => [row.status, row.differs])).toEqual([[401, null], [200, true], [403, true], [undefined, null]]);
    expect(rows[2].refusal).toBe(refusal);
    expect(rows[0].size).toBe(30);
    expect(rows.map((row) => row.expectation?.passed)).toEqual([true, true, false, undefined]);
    expect(rows[2].expectation?.message).toBe('As User #3: Expected status equals 200, got 403');
  });

  it('compares with the first row that answered, and a body with the same bytes does not differ', () => {
    const rows = matrixRows(identities.slice(0, 3), [{ failure: 'The host refused' }, answer(200, 'same'), answer(200, 'same')]);
    expect(rows.map((row) => row.differs)).toEqual([null, null, false]);
    expect(rows[0].expectation?.message).toBe('As Guest: no response');
  });

  it('checks an expected status like the Tests tab checks a status line', () => {
    expect(checkExpectation({ kind: 'guest', expectStatus: 401 }, 401)?.passed).toBe(true);
    expect(checkExpectation({ kind: 'guest' }, 401)).toBeUndefined();
  });

  it('runs at most two calls at a time and hands each result over as it comes', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    const releases: Array<() => void> = [];
    const done = runLimited([1, 2, 3, 4], 2, (item) => {
      running += 1;
      most = Math.max(most, running);
      return new Promise<number>((resolve) => releases.push(() => { running -= 1; resolve(item); }));
    }, (result) => seen.push(result));
    while (seen.length < 4) {
      await Promise.resolve();
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await done;
    expect(most).toBe(2);
    expect(seen).toEqual([1, 2, 3, 4]);
  });
});
