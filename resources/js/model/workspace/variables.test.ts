import { describe, expect, it } from 'vitest';
import { defaultRequestState, emptyRow } from '../request/request-state';
import { buildScope, redactSecrets, resolveRequest, resolveText, segments, unresolvedMessage, variableNames } from './variables';

const scope = buildScope({
  capture: [{ name: 'token', value: 'captured-token', secret: true }],
  environment: [
    { name: 'token', value: 'env-token', secret: false },
    { name: 'userId', value: '2', secret: false },
  ],
  global: [
    { name: 'userId', value: '1', secret: false },
    { name: 'host', value: 'api', secret: false },
  ],
});

describe('variables', () => {
  it('takes a captured value over the environment, and the environment over globals', () => {
    expect(scope.token).toEqual({ value: 'captured-token', secret: true, source: 'capture' });
    expect(scope.userId).toEqual({ value: '2', secret: false, source: 'environment' });
    expect(scope.host.source).toBe('global');
  });

  it('finds {{names}} with or without spaces inside the braces, once each', () => {
    expect(variableNames('/users/{{ userId }}/{{userId}}?t={{token}}')).toEqual(['userId', 'token']);
    expect(variableNames('/users/{user}')).toEqual([]);
  });

  it('replaces known names and reports unknown ones, which stay as typed', () => {
    const unresolved = new Set<string>();
    expect(resolveText('/u/{{userId}}/{{nope}}', scope, unresolved)).toBe('/u/2/{{nope}}');
    expect([...unresolved]).toEqual(['nope']);
  });

  it('cuts a text into plain runs and marked references', () => {
    expect(segments('a {{userId}} b {{x}}', scope)).toEqual([
      { text: 'a ' },
      { text: '{{userId}}', name: 'userId', resolved: scope.userId },
      { text: ' b ' },
      { text: '{{x}}', name: 'x', resolved: undefined },
    ]);
  });

  it('resolves the URL, path parameters, query and headers, every body type and the auth fields', () => {
    const state = {
      ...defaultRequestState(),
      url: '/{{host}}/users/{user}',
      pathParams: { user: '{{userId}}' },
      query: [emptyRow('q', '{{userId}}'), { ...emptyRow('off', '{{missing}}'), enabled: false }],
      headers: [emptyRow('X-{{host}}', 'Bearer {{token}}')],
      bodyType: 'json' as const,
      jsonBody: '{"id": {{userId}}}',
      formFields: [emptyRow('f', '{{userId}}')],
      multipartFields: [{ ...emptyRow('m', '{{userId}}'), kind: 'text' as const }],
      rawBody: '{{also-missing-but-not-sent}}',
      auth: { type: 'bearer' as const, token: '{{token}}', username: '{{userId}}', password: '', userId: '' },
    };
    const { state: resolved, unresolved, secrets } = resolveRequest(state, scope);
    expect(resolved.url).toBe('/api/users/{user}');
    expect(resolved.pathParams).toEqual({ user: '2' });
    expect(resolved.query[0].value).toBe('2');
    expect(resolved.headers[0]).toMatchObject({ name: 'X-api', value: 'Bearer captured-token' });
    expect(resolved.jsonBody).toBe('{"id": 2}');
    expect(resolved.formFields[0].value).toBe('2');
    expect(resolved.multipartFields[0].value).toBe('2');
    expect(resolved.auth.token).toBe('captured-token');
    expect(resolved.auth.username).toBe('2');
    // A disabled row and another body type's text do not stop the send.
    expect(unresolved).toEqual([]);
    expect(secrets).toEqual(['token']);
    expect(state.url, 'the typed request is left as it was').toBe('/{{host}}/users/{user}');
  });

  it('names every variable of the sent parts that has no value', () => {
    const state = { ...defaultRequestState(), url: '/x/{{a}}', headers: [emptyRow('H', '{{b}}')], bodyType: 'raw' as const, rawBody: '{{a}}{{c}}' };
    expect(resolveRequest(state, scope).unresolved).toEqual(['a', 'b', 'c']);
    expect(unresolvedMessage(['a'])).toBe('The variable {{a}} has no value');
    expect(unresolvedMessage(['a', 'b'])).toBe('The variables {{a}}, {{b}} have no value');
  });

  it('puts a secret back as its {{name}} where a text shows its value', () => {
    expect(redactSecrets('http://x/me?t=captured-token', scope)).toBe('http://x/me?t={{token}}');
  });
});
