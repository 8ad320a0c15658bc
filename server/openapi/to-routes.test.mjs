import { describe, expect, it } from 'vitest';
import { openApiToRoutes } from './to-routes.mjs';

const doc = (paths, components = {}, openapi = '3.1.0') => ({ openapi, info: { title: 'T', version: '1' }, paths, components });
const jsonBody = (schema) => ({ requestBody: { content: { 'application/json': { schema } } } });
const byId = (routes, id) => routes.find((route) => route.id === id);

describe('OpenAPI to routes', () => {
  it('lists every path and method with its id, uri, name and summary', () => {
    const routes = openApiToRoutes(
      doc({
        '/users': { get: { operationId: 'listUsers', summary: 'List users' }, post: { description: 'Creates one.\nMore text.' } },
        '/health': { head: {}, options: {}, trace: {} },
      }),
    );
    expect(routes.map((route) => route.id)).toEqual(['GET /users', 'POST /users', 'HEAD /health', 'OPTIONS /health']);
    expect(byId(routes, 'GET /users')).toMatchObject({ methods: ['GET'], uri: '/users', name: 'listUsers', summary: 'List users' });
    expect(byId(routes, 'POST /users').summary).toBe('Creates one.');
  });

  it('keeps the description and the documented responses', () => {
    const routes = openApiToRoutes(
      doc(
        {
          '/users': {
            post: {
              summary: 'Create',
              description: '  Creates a **user**.\n\nSee <a href="x">docs</a>.  ',
              responses: { 201: { description: 'Created', content: { 'application/json': {} } }, 422: { $ref: '#/components/responses/Invalid' }, default: {} },
            },
          },
        },
        { responses: { Invalid: { description: 'Validation failed', content: { 'application/json': {}, 'application/problem+json': {} } } } },
      ),
    );
    const route = byId(routes, 'POST /users');
    expect(route.description).toBe('Creates a **user**.\n\nSee <a href="x">docs</a>.');
    expect(route.responses).toEqual([
      { status: '201', description: 'Created', contentTypes: ['application/json'] },
      { status: '422', description: 'Validation failed', contentTypes: ['application/json', 'application/problem+json'] },
      { status: 'default' },
    ]);
    expect(byId(openApiToRoutes(doc({ '/a': { get: {} } })), 'GET /a').responses).toBeUndefined();
  });

  it('groups by the first tag, else by the first literal path segment', () => {
    const routes = openApiToRoutes(doc({ '/v1/users/{id}': { get: {}, put: { tags: ['people', 'admin'] } }, '/{tenant}': { get: {} }, '/': { get: {} } }));
    expect(byId(routes, 'GET /v1/users/{id}').group).toBe('v1');
    expect(byId(routes, 'PUT /v1/users/{id}').group).toBe('people');
    expect(byId(routes, 'GET /{tenant}').group).toBe('root');
  });

  it('resolves $refs in bodies, parameters and request bodies', () => {
    const routes = openApiToRoutes(
      doc(
        { '/pets': { post: { parameters: [{ $ref: '#/components/parameters/Limit' }], requestBody: { $ref: '#/components/requestBodies/NewPet' } } } },
        {
          parameters: { Limit: { name: 'limit', in: 'query', required: true, schema: { $ref: '#/components/schemas/Limit' } } },
          requestBodies: { NewPet: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
          schemas: { Limit: { type: 'integer', maximum: 50 }, Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } } },
        },
      ),
    );
    const route = byId(routes, 'POST /pets');
    expect(route.parameters).toEqual([{ name: 'limit', in: 'query', required: true, schema: { type: 'integer', maximum: 50 } }]);
    expect(route.schema.query).toEqual({ type: 'object', properties: { limit: { type: 'integer', maximum: 50 } }, required: ['limit'] });
    expect(route.schema.body).toEqual({ type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } });
    expect(route.bodyContentType).toBe('application/json');
    expect(route.extractionErrors).toEqual([]);
  });

  it('cuts a $ref cycle with a note instead of recursing forever', () => {
    const routes = openApiToRoutes(
      doc({ '/categories': { post: jsonBody({ $ref: '#/components/schemas/Category' }) } }, {
        schemas: { Category: { type: 'object', properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Category' }, children: { type: 'array', items: { $ref: '#/components/schemas/Category' } } } } },
      }),
    );
    const body = byId(routes, 'POST /categories').schema.body;
    expect(body.properties.name).toEqual({ type: 'string' });
    expect(body.properties.parent).toEqual({ type: 'object', $comment: 'Cut a $ref cycle: #/components/schemas/Category refers back to itself' });
    expect(body.properties.children.items.$comment).toMatch(/Cut a \$ref cycle/);
  });

  it('cuts a cycle that runs through two schemas', () => {
    const routes = openApiToRoutes(
      doc({ '/a': { post: jsonBody({ $ref: '#/components/schemas/A' }) } }, {
        schemas: { A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } }, B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } } },
      }),
    );
    expect(byId(routes, 'POST /a').schema.body.properties.b.properties.a.$comment).toMatch(/A refers back/);
  });

  it('merges allOf parts: properties and required lists united', () => {
    const routes = openApiToRoutes(
      doc({ '/staff': { post: jsonBody({ allOf: [{ $ref: '#/components/schemas/Person' }, { type: 'object', required: ['salary'], properties: { salary: { type: 'number', minimum: 0 } } }] }) } }, {
        schemas: { Person: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
      }),
    );
    expect(byId(routes, 'POST /staff').schema.body).toEqual({
      type: 'object',
      required: ['name', 'salary'],
      properties: { name: { type: 'string' }, salary: { type: 'number', minimum: 0 } },
    });
  });

  it('takes the first oneOf/anyOf alternative with a note, and a null alternative as nullable', () => {
    const routes = openApiToRoutes(
      doc({
        '/pay': {
          post: jsonBody({
            type: 'object',
            properties: {
              method: { oneOf: [{ type: 'object', properties: { card: { type: 'string' } } }, { type: 'object', properties: { iban: { type: 'string' } } }] },
              note: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }] },
            },
          }),
        },
      }),
    );
    const { method, note } = byId(routes, 'POST /pay').schema.body.properties;
    expect(method).toEqual({ type: 'object', properties: { card: { type: 'string' } }, $comment: 'oneOf: used the first of 2 alternatives' });
    expect(note).toEqual({ type: ['string', 'null'], maxLength: 10 });
  });

  it('turns OpenAPI 3.0 nullable into a type array and keeps 3.1 type arrays', () => {
    const routes = openApiToRoutes(
      doc({ '/x': { post: jsonBody({ type: 'object', properties: { a: { type: 'string', nullable: true }, b: { type: ['integer', 'null'] } } }) } }, {}, '3.0.3'),
    );
    const { a, b } = byId(routes, 'POST /x').schema.body.properties;
    expect(a.type).toEqual(['string', 'null']);
    expect(b.type).toEqual(['integer', 'null']);
  });

  it('leaves read-only properties out of request bodies', () => {
    const routes = openApiToRoutes(doc({ '/u': { post: jsonBody({ type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } }) } }));
    expect(byId(routes, 'POST /u').schema.body).toEqual({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } });
  });

  it('merges path-level parameters, operation-level ones winning, path parameters always required', () => {
    const routes = openApiToRoutes(
      doc({
        '/users/{user}': {
          parameters: [{ name: 'user', in: 'path', schema: { type: 'integer' } }, { name: 'fields', in: 'query', schema: { type: 'string' } }, { name: 'sid', in: 'cookie' }],
          get: { parameters: [{ name: 'fields', in: 'query', required: true, description: 'Which fields', schema: { type: 'string', enum: ['all', 'short'] } }, { name: 'X-Trace', in: 'header', schema: { type: 'string' } }] },
        },
      }),
    );
    expect(byId(routes, 'GET /users/{user}').parameters).toEqual([
      { name: 'user', in: 'path', required: true, schema: { type: 'integer' } },
      { name: 'fields', in: 'query', required: true, description: 'Which fields', schema: { type: 'string', enum: ['all', 'short'] } },
      { name: 'X-Trace', in: 'header', required: false, schema: { type: 'string' } },
    ]);
  });

  it('prefers a JSON body, then multipart, then form, and names the content type', () => {
    const routes = openApiToRoutes(
      doc({
        '/a': { post: { requestBody: { content: { 'application/xml': { schema: { type: 'string' } }, 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } } } } },
        '/b': { post: { requestBody: { content: { 'application/vnd.api+json': { schema: { type: 'object' } }, 'application/x-www-form-urlencoded': {} } } } },
      }),
    );
    expect(byId(routes, 'POST /a').bodyContentType).toBe('multipart/form-data');
    expect(byId(routes, 'POST /b').bodyContentType).toBe('application/vnd.api+json');
  });

  it('keeps a route whose schema cannot be read, with the reason and where', () => {
    const routes = openApiToRoutes(
      doc({ '/broken': { post: jsonBody({ type: 'object', properties: { owner: { $ref: '#/components/schemas/Missing' }, kind: { type: 'strnig' } } }) }, '/fine': { get: {} } }),
    );
    const broken = byId(routes, 'POST /broken');
    expect(routes).toHaveLength(2);
    expect(broken.schema.body.properties.owner.$comment).toMatch(/Missing/);
    expect(broken.extractionErrors).toEqual([
      { message: "Cannot resolve $ref '#/components/schemas/Missing': 'schemas' does not exist", location: '#/paths/~1broken/post/requestBody/content/application~1json/schema/properties/owner' },
      { message: "Unknown schema type 'strnig'", location: '#/paths/~1broken/post/requestBody/content/application~1json/schema/properties/kind' },
    ]);
  });

  it('reports references to other files instead of failing', () => {
    const routes = openApiToRoutes(doc({ '/ext': { post: jsonBody({ $ref: 'other.yaml#/Pet' }) } }));
    expect(byId(routes, 'POST /ext').extractionErrors[0].message).toMatch(/only references inside the document/);
  });

  it('turns exclusive bounds into inclusive ones for integers and notes them for numbers', () => {
    const routes = openApiToRoutes(doc({ '/n': { post: jsonBody({ type: 'object', properties: { i: { type: 'integer', exclusiveMinimum: 0 }, n: { type: 'number', minimum: 0, exclusiveMinimum: true } } }) } }, {}, '3.1.0'));
    const { i, n } = byId(routes, 'POST /n').schema.body.properties;
    expect(i.minimum).toBe(1);
    expect(n).toMatchObject({ minimum: 0, $comment: 'minimum 0 is exclusive' });
  });
});
