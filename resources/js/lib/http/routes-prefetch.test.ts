import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPageRoutes } from './routes-prefetch';

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) {
    const element = doc.createElement('script');
    element.type = 'application/json';
    element.id = 'kite-routes';
    element.textContent = json;
    doc.head.append(element);
  }
  return doc;
}

const routes = { application: 'app', applications: [{ id: 'app', name: 'App', baseUrl: 'http://127.0.0.1', routes: [] }], revision: 'r1' };

describe('the routes a host put into the page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are read as the routes response', () => {
    expect(readPageRoutes(pageWith(JSON.stringify(routes)))).toEqual(routes);
  });

  it('come with what format 2 leaves out filled in (id, schema, extraction errors)', () => {
    const sent = { ...routes, format: 2, applications: [{ ...routes.applications[0], routes: [{ methods: ['GET'], uri: '/users', group: 'users', parameters: [] }] }] };
    expect(readPageRoutes(pageWith(JSON.stringify(sent)))?.applications[0].routes).toEqual([{ id: 'GET /users', methods: ['GET'], uri: '/users', group: 'users', parameters: [], schema: {}, extractionErrors: [] }]);
  });

  it('may be the route index of a catalogue too large for the page, read back whole', () => {
    const index = { index: true, format: 2, application: 'app', revision: 'r1', applications: [{ id: 'app', name: 'App', routes: [{ methods: ['GET'], uri: '/users', group: 'users' }] }] };
    expect(readPageRoutes(pageWith(JSON.stringify(index)))).toEqual({ ...index, applications: [{ id: 'app', name: 'App', routes: [{ id: 'GET /users', methods: ['GET'], uri: '/users', group: 'users', extractionErrors: [] }] }] });
  });

  it('are absent when the page carries none', () => {
    expect(readPageRoutes(pageWith(null))).toBeNull();
    expect(readPageRoutes(pageWith(''))).toBeNull();
  });

  it('that do not parse, or are not a routes response, are left for a routes call with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPageRoutes(pageWith('{"applications": ['))).toBeNull();
    expect(readPageRoutes(pageWith('{"applications": [{"id": "app"}], "revision": "r1"}'))).toBeNull();
    expect(readPageRoutes(pageWith('[]'))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0][0])).toContain('could not be read');
  });
});
