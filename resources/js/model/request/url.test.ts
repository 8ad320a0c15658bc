import { describe, expect, it } from 'vitest';
import { buildQueryString, fillPathParams, finalUrl, joinUrl, missingPathParams, relativeToBase, splitUrl } from './url';

const row = (name: string, value: string, enabled = true) => ({ id: name, name, value, enabled });

describe('URL building', () => {
  it('puts path parameter values into the path, encoded', () => {
    expect(fillPathParams('/users/{user}/posts/{post}', { user: '42', post: 'a b/c' })).toBe('/users/42/posts/a%20b%2Fc');
  });

  it('keeps an empty required placeholder visible so the preview shows what is missing', () => {
    expect(fillPathParams('/users/{user}', {})).toBe('/users/{user}');
    expect(missingPathParams('/users/{user}/posts/{post}', { user: '1' })).toEqual(['post']);
  });

  it('drops an empty optional placeholder with its slash', () => {
    expect(fillPathParams('/posts/{post?}', {})).toBe('/posts');
    expect(fillPathParams('/posts/{post?}', { post: '7' })).toBe('/posts/7');
    // The delimiters of OpenAPI's path styles stay as written: simple, label and matrix arrays.
    expect(fillPathParams('/pets/{ids}', { ids: '3,4' })).toBe('/pets/3,4');
    expect(fillPathParams('/pets/{ids}', { ids: ';ids=3;ids=4' })).toBe('/pets/;ids=3;ids=4');
    expect(fillPathParams('/pets/{ids}', { ids: '.3.4' })).toBe('/pets/.3.4');
  });

  it('builds the query string from enabled rows with a name, in order, keeping repeats', () => {
    expect(buildQueryString([row('page', '2'), row('off', 'x', false), row('', 'nameless'), row('tag', 'a b'), row('tag', 'c&d')])).toBe(
      'page=2&tag=a%20b&tag=c%26d',
    );
  });

  it('keeps brackets readable in query names', () => {
    expect(buildQueryString([row('filter[name]', 'ann')])).toBe('filter[name]=ann');
  });

  it('joins the base URL and the path with exactly one slash', () => {
    expect(joinUrl('http://api.test/', '/users')).toBe('http://api.test/users');
    expect(joinUrl('http://api.test', 'users')).toBe('http://api.test/users');
    expect(joinUrl('http://api.test', 'https://other.test/x')).toBe('https://other.test/x');
  });

  it('previews the final URL from base, filled path, inline query and query rows', () => {
    expect(finalUrl('http://127.0.0.1:8080', '/demo/users/{user}?include=posts', { user: '5' }, [row('page', '1')])).toBe(
      'http://127.0.0.1:8080/demo/users/5?include=posts&page=1',
    );
  });

  it('splits a URL into its path and decoded query', () => {
    expect(splitUrl('/search?q=a+b&tag=%23x&flag#frag')).toEqual({
      path: '/search',
      query: [
        { name: 'q', value: 'a b' },
        { name: 'tag', value: '#x' },
        { name: 'flag', value: '' },
      ],
    });
  });

  it('keeps the question mark of an optional placeholder in the path', () => {
    expect(splitUrl('/posts/{post?}')).toEqual({ path: '/posts/{post?}', query: [] });
    expect(splitUrl('/posts/{post?}?page=2')).toEqual({ path: '/posts/{post?}', query: [{ name: 'page', value: '2' }] });
  });

  it('makes absolute URLs under the base relative and leaves others alone', () => {
    expect(relativeToBase('http://api.test/v1/users?x=1', 'http://api.test/v1')).toBe('/users?x=1');
    expect(relativeToBase('http://api.test/v1', 'http://api.test/v1/')).toBe('/');
    expect(relativeToBase('http://other.test/users', 'http://api.test')).toBe('http://other.test/users');
  });
});

describe('path placeholders beside {{variables}}', () => {
  it('does not take a {{variable}} for a {param}', async () => {
    const { pathParamNames } = await import('./request-state');
    expect(pathParamNames('/users/{user}/{{userId}}')).toEqual(['user']);
    expect(missingPathParams('/users/{{userId}}', {})).toEqual([]);
    expect(fillPathParams('/a/{{x}}/{b}', { b: '1' })).toBe('/a/{{x}}/1');
    // A variable stays as typed until it is filled in; what is around it is encoded.
    expect(fillPathParams('/users/{user}', { user: '{{id}} x' })).toBe('/users/{{id}}%20x');
    expect(buildQueryString([{ id: '1', enabled: true, name: 'who', value: '{{who}}&{{ other }}' }])).toBe('who={{who}}%26{{ other }}');
  });
});
