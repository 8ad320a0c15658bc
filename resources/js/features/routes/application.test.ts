import { describe, expect, it } from 'vitest';
import type { RouteInfo, RoutesResponse } from '../../../../protocol/types';
import { activeRoute, findRoute, pathMatches } from './application';

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

  it('reads a route with its shared parameters and responses written in and their schemas carrying the $defs they reach', () => {
    const shared: RoutesResponse = {
      format: 2,
      application: 'graph',
      revision: '1',
      applications: [
        {
          id: 'graph',
          name: 'Graph',
          baseUrl: '/v1.0',
          routes: [{ ...route('GET', '/users'), parameters: [{ $ref: '#/parameters/top' }], responses: [{ $ref: '#/responses/error' }] }],
          parameters: { top: { name: '$top', in: 'query', required: false, schema: { $ref: '#/$defs/Count' } } },
          responses: { error: { status: '4XX', schema: { $ref: '#/$defs/ODataError' } } },
          $defs: { Count: { type: 'integer' }, ODataError: { type: 'object' } },
        },
      ],
    };
    const read = findRoute(shared, 'graph', 'GET /users');
    expect(read?.parameters).toEqual([{ name: '$top', in: 'query', required: false, schema: { $ref: '#/$defs/Count', $defs: { Count: { type: 'integer' } } } }]);
    expect(read?.responses).toEqual([{ status: '4XX', schema: { $ref: '#/$defs/ODataError', $defs: { ODataError: { type: 'object' } } } }]);
    expect(activeRoute(shared, { application: 'graph', routeId: '', method: 'GET', url: '/users' })).toBe(read);
  });
});
