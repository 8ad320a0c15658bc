import { describe, expect, it } from 'vitest';
import { CurlParseError, filesToChooseAgain, fromCurl, looksLikeCurl, shellQuote, shellWords, toCurl } from './curl';
import { buildRelayRequest } from './relay-request';
import { type RequestState, defaultRequestState, emptyRow } from './request-state';
import type { VariableScope } from '../workspace/variables';

/** Copy as cURL as the client screen does it: the relay request first, then the command. */
function curlOf(typed: RequestState, options: { baseUrl: string; globalHeaders?: Array<{ name: string; value: string }>; scope?: VariableScope }): string {
  return toCurl(buildRelayRequest(typed, options.globalHeaders ?? [], [], options.scope), { baseUrl: options.baseUrl });
}

const BASE = 'http://127.0.0.1:8080';

function state(overrides: Partial<RequestState>): RequestState {
  return { ...defaultRequestState(), auth: { type: 'none', token: '', username: '', password: '', userId: '' }, ...overrides };
}

/** The parts of a state that a cURL command can carry, without row ids. */
function comparable(value: Partial<RequestState>) {
  const strip = (rows?: Array<{ name: string; value: string; enabled: boolean }>) =>
    (rows ?? []).map(({ name, value: rowValue, enabled }) => ({ name, value: rowValue, enabled }));
  return {
    method: value.method,
    url: value.url,
    query: strip(value.query),
    headers: strip(value.headers),
    bodyType: value.bodyType,
    jsonBody: value.bodyType === 'json' ? value.jsonBody : undefined,
    rawBody: value.bodyType === 'raw' ? value.rawBody : undefined,
    formFields: value.bodyType === 'form' ? strip(value.formFields) : undefined,
    auth: value.auth,
  };
}

describe('copy as cURL and import round trips', () => {
  const cases: Array<[string, RequestState]> = [
    ['a plain GET with query rows', state({ method: 'GET', url: '/demo/users', query: [emptyRow('page', '2'), emptyRow('search', "O'Brien & co")] })],
    [
      'a JSON POST with a header and a bearer token',
      state({
        method: 'POST',
        url: '/demo/users',
        headers: [emptyRow('X-Trace', 'abc 123')],
        bodyType: 'json',
        jsonBody: '{\n  "name": "It\'s me",\n  "email": "me@example.com"\n}',
        auth: { type: 'bearer', token: 'tok-123', username: '', password: '', userId: '' },
      }),
    ],
    [
      'a form PUT with basic auth',
      state({
        method: 'PUT',
        url: '/demo/forms',
        bodyType: 'form',
        formFields: [emptyRow('name', 'Ann Lee'), emptyRow('note', 'a=b&c')],
        auth: { type: 'basic', username: 'ann', password: 'p:ss word', token: '', userId: '' },
      }),
    ],
    [
      'a GET with digest auth',
      state({ url: '/demo/files', auth: { type: 'digest', username: 'ann', password: 'p:ss word', token: '', userId: '' } }),
    ],
    ['a raw text PATCH', state({ method: 'PATCH', url: '/demo/text', bodyType: 'raw', rawBody: 'line one\nline "two"', rawContentType: 'text/plain' })],
    ['a DELETE', state({ method: 'DELETE', url: '/demo/users/7' })],
  ];

  it.each(cases)('exporting then importing %s gives back the same request', (_name, original) => {
    const command = curlOf(original, { baseUrl: BASE });
    expect(comparable({ ...fromCurl(command, BASE) })).toEqual(comparable(original));
  });

  it('fills path parameters and the base URL into the exported URL', () => {
    const command = curlOf(state({ url: '/demo/users/{user}', pathParams: { user: '9' } }), { baseUrl: BASE });
    expect(command).toBe(`curl ${BASE}/demo/users/9`);
  });

  it('exports multipart file parts with @filename and their type', () => {
    const command = curlOf(
      state({
        method: 'POST',
        url: '/demo/uploads',
        bodyType: 'multipart',
        multipartFields: [
          { ...emptyRow('title', 'Holiday'), kind: 'text' },
          { ...emptyRow('file', ''), kind: 'file', file: { filename: 'photo.png', contentType: 'image/png', size: 3, base64: 'AAA=' } },
        ],
      }),
      { baseUrl: BASE },
    );
    expect(command).toContain("-F title=Holiday -F 'file=@photo.png;type=image/png'");
    const imported = fromCurl(command, BASE);
    expect(imported.bodyType).toBe('multipart');
    expect(imported.multipartFields?.map((field) => [field.name, field.kind, field.file?.filename ?? field.value])).toEqual([
      ['title', 'text', 'Holiday'],
      ['file', 'file', 'photo.png'],
    ]);
    expect(filesToChooseAgain(imported)).toEqual(['photo.png']);
  });

  it('says in a comment line what a current-user or impersonate command lacks, and still imports back', () => {
    const asUser = curlOf(state({ url: '/demo/me', auth: { type: 'current-user', token: '', username: '', password: '', userId: '' } }), { baseUrl: BASE });
    expect(asUser).toBe(`# The command does not carry the logged-in user's session: Kite's host adds it when it relays the request.\ncurl ${BASE}/demo/me`);
    expect(looksLikeCurl(asUser)).toBe(true);
    expect(fromCurl(asUser, BASE).url).toBe('/demo/me');
    const impersonating = curlOf(state({ url: '/demo/me', auth: { type: 'impersonate', token: '', username: '', password: '', userId: '7' } }), { baseUrl: BASE });
    expect(impersonating.split('\n')[0]).toBe("# The command does not impersonate user 7: only Kite's host can.");
    expect(curlOf(state({ url: '/demo/me' }), { baseUrl: BASE })).toBe(`curl ${BASE}/demo/me`);
  });

  it('includes the global headers the user left on and skips those switched off', () => {
    const command = curlOf(state({ disabledGlobalHeaders: ['X-Off'] }), {
      baseUrl: BASE,
      globalHeaders: [
        { name: 'X-On', value: 'yes' },
        { name: 'X-Off', value: 'no' },
      ],
    });
    expect(command).toContain("-H 'X-On: yes'");
    expect(command).not.toContain('X-Off');
  });

  it('imports a command copied from browser dev tools with line continuations and $-strings', () => {
    const imported = fromCurl(
      `curl 'http://127.0.0.1:8080/demo/users?page=3' \\\n  -H 'accept: application/json' \\\n  --data-raw $'{"name":"it\\'s"}' \\\n  --compressed`,
      BASE,
    );
    expect(imported.method).toBe('POST');
    expect(imported.url).toBe('/demo/users');
    expect(imported.query?.map((q) => [q.name, q.value])).toEqual([['page', '3']]);
    expect(imported.headers?.map((h) => [h.name, h.value])).toEqual([['accept', 'application/json']]);
    expect(imported.bodyType).toBe('json');
    expect(imported.jsonBody).toBe('{"name":"it\'s"}');
  });

  it('keeps a URL outside the base URL absolute', () => {
    expect(fromCurl('curl https://elsewhere.test/x', BASE).url).toBe('https://elsewhere.test/x');
  });

  it('says clearly what is wrong with a broken command', () => {
    expect(() => fromCurl("curl 'http://x", BASE)).toThrow(CurlParseError);
    expect(() => fromCurl('curl -H', BASE)).toThrow('The option -H needs a value.');
    expect(() => fromCurl('curl -X POST', BASE)).toThrow('The cURL command has no URL.');
  });

  it('recognises pasted cURL commands but not URLs', () => {
    expect(looksLikeCurl('curl http://x')).toBe(true);
    expect(looksLikeCurl('  curl -X POST http://x')).toBe(true);
    expect(looksLikeCurl('/curl/path')).toBe(false);
  });

  it('quotes words for the shell only when needed', () => {
    expect(shellQuote('http://a/b')).toBe('http://a/b');
    expect(shellQuote('http://a/b?c=1&d=2')).toBe("'http://a/b?c=1&d=2'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellWords(`a 'b c' "d \\"e\\"" f\\ g`)).toEqual(['a', 'b c', 'd "e"', 'f g']);
  });
});
