import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../../../protocol/types';
import { type GeneratorKit, loadGeneratorKit } from '../../lib/generators/kit';
import { defaultRequestState, emptyRow } from '../../model/request/request-state';
import { autofillRequest } from './autofill-request';

let kit: GeneratorKit;
beforeAll(async () => {
  kit = await loadGeneratorKit();
});

const storeUser: RouteInfo = {
  id: 'POST /users',
  methods: ['POST'],
  uri: '/users',
  group: 'users',
  parameters: [],
  schema: {
    body: {
      type: 'object',
      required: ['email'],
      properties: { email: { type: 'string', format: 'email' }, age: { type: 'integer', minimum: 18, maximum: 30 }, avatar: { type: 'string', format: 'binary' } },
    },
  },
  extractionErrors: [],
};

const listUsers: RouteInfo = {
  id: 'GET /users/{team}',
  methods: ['GET'],
  uri: '/teams/{team}/users',
  group: 'users',
  parameters: [
    { name: 'team', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 9 } },
    { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 5 } },
  ],
  schema: { query: { type: 'object', properties: { search: { type: 'string', maxLength: 10 } } } },
  extractionErrors: [],
};

describe('auto-fill of a request', () => {
  it('fills a JSON body from the body schema and records the seed', () => {
    const state = { ...defaultRequestState(), method: 'POST' as const, url: '/users', bodyType: 'json' as const };
    const { patch, filled } = autofillRequest(state, storeUser, kit, 99);
    expect(filled).toEqual(['body']);
    expect(patch.autofillSeed).toBe(99);
    const body = JSON.parse(patch.jsonBody!);
    expect(body.email).toMatch(/@/);
    expect(body.age).toBeGreaterThanOrEqual(18);
    expect(autofillRequest(state, storeUser, kit, 99).patch.jsonBody).toBe(patch.jsonBody);
  });

  it('fills form fields and turns binary fields into file parts for multipart', () => {
    const state = { ...defaultRequestState(), method: 'POST' as const, url: '/users', bodyType: 'multipart' as const };
    const parts = autofillRequest(state, storeUser, kit, 5).patch.multipartFields!;
    expect(parts.map((part) => [part.name, part.kind])).toEqual([
      ['email', 'text'],
      ['age', 'text'],
      ['avatar', 'file'],
    ]);
    expect(parts[2].file?.base64?.length).toBeGreaterThan(0);
  });

  it('leaves the optional query parameters of a list endpoint alone unless asked for them', () => {
    const state = { ...defaultRequestState(), url: '/teams/{team}/users', query: [{ ...emptyRow('page', ''), enabled: false }] };
    const { patch } = autofillRequest(state, listUsers, kit, 7);
    expect(patch.query!.map((row) => [row.name, row.enabled])).toEqual([['page', false]]);
    expect(Number(patch.pathParams!.team)).toBeGreaterThanOrEqual(1);
  });

  it('fills the query rows and empty path parameters of a GET when asked for all fields', () => {
    const state = { ...defaultRequestState(), url: '/teams/{team}/users', query: [{ ...emptyRow('page', ''), enabled: false }] };
    const { patch, filled } = autofillRequest(state, listUsers, kit, 7, { queryFields: 'all' });
    expect(filled).toEqual(['query', 'path']);
    expect(patch.query!.map((row) => [row.name, row.enabled])).toEqual([
      ['page', true],
      ['search', true],
    ]);
    expect(Number(patch.query![0].value)).toBeLessThanOrEqual(5);
    expect(patch.query![1].value.length).toBeLessThanOrEqual(10);
    expect(Number(patch.pathParams!.team)).toBeGreaterThanOrEqual(1);
  });

  it('keeps path parameters the user already typed', () => {
    const state = { ...defaultRequestState(), url: '/teams/{team}/users', pathParams: { team: '3' } };
    expect(autofillRequest(state, listUsers, kit, 7).patch.pathParams).toBeUndefined();
  });

  it('says when the body schema accepts no value, and why (ReadMe\'s schema-types: an allOf of a string and an integer)', () => {
    const quirk: RouteInfo = { ...storeUser, id: 'PUT /quirks', methods: ['PUT'], uri: '/quirks', schema: { body: { type: 'string', allOf: [{ type: 'string' }, { type: 'integer' }] } } };
    const state = { ...defaultRequestState(), method: 'PUT' as const, url: '/quirks', bodyType: 'json' as const };
    const outcome = autofillRequest(state, quirk, kit, 1);
    expect(outcome.noValue).toBe('allOf of string and integer at $');
    expect(outcome.filled).toEqual(['body']);
    expect(autofillRequest({ ...state, method: 'POST', url: '/users' }, storeUser, kit, 1).noValue).toBeUndefined();
  });
});

describe('auto-fill of array parameters by their style', () => {
  const findPets: RouteInfo = {
    id: 'GET /pets/{ids}',
    methods: ['GET'],
    uri: '/pets/{ids}',
    group: 'pets',
    parameters: [
      { name: 'ids', in: 'path', required: true, style: 'matrix', explode: true, schema: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 1, maximum: 9 } } },
      { name: 'status', in: 'query', required: true, explode: true, schema: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', enum: ['available'] } } },
      { name: 'tags', in: 'query', required: true, style: 'pipeDelimited', schema: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', enum: ['x'] } } },
      { name: 'labels', in: 'query', required: true, style: 'brackets', schema: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'string', enum: ['l'] } } },
    ],
    schema: {},
    extractionErrors: [],
  };

  it('writes an exploded array as repeated rows, a delimited one as one row, a bracketed one as name[] rows, never JSON', () => {
    const state = { ...defaultRequestState(), url: '/pets/{ids}', query: [{ ...emptyRow('status', ''), enabled: false }, emptyRow('tags', ''), emptyRow('labels[]', '')] };
    const { patch } = autofillRequest(state, findPets, kit, 3, { queryFields: 'all' });
    expect(patch.query!.map((row) => [row.name, row.value, row.enabled])).toEqual([
      ['status', 'available', true],
      ['status', 'available', true],
      ['tags', 'x|x', true],
      ['labels[]', 'l', true],
    ]);
    expect(patch.pathParams!.ids).toMatch(/^;ids=[1-9];ids=[1-9]$/);
  });
});
