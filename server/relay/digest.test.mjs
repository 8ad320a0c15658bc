// Digest auth through the Node host's relay, against a real Digest-protected server on loopback
// (protocol/conformance/digest-target.mjs verifies the answers with its own code), and the
// answer's computation against the RFCs' worked examples.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKite } from '../index.mjs';
import { openKite } from '../testing/kite-client.mjs';
import { startDigestTarget } from '../../protocol/conformance/digest-target.mjs';
import { digestAuthorization, digestChallenge } from './digest.mjs';

let target;
let kite;
let client;
const document = { openapi: '3.1.0', info: { title: 'Digest API', version: '1' }, paths: { '/files': { post: {} } } };

beforeAll(async () => {
  target = await startDigestTarget({ users: { ada: 'pä:ss word' } });
  kite = await startKite({ port: 0, openapi: [{ document }], target: target.origin });
  client = await openKite(kite.url);
});
afterAll(async () => {
  await kite?.close();
  await target?.close();
});

const digest = (password) => ({ type: 'digest', username: 'ada', password });
const json = (result) => JSON.parse(result.body.toString('utf8'));

describe('Digest auth through the relay', () => {
  it('answers the target’s MD5 challenge and resends the body unchanged, where no auth gets 401', async () => {
    const body = { type: 'json', text: '{"name":"report.pdf"}' };
    const anonymous = await client.relay({ method: 'POST', url: '/files?page=2', body });
    expect(anonymous.meta.status).toBe(401);

    const sent = target.requests.length;
    const result = await client.relay({ method: 'POST', url: '/files?page=2', body, authorization: digest('pä:ss word') });
    expect(result.meta.status).toBe(200);
    expect(json(result)).toEqual({ user: 'ada', algorithm: 'MD5', method: 'POST', url: '/files?page=2', body: '{"name":"report.pdf"}' });
    // Two exchanges: the first without credentials, the second with the answer.
    expect(target.requests.slice(sent).map((request) => request.authorization?.split(' ')[0])).toEqual([undefined, 'Digest']);
    expect(result.meta.timing.challengeMs).toBeGreaterThanOrEqual(0);
    expect(result.meta.timing.totalMs).toBeGreaterThanOrEqual(result.meta.timing.challengeMs);
  });

  it('answers a SHA-256 challenge', async () => {
    const result = await client.relay({ url: '/sha-256/files', authorization: digest('pä:ss word') });
    expect(result.meta.status).toBe(200);
    expect(json(result)).toMatchObject({ user: 'ada', algorithm: 'SHA-256' });
  });

  it('returns a second 401 (a wrong password) as it is, after one answer, never a loop', async () => {
    const sent = target.requests.length;
    const result = await client.relay({ url: '/files', authorization: digest('wrong') });
    expect(result.meta.status).toBe(401);
    expect(result.body.toString()).toBe('Digest authentication required');
    expect(target.requests.length - sent).toBe(2);
  });

  it('drops a typed Authorization header from the first request', async () => {
    const sent = target.requests.length;
    await client.relay({ url: '/files', headers: [{ name: 'Authorization', value: 'Bearer leaked' }], authorization: digest('pä:ss word') });
    expect(target.requests[sent].authorization).toBeUndefined();
  });

  it('refuses a username with a line break, naming the field', async () => {
    const result = await client.relay({ url: '/files', authorization: { type: 'digest', username: 'ada\r\nX-Injected: 1', password: 'p' } });
    expect(result.status).toBe(422);
    expect(result.error.field).toBe('authorization.username');
  });
});

describe('the Digest answer', () => {
  it('is RFC 2617’s worked example for MD5 with qop auth', () => {
    const challenge = digestChallenge(['Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"']);
    const answer = digestAuthorization(challenge, { method: 'GET', uri: '/dir/index.html', username: 'Mufasa', password: 'Circle Of Life', body: null, cnonce: '0a4f113b' });
    expect(answer).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(answer).toContain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });

  it('is RFC 7616’s worked example for SHA-256, preferred over MD5 when both are offered', () => {
    const params = 'realm="http-auth@example.org", qop="auth, auth-int", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"';
    const challenge = digestChallenge([`Digest ${params}, algorithm=MD5`, `Digest ${params}, algorithm=SHA-256`]);
    expect(challenge.algorithm).toBe('SHA-256');
    const answer = digestAuthorization(challenge, { method: 'GET', uri: '/dir/index.html', username: 'Mufasa', password: 'Circle of Life', body: null, cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ' });
    expect(answer).toContain('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"');
  });

  it('is not given for a challenge of another scheme or an unknown algorithm', () => {
    expect(digestChallenge(['Basic realm="x"', 'Bearer'])).toBeNull();
    expect(digestChallenge(['Digest realm="x", nonce="n", algorithm=SHA-512-256'])).toBeNull();
  });
});
