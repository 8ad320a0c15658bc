import { describe, expect, it } from 'vitest';
import { toCode, toHar, toLaravel, php } from './code-snippets';
import { describeOutgoing, type ExportOptions } from './outgoing';
import { buildRelayRequest } from './relay-request';
import { defaultRequestState } from './request-state';

const base = 'http://127.0.0.1:8080/demo';

function request(changes: Partial<ReturnType<typeof defaultRequestState>>) {
  return { ...defaultRequestState(), ...changes };
}

/** The Code dialog's description: the relay request first, then the export's view of it. */
function outgoingOf(state: ReturnType<typeof defaultRequestState>, options: ExportOptions) {
  return describeOutgoing(buildRelayRequest(state, []), options);
}

describe('code in other languages', () => {
  const post = request({
    method: 'POST',
    url: '/users',
    bodyType: 'json',
    jsonBody: '{"name":"Ada","tags":["a"],"admin":false}',
    auth: { type: 'bearer', token: 's3cret', username: '', password: '', userId: '' },
  });

  it('leaves the token out unless asked for, as a {{token}} reference like every other export', async () => {
    const hidden = await toCode(outgoingOf(post, { baseUrl: base }), 'fetch');
    expect(hidden).toContain("'http://127.0.0.1:8080/demo/users'");
    expect(hidden).toContain('Bearer {{token}}');
    expect(hidden).not.toContain('<token>');
    expect(hidden).not.toContain('s3cret');
    const shown = await toCode(outgoingOf(post, { baseUrl: base, includeSecrets: true }), 'python');
    expect(shown).toContain('"Authorization": "Bearer s3cret"');
    expect(shown).toContain('requests.post(');
  });

  it('writes every language from the same request', async () => {
    const outgoing = outgoingOf(post, { baseUrl: base });
    expect(await toCode(outgoing, 'axios')).toContain("method: 'POST'");
    expect(await toCode(outgoing, 'httpie')).toContain('http POST http://127.0.0.1:8080/demo/users');
    expect(await toCode(outgoing, 'guzzle')).toContain("$client->request('POST', 'http://127.0.0.1:8080/demo/users'");
  });

  it("writes Laravel's Http client with the JSON body as a PHP array", () => {
    expect(toLaravel(outgoingOf(post, { baseUrl: base, includeSecrets: true }))).toBe(
      [
        'use Illuminate\\Support\\Facades\\Http;',
        '',
        "$response = Http::withToken('s3cret')",
        "    ->post('http://127.0.0.1:8080/demo/users', [",
        "        'name' => 'Ada',",
        "        'tags' => [",
        "            'a',",
        '        ],',
        "        'admin' => false,",
        '    ]);',
        '',
        'echo $response->body();',
      ].join('\n'),
    );
  });

  it('writes forms, files and other methods for Laravel', () => {
    const form = toLaravel(outgoingOf(request({ method: 'PUT', url: '/forms', bodyType: 'form', formFields: [{ id: '1', enabled: true, name: 'q', value: "it's" }] }), { baseUrl: base }));
    expect(form).toContain('Http::asForm()');
    expect(form).toContain("'q' => 'it\\'s'");
    const upload = toLaravel(
      outgoingOf(
        request({ method: 'POST', url: '/uploads', bodyType: 'multipart', multipartFields: [{ id: '1', enabled: true, name: 'photo', value: '', kind: 'file', file: { filename: 'photo.png', contentType: 'image/png', size: 3 } }] }),
        { baseUrl: base },
      ),
    );
    expect(upload).toContain("attach('photo', file_get_contents('photo.png'), 'photo.png')");
    expect(toLaravel(outgoingOf(request({ method: 'POST', url: '/users', bodyType: 'json', jsonBody: '{"a":1}' }), { baseUrl: base }))).toContain(
      "$response = Http::post('http://127.0.0.1:8080/demo/users', [\n    'a' => 1,\n]);",
    );
    expect(toLaravel(outgoingOf(request({ method: 'OPTIONS', url: '/users' }), { baseUrl: base }))).toContain("Http::send('OPTIONS', 'http://127.0.0.1:8080/demo/users')");
  });

  it('says what a request sent as the logged-in user lacks', async () => {
    const code = await toCode(outgoingOf(request({ url: '/me' }), { baseUrl: base }), 'httpie');
    expect(code.split('\n')[0]).toMatch(/^# The command does not carry the logged-in user's session/);
    const guzzle = await toCode(outgoingOf(request({ url: '/me', auth: { type: 'impersonate', token: '', username: '', password: '', userId: '2' } }), { baseUrl: base }), 'guzzle');
    expect(guzzle.split('\n').slice(0, 2)).toEqual(['<?php', expect.stringMatching(/^\/\/ The command does not impersonate user 2/)]);
  });

  it("writes Digest as Laravel's withDigestAuth, and says other code sends no Digest credentials", async () => {
    const digest = outgoingOf(request({ url: '/report', auth: { type: 'digest', token: '', username: 'ada', password: 'pw', userId: '' } }), { baseUrl: base, includeSecrets: true });
    const laravel = await toCode(digest, 'laravel');
    expect(laravel).toContain("withDigestAuth('ada', 'pw')");
    expect(laravel).not.toContain('Digest credentials');
    expect((await toCode(digest, 'fetch')).split('\n')[0]).toBe("// The command sends no Digest credentials: Kite's host answers the server's challenge when it relays the request.");
  });

  it('gives httpsnippet the query and a basic auth header', () => {
    const har = toHar(outgoingOf(request({ url: '/users?page=2', auth: { type: 'basic', token: '', username: 'ada', password: 'pw', userId: '' } }), { baseUrl: base, includeSecrets: true }));
    expect(har.queryString).toEqual([{ name: 'page', value: '2' }]);
    expect(har.headers).toContainEqual({ name: 'Authorization', value: `Basic ${btoa('ada:pw')}` });
    expect(php({ a: [] })).toBe("[\n    'a' => [],\n]");
  });
});
