import { describe, expect, it } from 'vitest';
import type { RouteInfo, RoutesResponse } from '../../../../../protocol/types';
import { activeRoute, pathMatches } from './application';

const route = (method: RouteInfo['methods'][number], uri: string): RouteInfo => ({
  id: `${method} ${uri}`,
  methods: [method],
  uri,
  group: 'users',
  parameters: [],
  schema: {},
  extractionErrors: [],
});
const routes: RoutesResponse = {
  application: 'api',
  applications: [{ id: 'api', name: 'API', baseUrl: '/api', routes: [route('GET', '/users'), route('POST', '/users'), route('PUT', '/users/{user}'), route('PATCH', '/users/{user}')] }],
} as RoutesResponse;

describe('the route of the request being built', () => {
  it('matches a path to a route URI, placeholders taking any value', () => {
    expect(pathMatches('/users/{user}', '/users/{user}')).toBe(true);
    expect(pathMatches('/users/{user}', 'users/7')).toBe(true);
    expect(pathMatches('/posts/{post?}', '/posts')).toBe(true);
    expect(pathMatches('/users/{user}', '/users')).toBe(false);
    expect(pathMatches('/users', '/posts')).toBe(false);
  });

  it('follows the method to the matching route, or to none', () => {
    const request = { application: 'api', routeId: 'PUT /users/{user}', method: 'PUT' as const, url: '/users/{user}' };
    expect(activeRoute(routes, request)?.id).toBe('PUT /users/{user}');
    expect(activeRoute(routes, { ...request, method: 'PATCH' })?.id).toBe('PATCH /users/{user}');
    expect(activeRoute(routes, { ...request, method: 'DELETE' })).toBeUndefined();
    expect(activeRoute(routes, { ...request, method: 'POST', url: '/users' })?.id).toBe('POST /users');
    expect(activeRoute(routes, { ...request, routeId: '', method: 'GET', url: '/users' })?.id).toBe('GET /users');
  });
});
