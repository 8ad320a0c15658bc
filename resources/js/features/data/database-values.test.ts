import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky, { type KyInstance } from 'ky';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema, RouteInfo } from '../../../../protocol/types';
import { askable, databaseFields, databaseRule, uniqueCandidates, withDatabaseValues, withValues } from './database-values';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    author_id: { type: 'integer', 'x-rules': ['required', 'integer', 'exists:users,id'] },
    email: { type: 'string', 'x-rules': ['email', 'unique:users'] },
    billing: { type: 'object', properties: { owner: { type: 'integer', 'x-rules': ['exists:users,id'] } } },
    title: { type: 'string', 'x-rules': ['required'] },
  },
};

describe('database rules for auto-fill', () => {
  it('reads the table and column an exists: or unique: rule names, the field as the column when it names none', () => {
    expect(databaseRule('exists:users,id', 'author_id')).toEqual({ kind: 'exists', table: 'users', column: 'id' });
    expect(databaseRule('exists:users', 'email')).toEqual({ kind: 'exists', table: 'users', column: 'email' });
    expect(databaseRule('unique:users,email', 'contact')).toEqual({ kind: 'unique', table: 'users', column: 'email' });
    // Rule::unique('users') and Rule::exists('users') as Laravel writes them.
    expect(databaseRule('unique:users,NULL,NULL,id', 'email')).toEqual({ kind: 'unique', table: 'users', column: 'email' });
    expect(databaseRule('unique:users,email,7,id', 'email')?.column).toBe('email');
    expect(databaseRule('exists:tenant.users,id', 'x')).toBeNull();
    expect(databaseRule('required', 'x')).toBeNull();
    expect([...databaseFields(schema)].map(([path, field]) => [path, field.rule.kind, `${field.rule.table}.${field.rule.column}`, field.name])).toEqual([
      ['author_id', 'exists', 'users.id', 'author_id'],
      ['email', 'unique', 'users.email', 'email'],
      ['billing.owner', 'exists', 'users.id', 'owner'],
    ]);
  });

  it('puts the values in as enums, leaving the rest of the schema alone', () => {
    const filled = withValues(schema, new Map<string, unknown[]>([['author_id', [1, 2]], ['billing.owner', [3]], ['email', []]]));
    expect(filled.properties!.author_id!.enum).toEqual([1, 2]);
    expect(filled.properties!.billing!.properties!.owner!.enum).toEqual([3]);
    expect(filled.properties!.email!.enum).toBeUndefined();
    expect(filled.properties!.title).toBe(schema.properties!.title);
  });

  it('asks about at most ten distinct strings or numbers, generated under seeds drawn from the fill seed', () => {
    expect(askable(['a', 'a', 1, '1', null, { x: 1 }, Number.NaN, true])).toEqual(['a', 1, '1']);
    expect(askable(Array.from({ length: 30 }, (_, index) => index))).toHaveLength(10);
    const seeds: number[] = [];
    const candidates = uniqueCandidates((_schema, name, seed) => {
      seeds.push(seed);
      return `${name}-${seed}`;
    }, 7);
    expect(candidates({ type: 'string' }, 'email')).toEqual(seeds.map((seed) => `email-${seed}`));
    expect(new Set(seeds).size).toBe(10);
    seeds.length = 0;
    uniqueCandidates((_schema, _name, seed) => seeds.push(seed), 7)({}, 'email');
    expect(seeds).toEqual(Array.from({ length: 10 }, (_, index) => 71 + index));
  });
});

// withDatabaseValues against a real loopback host that answers the data endpoint like the Laravel
// host (or, switched off, like the Node host).
describe('withDatabaseValues', () => {
  let server: Server;
  let client: KyInstance;
  let pickersOn = true;
  const asked: URL[] = [];
  const taken = new Set(['ada@example.com', 'grace@example.com']);

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://host.test');
      asked.push(url);
      const source = url.searchParams.get('source') ?? '';
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!pickersOn) return send(404, { error: { code: 'DATA_UNAVAILABLE', message: 'off' } });
      if (source === 'table:users,id') return send(200, { source, rows: [{ value: 4, label: '4' }, { value: 9, label: '9' }] });
      if (source === 'unique:users,email') {
        const candidates = JSON.parse(url.searchParams.get('candidates') ?? '[]') as string[];
        return send(200, { source, rows: candidates.filter((value) => !taken.has(value)).map((value) => ({ value, label: value })) });
      }
      send(422, { error: { code: 'INVALID_DATA_SOURCE', message: source } });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    client = ky.create({ prefixUrl: `http://127.0.0.1:${port}/api/`, retry: 0 });
  });
  afterAll(() => {
    server.close();
  });

  const route: RouteInfo = { id: 'POST /api/posts', methods: ['POST'], uri: '/api/posts', group: 'posts', parameters: [], schema: { body: schema }, extractionErrors: [] };
  const generated = ['ada@example.com', 'new@example.com', 'grace@example.com', 'next@example.com'];

  it('fills exists: fields with rows that are there and unique: fields with candidates that are not', async () => {
    asked.length = 0;
    const filled = await withDatabaseValues(route, () => generated, client);
    const body = filled!.schema.body!;
    expect(body.properties!.author_id!.enum).toEqual([4, 9]);
    expect(body.properties!.billing!.properties!.owner!.enum).toEqual([4, 9]);
    expect(body.properties!.email!.enum).toEqual(['new@example.com', 'next@example.com']);
    expect(JSON.parse(asked.find((url) => url.searchParams.get('source') === 'unique:users,email')!.searchParams.get('candidates')!)).toEqual(generated);
  });

  it('leaves the route as it was on a host without data pickers', async () => {
    pickersOn = false;
    try {
      expect(await withDatabaseValues(route, () => generated, client)).toBe(route);
    } finally {
      pickersOn = true;
    }
  });
});
