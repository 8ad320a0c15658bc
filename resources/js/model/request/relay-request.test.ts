import { describe, expect, it } from 'vitest';
import { toCurl } from './curl';
import { describeOutgoing } from './outgoing';
import { buildRelayRequest, filesMissingContent, relayTargetUrl, requestProblem, resolveGlobalHeaders } from './relay-request';
import { buildScope } from '../workspace/variables';
import { defaultRequestState, emptyRow } from './request-state';

describe('the relay call for the request being built', () => {
  it('sends the filled path, enabled query rows and headers, the body and the authorization', () => {
    const request = buildRelayRequest(
      {
        ...defaultRequestState(),
        application: 'demo',
        method: 'PATCH',
        url: '/users/{user}?include=posts',
        pathParams: { user: '7' },
        query: [emptyRow('page', '2'), { ...emptyRow('off', 'x'), enabled: false }],
        headers: [emptyRow('X-Trace', 'abc'), emptyRow('', 'nameless')],
        bodyType: 'json',
        jsonBody: '{"a":1}',
        auth: { type: 'bearer', token: 't0k', username: '', password: '', userId: '' },
      },
      [{ name: 'X-Global', value: 'g' }],
    );
    expect(request).toEqual({
      application: 'demo',
      method: 'PATCH',
      url: '/users/7',
      headers: [
        { name: 'X-Global', value: 'g' },
        { name: 'X-Trace', value: 'abc' },
      ],
      query: [
        { name: 'include', value: 'posts' },
        { name: 'page', value: '2' },
      ],
      body: { type: 'json', text: '{"a":1}' },
      authorization: { type: 'bearer', token: 't0k' },
    });
  });

  it('asks for transaction mode and held outgoing HTTP only when their boxes are ticked', () => {
    const plain = buildRelayRequest(defaultRequestState(), []);
    expect(plain).not.toHaveProperty('transaction');
    expect(plain).not.toHaveProperty('holdOutgoingHttp');
    const held = buildRelayRequest({ ...defaultRequestState(), transaction: true, holdOutgoingHttp: true }, []);
    expect(held).toMatchObject({ transaction: true, holdOutgoingHttp: true });
  });

  it('sends each authorization type with only its own fields', () => {
    const auth = { token: 't', username: 'u', password: 'p', userId: '42' };
    const as = (type: 'none' | 'current-user' | 'bearer' | 'basic' | 'digest' | 'impersonate') =>
      buildRelayRequest({ ...defaultRequestState(), auth: { type, ...auth } }, []).authorization;
    expect(as('current-user')).toEqual({ type: 'current-user' });
    expect(as('impersonate')).toEqual({ type: 'impersonate', userId: '42' });
    expect(as('none')).toEqual({ type: 'none' });
    expect(as('bearer')).toEqual({ type: 'bearer', token: 't' });
    expect(as('basic')).toEqual({ type: 'basic', username: 'u', password: 'p' });
    expect(as('digest')).toEqual({ type: 'digest', username: 'u', password: 'p' });
  });

  it("sends Digest's username and password with their {{variables}} filled in", () => {
    const scope = buildScope({ environment: [{ name: 'user', value: 'ada', secret: false }, { name: 'pw', value: 'pä:ss', secret: true }] });
    const request = buildRelayRequest({ ...defaultRequestState(), auth: { type: 'digest', token: '', username: '{{user}}', password: '{{pw}}', userId: '' } }, [], [], scope);
    expect(request.authorization).toEqual({ type: 'digest', username: 'ada', password: 'pä:ss' });
  });

  it('sends multipart text and file parts, files as base64', () => {
    const request = buildRelayRequest(
      {
        ...defaultRequestState(),
        method: 'POST',
        bodyType: 'multipart',
        multipartFields: [
          { ...emptyRow('title', 'Hi'), kind: 'text' },
          { ...emptyRow('file', ''), kind: 'file', file: { filename: 'a.png', contentType: 'image/png', size: 3, base64: 'AAEC' } },
        ],
      },
      [],
    );
    expect(request.body).toEqual({
      type: 'multipart',
      fields: [
        { name: 'title', kind: 'text', value: 'Hi' },
        { name: 'file', kind: 'file', filename: 'a.png', contentType: 'image/png', base64: 'AAEC' },
      ],
    });
  });

  it('names files whose content was not kept across a reload', () => {
    const state = {
      ...defaultRequestState(),
      bodyType: 'multipart' as const,
      multipartFields: [{ ...emptyRow('file', ''), kind: 'file' as const, file: { filename: 'big.bin', contentType: 'x', size: 5_000_000 } }],
    };
    expect(filesMissingContent(state)).toEqual(['big.bin']);
  });

  it('resolves generator-valued global headers at send time and skips switched-off ones', async () => {
    const generated: string[] = [];
    const headers = await resolveGlobalHeaders(
      [
        { name: 'X-Request-Id', value: 'generator:uuid' },
        { name: 'X-App', value: 'kite' },
        { name: 'X-Off', value: 'generator:word' },
      ],
      ['X-Off'],
      (id) => {
        generated.push(id);
        return `value-of-${id}`;
      },
    );
    expect(headers).toEqual([
      { name: 'X-Request-Id', value: 'value-of-uuid' },
      { name: 'X-App', value: 'kite' },
    ]);
    expect(generated).toEqual(['uuid']);
  });

  it('names the header and the generator when the host configured a generator Kite does not have', async () => {
    const unknown = (id: string) => {
      throw new Error(`Unknown generator: ${id}`);
    };
    await expect(resolveGlobalHeaders([{ name: 'X-Request-Id', value: 'generator:uuidd' }], [], unknown)).rejects.toThrow(
      "The global header X-Request-Id asks for the generator 'uuidd', which Kite does not have (Unknown generator: uuidd); use an id from the generator palette, e.g. generator:uuid.",
    );
  });
});

describe('variables in the relay call', () => {
  it('resolves {{variables}} from the scope in the URL, path parameters, rows, body and auth', async () => {
    const { buildScope } = await import('../workspace/variables');
    const scope = buildScope({ environment: [{ name: 'id', value: '7', secret: false }, { name: 'token', value: 's', secret: true }] });
    const request = buildRelayRequest(
      {
        ...defaultRequestState(),
        url: '/users/{user}/{{id}}',
        pathParams: { user: '{{id}}' },
        query: [emptyRow('q', '{{id}}')],
        headers: [emptyRow('X-Id', '{{id}}')],
        bodyType: 'json',
        jsonBody: '{"id":{{id}}}',
        auth: { type: 'bearer', token: '{{token}}', username: '', password: '', userId: '' },
      },
      [],
      [],
      scope,
    );
    expect(request).toMatchObject({
      url: '/users/7/7',
      query: [{ name: 'q', value: '7' }],
      headers: [{ name: 'X-Id', value: '7' }],
      body: { type: 'json', text: '{"id":7}' },
      authorization: { type: 'bearer', token: 's' },
    });
  });
});

describe('what is caught before sending', () => {
  const base = { ...defaultRequestState(), url: '/me' };

  it('an empty impersonation id, as an empty path parameter is', () => {
    expect(requestProblem({ ...base, auth: { ...base.auth, type: 'impersonate', userId: ' ' } })?.title).toBe('Fill in the user ID to impersonate first');
    expect(requestProblem({ ...base, auth: { ...base.auth, type: 'impersonate', userId: '3' } })).toBeNull();
    expect(requestProblem({ ...base, url: '/users/{user}' })?.title).toBe('Fill in the path parameter user first');
  });

  it('a file part named by an imported cURL command, whose content Kite does not have', () => {
    const state = {
      ...base,
      bodyType: 'multipart' as const,
      multipartFields: [{ ...emptyRow('file', ''), kind: 'file' as const, file: { filename: 'photo.png', contentType: '', size: 0 } }],
    };
    expect(requestProblem(state)).toMatchObject({ title: 'Choose the files again', description: expect.stringContaining('photo.png') });
  });
});

describe('cookies from the jar', () => {
  const jar = [{ name: 'demo_session', value: 'abc' }, { name: 'theme', value: 'dark' }];

  it('go out in one Cookie header, merged with a typed one that wins by name', () => {
    const state = { ...defaultRequestState(), headers: [emptyRow('Cookie', 'theme=light; extra=1'), emptyRow('Accept', 'x')] };
    expect(buildRelayRequest(state, [], jar).headers).toEqual([
      { name: 'Accept', value: 'x' },
      { name: 'Cookie', value: 'demo_session=abc; theme=light; extra=1' },
    ]);
  });

  it('are not sent with the none authorization', () => {
    const state = { ...defaultRequestState(), auth: { ...defaultRequestState().auth, type: 'none' as const } };
    expect(buildRelayRequest(state, [], jar).headers).toEqual([]);
  });
});

describe('one mapping for Send, Copy as cURL and the Code dialog', () => {
  const upload = {
    ...defaultRequestState(),
    method: 'POST' as const,
    url: '/uploads',
    bodyType: 'multipart' as const,
    multipartFields: [{ ...emptyRow('file', ''), kind: 'file' as const, file: { filename: 'blob.bin', contentType: '', size: 3, base64: 'AAEC' } }],
  };

  it('gives a file part with no type the same content type in the relay call and in the exports', () => {
    const relay = buildRelayRequest(upload, []);
    expect(relay.body).toEqual({ type: 'multipart', fields: [{ name: 'file', kind: 'file', filename: 'blob.bin', contentType: 'application/octet-stream', base64: 'AAEC' }] });
    expect(toCurl(relay, { baseUrl: 'http://app.test' })).toContain("-F 'file=@blob.bin;type=application/octet-stream'");
    expect(describeOutgoing(relay, { baseUrl: 'http://app.test' }).body).toEqual({ kind: 'multipart', parts: [{ name: 'file', file: { filename: 'blob.bin', contentType: 'application/octet-stream' } }] });
  });

  it('leaves out the global headers the user switched off, whoever calls it', () => {
    const state = { ...defaultRequestState(), disabledGlobalHeaders: ['X-Off'] };
    const headers = buildRelayRequest(state, [{ name: 'X-Off', value: '1' }, { name: 'X-On', value: '2' }]).headers;
    expect(headers).toEqual([{ name: 'X-On', value: '2' }]);
  });

  it('resolves a variable once: a value that holds {{…}} goes out as that text', () => {
    const scope = buildScope({ environment: [{ name: 'id', value: '{{other}}', secret: false }, { name: 'other', value: 'x', secret: false }] });
    const state = { ...defaultRequestState(), url: '/users/{{id}}', headers: [emptyRow('X-Id', '{{id}}')] };
    const relay = buildRelayRequest(state, [], [], scope);
    expect(relay.url).toBe('/users/{{other}}');
    expect(relay.headers).toEqual([{ name: 'X-Id', value: '{{other}}' }]);
    // The relay request is already resolved: describing it for an export resolves nothing again.
    expect(describeOutgoing(relay, { baseUrl: 'http://app.test' }).url).toBe('http://app.test/users/{{other}}');
  });

  it('describes for the exports the URL the relay sends to, query and all', () => {
    const state = { ...defaultRequestState(), url: '/users/{user}?page=2', pathParams: { user: 'a b' }, query: [emptyRow('tags[]', 'x y')] };
    const relay = buildRelayRequest(state, []);
    expect(relayTargetUrl('http://app.test/api/', relay)).toBe('http://app.test/api/users/a%20b?page=2&tags[]=x%20y');
    expect(describeOutgoing(relay, { baseUrl: 'http://app.test/api/' }).url).toBe(relayTargetUrl('http://app.test/api/', relay));
  });
});
