import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiToApplication } from './to-routes.mjs';

const openApiToRoutes = (document, options) => openApiToApplication(document, options).routes;

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

  it("keeps each documented response's JSON body schema, a shared one as a reference into $defs", () => {
    const { routes, $defs } = openApiToApplication(
      doc(
        {
          '/users/{id}': {
            get: {
              responses: {
                200: { description: 'OK', content: { 'text/html': {}, 'application/json': { schema: { type: 'object', properties: { data: { $ref: '#/components/schemas/User' } } } } } },
                404: { description: 'Missing', content: { 'application/problem+json': { schema: { type: 'object', required: ['title'] } } } },
                204: { description: 'Nothing' },
              },
            },
          },
        },
        { schemas: { User: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
      ),
    );
    expect(byId(routes, 'GET /users/{id}').responses).toEqual([
      { status: '200', description: 'OK', contentTypes: ['text/html', 'application/json'], schema: { type: 'object', properties: { data: { $ref: '#/$defs/User' } } } },
      { status: '204', description: 'Nothing' },
      { status: '404', description: 'Missing', contentTypes: ['application/problem+json'], schema: { type: 'object', required: ['title'] } },
    ]);
    expect($defs.User).toEqual({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } });
  });

  it('resolves $refs in parameters and request bodies; a shared body schema travels once, in $defs', () => {
    const { routes, $defs } = openApiToApplication(
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
    expect(route.schema.query).toBeUndefined();
    expect(route.schema.body).toEqual({ $ref: '#/$defs/Pet' });
    expect($defs.Pet).toEqual({ type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } });
    expect(route.bodyContentType).toBe('application/json');
    expect(route.extractionErrors).toEqual([]);
  });

  it('keeps a $ref cycle as a reference, converting the schema once', () => {
    const { routes, $defs } = openApiToApplication(
      doc({ '/categories': { post: jsonBody({ $ref: '#/components/schemas/Category' }) } }, {
        schemas: { Category: { type: 'object', properties: { name: { type: 'string' }, parent: { $ref: '#/components/schemas/Category' }, children: { type: 'array', items: { $ref: '#/components/schemas/Category' } } } } },
      }),
    );
    expect(byId(routes, 'POST /categories').schema.body).toEqual({ $ref: '#/$defs/Category' });
    expect($defs.Category.properties.parent).toEqual({ $ref: '#/$defs/Category' });
    expect($defs.Category.properties.children.items).toEqual({ $ref: '#/$defs/Category' });
  });

  it('converts cross-linked schemas in time and size proportional to the document', () => {
    // 60 schemas, each referring to every other: inlining them would never end.
    const schemas = {};
    for (let i = 0; i < 60; i += 1) {
      schemas[`S${i}`] = { type: 'object', required: ['id'], properties: Object.fromEntries([['id', { type: 'string' }], ...Array.from({ length: 60 }, (_v, j) => [`s${j}`, { $ref: `#/components/schemas/S${j}` }])]) };
    }
    const document = doc(Object.fromEntries(Array.from({ length: 60 }, (_v, i) => [`/s${i}`, { post: jsonBody({ $ref: `#/components/schemas/S${i}` }) }])), { schemas });
    const converted = openApiToApplication(document);
    expect(Object.keys(converted.$defs)).toHaveLength(60);
    expect(JSON.stringify(converted).length).toBeLessThan(JSON.stringify(document).length * 1.5);
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

  it('merges allOf bounds to the tightest and keeps additionalProperties: false', () => {
    const routes = openApiToRoutes(
      doc({ '/n': { post: jsonBody({ allOf: [{ type: 'integer', minimum: 0, maximum: 120 }, { minimum: 18, maximum: 200 }] }) }, '/o': { post: jsonBody({ allOf: [{ type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } }, { required: ['a'] }] }) } }),
    );
    expect(byId(routes, 'POST /n').schema.body).toMatchObject({ type: 'integer', minimum: 18, maximum: 120 });
    expect(byId(routes, 'POST /o').schema.body).toMatchObject({ additionalProperties: false, required: ['a'] });
  });

  it('keeps allOf parts that contradict each other, so the merged schema still accepts no value', () => {
    // ReadMe's schema-types example: an allOf of a string and an integer (no value is both).
    const routes = openApiToRoutes(
      doc({ '/q': { put: jsonBody({ description: 'I am a description', allOf: [{ type: 'string' }, { type: 'integer' }] }) }, '/e': { put: jsonBody({ allOf: [{ enum: ['a'] }, { enum: ['b'] }] }) } }),
    );
    expect(byId(routes, 'PUT /q').schema.body).toEqual({ type: 'string', description: 'I am a description', allOf: [{ type: 'string' }, { type: 'integer' }] });
    expect(byId(routes, 'PUT /e').schema.body).toEqual({ enum: ['a'], allOf: [{ enum: ['a'] }, { enum: ['b'] }] });
  });

  it('keeps every oneOf/anyOf branch and the discriminator, its mapping pointing at $defs', () => {
    const { routes } = openApiToApplication(
      doc(
        {
          '/pets': { post: jsonBody({ oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } } }) },
          '/pay': { post: jsonBody({ type: 'object', properties: { note: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }] } } }) },
        },
        { schemas: { Cat: { type: 'object', properties: { kind: { type: 'string' } } }, Dog: { type: 'object', properties: { kind: { type: 'string' } } } } },
      ),
    );
    expect(byId(routes, 'POST /pets').schema.body).toEqual({
      oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
      discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' } },
    });
    expect(byId(routes, 'POST /pay').schema.body.properties.note).toEqual({ anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }] });
  });

  it('turns OpenAPI 3.0 nullable into a type array and keeps 3.1 type arrays', () => {
    const routes = openApiToRoutes(
      doc({ '/x': { post: jsonBody({ type: 'object', properties: { a: { type: 'string', nullable: true }, b: { type: ['integer', 'null'] } } }) } }, {}, '3.0.3'),
    );
    const { a, b } = byId(routes, 'POST /x').schema.body.properties;
    expect(a.type).toEqual(['string', 'null']);
    expect(b.type).toEqual(['integer', 'null']);
  });

  it('leaves read-only properties out of request bodies and keeps write-only ones', () => {
    const routes = openApiToRoutes(
      doc({ '/u': { post: jsonBody({ type: 'object', required: ['id', 'name', 'secret'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, secret: { type: 'string', writeOnly: true } } }) } }),
    );
    expect(byId(routes, 'POST /u').schema.body).toEqual({ type: 'object', required: ['name', 'secret'], properties: { name: { type: 'string' }, secret: { type: 'string', writeOnly: true } } });
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

  it("passes a parameter's style and explode on, as written (the app applies OpenAPI's defaults)", () => {
    const [route] = openApiToRoutes(
      doc({
        '/pets/{ids}': {
          get: {
            parameters: [
              { name: 'ids', in: 'path', required: true, style: 'matrix', explode: true, schema: { type: 'array', items: { type: 'integer' } } },
              { name: 'status', in: 'query', explode: true, schema: { type: 'array', items: { type: 'string' } } },
              { name: 'tags', in: 'query', style: 'pipeDelimited', schema: { type: 'array', items: { type: 'string' } } },
              { name: 'odd', in: 'query', style: 'brackets', schema: { type: 'string' } },
            ],
          },
        },
      }),
    );
    expect(route.parameters.map(({ name, style, explode }) => ({ name, style, explode }))).toEqual([
      { name: 'ids', style: 'matrix', explode: true },
      { name: 'status', style: undefined, explode: true },
      { name: 'tags', style: 'pipeDelimited', explode: undefined },
      { name: 'odd', style: undefined, explode: undefined },
    ]);
  });

  it("moves a parameter's own example into its schema, where the builder reads it; the schema's own example wins", () => {
    const routes = openApiToRoutes(
      doc({
        '/items/{item}': {
          get: {
            parameters: [
              { name: 'item', in: 'path', schema: { type: 'integer' }, example: 7 },
              { name: 'q', in: 'query', examples: { none: { summary: 'no value' }, word: { value: 'kite' } } },
              { name: 'tag', in: 'query', schema: { type: 'string', example: 'own' }, example: 'beside' },
            ],
          },
        },
      }),
    );
    expect(byId(routes, 'GET /items/{item}').parameters.map((parameter) => parameter.schema)).toEqual([
      { type: 'integer', example: 7 },
      { type: 'string', example: 'kite' },
      { type: 'string', example: 'own' },
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
      { message: "Cannot resolve $ref '#/components/schemas/Missing': 'schemas' does not exist", location: '#/paths/~1broken/post/requestBody/content/application~1json/schema/properties/owner', fix: 'Define `/components/schemas/Missing` in the document, or correct the `$ref`.' },
      { message: "Unknown schema type 'strnig'", location: '#/paths/~1broken/post/requestBody/content/application~1json/schema/properties/kind', fix: 'Use one of the JSON Schema types: array, boolean, integer, null, number, object, string.' },
    ]);
  });

  it('follows $refs into other files next to the document, with or without a pointer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kite-refs-'));
    writeFileSync(join(dir, 'pet.yaml'), 'type: object\nrequired: [name]\nproperties:\n  name: { type: string }\n  owner: { $ref: "common.json#/Owner" }\n');
    writeFileSync(join(dir, 'common.json'), JSON.stringify({ Owner: { type: 'object', properties: { email: { type: 'string', format: 'email' } } } }));
    const { routes, $defs } = openApiToApplication(doc({ '/pets': { post: jsonBody({ $ref: 'pet.yaml' }) } }), { file: join(dir, 'openapi.yaml') });
    expect(byId(routes, 'POST /pets').schema.body).toEqual({ $ref: '#/$defs/pet' });
    expect($defs.pet.properties.owner).toEqual({ $ref: '#/$defs/Owner' });
    expect($defs.Owner.properties.email.format).toBe('email');
    expect(byId(routes, 'POST /pets').extractionErrors).toEqual([]);
  });

  it('reports a reference to a missing file or to a URL instead of failing', () => {
    const routes = openApiToRoutes(doc({ '/ext': { post: jsonBody({ $ref: 'other.yaml#/Pet' }) }, '/url': { post: jsonBody({ $ref: 'https://example.com/pet.json' }) } }), { file: '/nowhere/openapi.yaml' });
    expect(byId(routes, 'POST /ext').extractionErrors[0].message).toMatch(/other\.yaml.*no such file/);
    expect(byId(routes, 'POST /ext').extractionErrors[0].fix).toBe('Put `other.yaml` next to the document, or correct the file name in the `$ref`.');
    expect(byId(routes, 'POST /url').extractionErrors[0].message).toMatch(/not URLs/);
    expect(byId(routes, 'POST /url').extractionErrors[0].fix).toBe('Save the file next to the document and point the `$ref` at its name (`pet.json`).');
  });

  it('keeps OpenAPI 3.0 exclusive bounds as 2020-12 numbers', () => {
    const routes = openApiToRoutes(doc({ '/n': { post: jsonBody({ type: 'object', properties: { i: { type: 'integer', minimum: 0, exclusiveMinimum: true }, n: { type: 'number', exclusiveMaximum: 5 } } }) } }, {}, '3.0.3'));
    const { i, n } = byId(routes, 'POST /n').schema.body.properties;
    expect(i).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect(n).toEqual({ type: 'number', exclusiveMaximum: 5 });
  });

  it('lists the operation id, summary, description and every tag for the route search', () => {
    const [route] = openApiToRoutes(doc({ '/a': { get: { operationId: 'getA', summary: 'Get A', description: 'Long **text**.', tags: ['alpha', 'beta'] } } }));
    expect(route).toMatchObject({ name: 'getA', summary: 'Get A', description: 'Long **text**.', tags: ['alpha', 'beta'], group: 'alpha' });
  });

  it('sends a parameter or response several routes carry once, under a short id, and refers to it from each route', () => {
    const top = { name: '$top', in: 'query', schema: { type: 'integer', minimum: 0 } };
    const application = openApiToApplication(
      doc(
        {
          '/users': { get: { parameters: [{ $ref: '#/components/parameters/top' }, { name: 'since', in: 'query', schema: { type: 'string' } }], responses: { '4XX': { $ref: '#/components/responses/error' } } } },
          '/groups': { get: { parameters: [{ $ref: '#/components/parameters/top' }, { name: 'since', in: 'query', schema: { type: 'string' } }], responses: { 200: { description: 'The groups' }, '4XX': { $ref: '#/components/responses/error' } } } },
          '/me': { get: { parameters: [{ name: 'select', in: 'query' }] } },
        },
        { parameters: { top }, responses: { error: { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ODataError' } } } } }, schemas: { ODataError: { type: 'object' } } },
      ),
    );
    // One definition each, the component's and the identical inline one's alike.
    expect(application.parameters).toEqual({ 0: { name: '$top', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } }, 1: { name: 'since', in: 'query', required: false, schema: { type: 'string' } } });
    expect(application.responses).toEqual({ 0: { status: '4XX', description: 'An error', contentTypes: ['application/json'], schema: { $ref: '#/$defs/ODataError' } } });
    expect(byId(application.routes, 'GET /users').parameters).toEqual([{ $ref: '#/parameters/0' }, { $ref: '#/parameters/1' }]);
    expect(byId(application.routes, 'GET /groups').responses).toEqual([{ status: '200', description: 'The groups' }, { $ref: '#/responses/0' }]);
    // What one route alone carries stays in place.
    expect(byId(application.routes, 'GET /me').parameters).toEqual([{ name: 'select', in: 'query', required: false }]);
  });

  it('shares nothing when no two routes carry the same entry', () => {
    const application = openApiToApplication(doc({ '/a': { get: { parameters: [{ name: 'x', in: 'query' }] } }, '/b': { get: { parameters: [{ name: 'x', in: 'query', required: true }] } } }));
    expect(application.parameters).toBeUndefined();
    expect(application.responses).toBeUndefined();
    expect(application.routes.map((route) => route.parameters[0].required)).toEqual([false, true]);
  });

  it('leaves out a lone tag, which is the group the route search reads in its place', () => {
    const [route] = openApiToRoutes(doc({ '/a': { get: { tags: ['alpha'] } } }));
    expect(route.group).toBe('alpha');
    expect(route.tags).toBeUndefined();
  });
});
