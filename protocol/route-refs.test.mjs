import { describe, expect, it } from 'vitest';
import { compileSchemas } from './conformance/schemas.mjs';
import { completeRouteIndex, completeRoutes, resolveRoute, routeAsSent, routeIndexAsSent, routesFormatProblem, ROUTES_FORMAT } from './route-refs.js';

const route = (parameters, responses) => ({ id: 'GET /users', methods: ['GET'], uri: '/users', group: 'users', parameters, schema: {}, extractionErrors: [], ...(responses ? { responses } : {}) });
const top = { name: '$top', in: 'query', required: false, schema: { type: 'integer' } };
const error = { status: '4XX', description: 'Error', schema: { $ref: '#/$defs/ODataError' } };

describe('resolveRoute', () => {
  it('writes the shared parameters and responses a route refers to in place, in order, beside its own', () => {
    const own = { name: 'id', in: 'path', required: true };
    const application = { parameters: { top, 'query.%filter': { name: '%filter', in: 'query', required: false } }, responses: { error } };
    const wire = route([own, { $ref: '#/parameters/top' }, { $ref: '#/parameters/query.%25filter' }], [{ status: '200' }, { $ref: '#/responses/error' }]);
    const resolved = resolveRoute(wire, application);
    expect(resolved.parameters).toEqual([own, top, { name: '%filter', in: 'query', required: false }]);
    expect(resolved.responses).toEqual([{ status: '200' }, error]);
    expect(resolved.extractionErrors).toEqual([]);
    // The same route gives the same object (screens compare routes by identity).
    expect(resolveRoute(wire, application)).toBe(resolved);
  });

  it('gives a route that refers to nothing shared back as it is', () => {
    const plain = route([top], [error]);
    expect(resolveRoute(plain, undefined)).toBe(plain);
  });

  it('leaves out a reference to nothing and names it in the route\'s extraction errors, keeping the rest', () => {
    const resolved = resolveRoute(route([{ $ref: '#/parameters/gone' }, top], [{ $ref: '#/parameters/top' }]), { parameters: {} });
    expect(resolved.parameters).toEqual([top]);
    expect(resolved.responses).toEqual([]);
    expect(resolved.extractionErrors.map((e) => e.message)).toEqual([
      "The host refers to the shared parameter '#/parameters/gone', which it did not send; the route is shown without it.",
      "The host refers to the shared response '#/parameters/top', which it did not send; the route is shown without it.",
    ]);
  });
});

describe('routesFormatProblem', () => {
  it('reads format 1 (absent) and 2, and refuses a later or unreadable format, naming it', () => {
    expect(ROUTES_FORMAT).toBe(2);
    expect(routesFormatProblem({})).toBeNull();
    expect(routesFormatProblem({ format: 1 })).toBeNull();
    expect(routesFormatProblem({ format: 2 })).toBeNull();
    expect(routesFormatProblem({ format: 3 })).toBe('The host sends its routes in format 3, which this page cannot read (it reads formats 1 to 2). Reload the page; if the host serves published assets, publish them again.');
    expect(routesFormatProblem({ format: '2' })).toMatch(/format "2", which this page cannot read/);
  });
});

describe('routeAsSent and completeRoutes (format 2 leaves out what a reader derives)', () => {
  it('leaves out an id that is METHOD uri, an empty schema and empty extraction errors', () => {
    const whole = route([top]);
    expect(routeAsSent(whole)).toEqual({ methods: ['GET'], uri: '/users', group: 'users', parameters: [top] });
  });

  it('keeps an id that is not METHOD uri, a schema with content and extraction errors', () => {
    const whole = { ...route([]), id: 'GET|HEAD /users', methods: ['GET', 'HEAD'], schema: { body: { type: 'object' } }, extractionErrors: [{ message: 'Unknown schema type' }] };
    expect(routeAsSent(whole)).toEqual(whole);
    // The id of a route of several methods is derived from its first.
    expect(routeAsSent({ ...whole, id: 'GET /users' }).id).toBeUndefined();
  });

  it('fills in what the response left out, in place, so the routes read as they were converted', () => {
    const routes = [route([top]), { ...route([]), id: 'special', uri: '/special', schema: { query: { type: 'object' } }, extractionErrors: [{ message: 'x' }] }, { ...route([]), methods: ['POST', 'PUT'], id: 'POST /users' }];
    const sent = JSON.parse(JSON.stringify({ application: 'a', revision: 'r', format: ROUTES_FORMAT, applications: [{ id: 'a', name: 'A', baseUrl: 'http://x', routes: routes.map(routeAsSent) }] }));
    expect(sent.applications[0].routes[0]).not.toHaveProperty('id');
    const completed = completeRoutes(sent);
    expect(completed).toBe(sent);
    expect(completed.applications[0].routes).toEqual(routes);
  });

  it('leaves a route sent whole (format 1, the Laravel host) as it is', () => {
    const whole = { ...route([]), id: 'GET|HEAD /users', methods: ['GET', 'HEAD'] };
    const response = { application: 'a', revision: 'r', applications: [{ id: 'a', name: 'A', baseUrl: 'http://x', routes: [structuredClone(whole)] }] };
    expect(completeRoutes(response).applications[0].routes).toEqual([whole]);
  });
});

describe('routeIndexAsSent and completeRouteIndex (the route index a page carries)', () => {
  it('keeps per route only what the list shows and searches, derived fields left out, and reads back whole', () => {
    const routes = [{ ...route([top]), name: 'users.index', summary: 'List users', tags: ['users', 'admin'], description: 'Long text', security: [] }, { ...route([]), id: 'special', uri: '/special', extractionErrors: [{ message: 'x' }] }];
    const sent = { application: 'a', revision: 'r7', format: ROUTES_FORMAT, applications: [{ id: 'a', name: 'A', baseUrl: 'http://x', $defs: { X: {} }, routes: routes.map(routeAsSent) }] };
    const index = JSON.parse(JSON.stringify(routeIndexAsSent(sent)));
    expect(index).toEqual({
      index: true,
      format: ROUTES_FORMAT,
      application: 'a',
      revision: 'r7',
      applications: [{ id: 'a', name: 'A', routes: [{ methods: ['GET'], uri: '/users', name: 'users.index', summary: 'List users', tags: ['users', 'admin'], group: 'users' }, { id: 'special', methods: ['GET'], uri: '/special', group: 'users', extractionErrors: [{ message: 'x' }] }] }],
    });
    expect(compileSchemas().problems('route-index', index)).toBeNull();
    expect(completeRouteIndex(index).applications[0].routes.map((listed) => [listed.id, listed.extractionErrors])).toEqual([['GET /users', []], ['special', [{ message: 'x' }]]]);
  });
});

describe('routes-response.schema.json', () => {
  it('lets format 2 leave out id, schema and extraction errors, and format 1 not', () => {
    const { problems } = compileSchemas();
    const response = (format, routes) => ({ application: 'a', revision: 'r', ...(format ? { format } : {}), applications: [{ id: 'a', name: 'A', baseUrl: 'http://127.0.0.1:9', routes }] });
    const sent = routeAsSent(route([top]));
    expect(problems('routes-response', response(2, [sent]))).toBeNull();
    expect(problems('routes-response', response(undefined, [route([top])]))).toBeNull();
    expect(problems('routes-response', response(undefined, [sent]))).toMatch(/must have required property 'id'/);
    expect(problems('routes-response', response(1, [sent]))).toMatch(/must have required property 'id'/);
  });
});
