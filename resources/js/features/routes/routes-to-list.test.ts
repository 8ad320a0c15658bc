import { describe, expect, it } from 'vitest';
import type { ListedRoute, RouteIndex, RoutesResponse } from '../../../../protocol/types';
import { routesToList } from './routes-to-list';

const route: ListedRoute = { id: 'GET /users', methods: ['GET'], uri: '/users', group: 'users', extractionErrors: [] };
const index = (revision: string): RouteIndex => ({ index: true, application: 'app', revision, applications: [{ id: 'app', routes: [route] }] });
const routes = (revision: string) => ({ application: 'app', revision, applications: [{ id: 'app', name: 'App', baseUrl: 'http://127.0.0.1', routes: [{ ...route, parameters: [], schema: {} }] }] }) as unknown as RoutesResponse;

describe('what the route list shows', () => {
  it('is the route index until the routes come, and still once routes of the same revision have come', () => {
    const listed = index('r1');
    expect(routesToList(null, listed)).toBe(listed);
    expect(routesToList(routes('r1'), listed)).toBe(listed);
  });

  it('is the routes when there is no index, or when they are of another revision', () => {
    const fetched = routes('r2');
    expect(routesToList(fetched, null)).toBe(fetched);
    expect(routesToList(fetched, index('r1'))).toBe(fetched);
    expect(routesToList(null, null)).toBeNull();
  });
});
