import { describe, expect, it } from 'vitest';
import { resolveRoute, routesFormatProblem, ROUTES_FORMAT } from './route-refs.js';

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
