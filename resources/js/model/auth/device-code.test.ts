import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_INTERVAL_MS, deviceAuthorizationForm, nextPollStep, readDeviceAuthorization } from './device-code';
import { clientProblem, tokenRequestForm } from './oauth-grants';

const ENDPOINT = 'http://127.0.0.1:9/device/auth';
const TOKEN = 'http://127.0.0.1:9/token';
const answer = (status: number, body: unknown) => ({ status, contentType: 'application/json', body: typeof body === 'string' ? body : JSON.stringify(body) });
const client = { tokenUrl: TOKEN, clientId: 'tv', clientSecret: '', scope: 'openid pets:read' };
const device = { expiresAt: 600_000, intervalMs: 5000 };

describe('the device code grant (RFC 8628)', () => {
  it('asks for a device code with the client and scope, and polls with the device_code grant type', () => {
    expect(deviceAuthorizationForm(client)).toEqual([
      { name: 'client_id', value: 'tv' },
      { name: 'scope', value: 'openid pets:read' },
    ]);
    expect(tokenRequestForm(client, { grant: 'device_code', deviceCode: 'dc-1' })).toEqual([
      { name: 'grant_type', value: 'urn:ietf:params:oauth:grant-type:device_code' },
      { name: 'device_code', value: 'dc-1' },
      { name: 'client_id', value: 'tv' },
    ]);
    expect(clientProblem(client, 'device_code', '')).toBe('Fill in the device authorization URL (a full http(s) URL) first');
  });

  it('reads the user code, the verification page, the expiry and the interval (5 s when none is given)', () => {
    const read = readDeviceAuthorization(ENDPOINT, answer(200, { device_code: 'dc-1', user_code: 'WDJB-MJHT', verification_uri: 'https://id.test/device', verification_uri_complete: 'https://id.test/device?user_code=WDJB-MJHT', expires_in: 600 }), 1000);
    expect(read).toEqual({ ok: true, device: { deviceCode: 'dc-1', userCode: 'WDJB-MJHT', verificationUri: 'https://id.test/device', verificationUriComplete: 'https://id.test/device?user_code=WDJB-MJHT', expiresAt: 601_000, intervalMs: DEFAULT_POLL_INTERVAL_MS } });
    expect(readDeviceAuthorization(ENDPOINT, answer(200, { device_code: 'd', user_code: 'u', verification_uri: 'v', expires_in: 60, interval: 2 }), 0)).toMatchObject({ ok: true, device: { intervalMs: 2000 } });
  });

  it('names the endpoint when it refuses or answers something else', () => {
    expect(readDeviceAuthorization(ENDPOINT, answer(400, { error: 'invalid_client', error_description: 'no such client' }), 0)).toEqual({ ok: false, message: `The device authorization endpoint ${ENDPOINT} refused the request (400 invalid_client: no such client).` });
    expect(readDeviceAuthorization(ENDPOINT, answer(200, '<html>login</html>'), 0)).toEqual({ ok: false, message: `The device authorization endpoint ${ENDPOINT} answered 200 with an HTML page, not a device code.` });
    expect(readDeviceAuthorization(ENDPOINT, answer(200, { user_code: 'u' }), 0)).toMatchObject({ ok: false });
  });

  it('waits the interval on authorization_pending, 5 s more on slow_down, and keeps the token when it comes', () => {
    expect(nextPollStep(TOKEN, answer(400, { error: 'authorization_pending' }), device, 1000)).toEqual({ kind: 'wait', intervalMs: 5000 });
    expect(nextPollStep(TOKEN, answer(400, { error: 'slow_down' }), device, 1000)).toEqual({ kind: 'wait', intervalMs: 10_000 });
    expect(nextPollStep(TOKEN, answer(200, { access_token: 'at', token_type: 'Bearer', expires_in: 60 }), device, 1000, 'pets:read')).toMatchObject({ kind: 'token', token: { accessToken: 'at', expiresAt: 61_000, scope: 'pets:read' } });
  });

  it('stops with a clear message on expired_token, access_denied, another error, and when the code ran out while pending', () => {
    expect(nextPollStep(TOKEN, answer(400, { error: 'expired_token' }), device, 1000)).toEqual({ kind: 'stop', message: 'The device code expired before the sign-in was finished: get a new one with "Get new access token".' });
    expect(nextPollStep(TOKEN, answer(400, { error: 'access_denied' }), device, 1000)).toEqual({ kind: 'stop', message: `The sign-in was declined on the verification page (${TOKEN}: access_denied).` });
    expect(nextPollStep(TOKEN, answer(401, { error: 'invalid_client' }), device, 1000)).toEqual({ kind: 'stop', message: `The token endpoint ${TOKEN} refused the request (401 invalid_client).` });
    expect(nextPollStep(TOKEN, answer(400, { error: 'authorization_pending' }), device, 600_000)).toMatchObject({ kind: 'stop', message: expect.stringContaining('expired') });
  });
});
