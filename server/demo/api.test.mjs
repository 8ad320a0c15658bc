// The demo API through the relay, the way the app reaches it (same server, under /demo).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKite } from '../index.mjs';
import { openKite } from '../testing/kite-client.mjs';
import { demoOpenApiDocument } from './openapi.mjs';
import { DEMO_SEEDED_USERS } from './store.mjs';

let kite;
let client;
beforeAll(async () => {
  kite = await startKite({ port: 0 });
  client = await openKite(kite.url);
});
afterAll(() => kite?.close());

const json = (result) => JSON.parse(result.body.toString('utf8'));
const post = (url, value) => client.relay({ method: 'POST', url, body: { type: 'json', text: JSON.stringify(value) } });

describe('demo users', () => {
  it('lists users a page at a time, with search', async () => {
    const page2 = json(await client.relay({ url: '/users', query: [{ name: 'page', value: '2' }, { name: 'per_page', value: '10' }] }));
    expect(page2.data).toHaveLength(10);
    expect(page2.data[0].id).toBe(11);
    expect(page2.meta).toMatchObject({ current_page: 2, per_page: 10, total: 42, last_page: 5 });
    expect(page2.data[0]).not.toHaveProperty('password');
    const ada = json(await client.relay({ url: '/users?search=lovelace' }));
    expect(ada.data.every((u) => u.last_name === 'Lovelace')).toBe(true);
    expect((await client.relay({ url: '/users?per_page=500' })).meta.status).toBe(422);
  });

  it('answers 422 with Laravel-style errors for an invalid new user', async () => {
    const result = await post('/users', { first_name: '', email: 'not-an-email', age: 200, password: 'short' });
    expect(result.meta.status).toBe(422);
    expect(json(result)).toEqual({
      message: 'The first name field is required. (and 4 more errors)',
      errors: {
        first_name: ['The first name field is required.'],
        last_name: ['The last name field is required.'],
        email: ['The email field must be a valid email address.'],
        age: ['The age field must be between 1 and 120.'],
        password: ['The password field must be at least 8 characters.'],
      },
    });
  });

  it('creates, shows, changes and deletes a user', async () => {
    const created = await post('/users', { first_name: 'Grace', last_name: 'Test', email: 'grace.test@example.com', age: 40, password: 'long enough' });
    expect(created.meta.status).toBe(201);
    const { id } = json(created).data;
    expect(json(await client.relay({ url: `/users/${id}` })).data.email).toBe('grace.test@example.com');
    const patched = await client.relay({ method: 'PATCH', url: `/users/${id}`, body: { type: 'json', text: '{"age":41}' } });
    expect(json(patched).data).toMatchObject({ age: 41, first_name: 'Grace' });
    expect((await post('/users', { first_name: 'G', last_name: 'T', email: 'grace.test@example.com', password: '12345678' })).meta.status).toBe(422);
    expect((await client.relay({ method: 'DELETE', url: `/users/${id}` })).meta.status).toBe(204);
    const gone = await client.relay({ url: `/users/${id}` });
    expect(gone.meta.status).toBe(404);
    expect(json(gone).message).toMatch(/No query results/);
  });

  it('creates a post with tags, and refuses an unknown author', async () => {
    expect(json(await post('/posts', { title: 'Hi', body: 'Text', tags: ['a', 'b'], author_id: 1 })).data).toMatchObject({ tags: ['a', 'b'], author_id: 1 });
    expect(json(await post('/posts', { title: 'Hi', body: 'Text', author_id: 999 })).errors.author_id).toEqual(['The selected author is invalid.']);
  });

  it('documents author_id with the seeded users\' ids as its bounds, and every id in them is an author', async () => {
    const { components, paths } = demoOpenApiDocument();
    const bounds = { minimum: 1, maximum: DEMO_SEEDED_USERS };
    expect(components.schemas.NewPost.properties.author_id).toMatchObject(bounds);
    expect(paths['/posts'].get.parameters.find((p) => p.name === 'author_id').schema).toMatchObject(bounds);
    expect((await post('/posts', { title: 'Hi', body: 'Text', author_id: DEMO_SEEDED_USERS })).meta.status).toBe(201);
  });

  it('lists posts in the order its documented `sort` values name, and refuses another', async () => {
    const ids = async (sort) => json(await client.relay({ url: '/posts', query: [{ name: 'sort', value: sort }, { name: 'per_page', value: '100' }] })).data.map((p) => p.id);
    const oldest = await ids('oldest');
    expect(oldest.slice(0, 3)).toEqual([1, 2, 3]);
    expect(await ids('newest')).toEqual([...oldest].reverse());
    const titles = json(await client.relay({ url: '/posts?sort=title&per_page=100' })).data.map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(json(await client.relay({ url: '/posts?sort=random' })).errors).toEqual({ sort: ['The selected sort is invalid.'] });
  });
});

describe('demo bodies', () => {
  it('reports every multipart part it received', async () => {
    const result = await client.relay({
      method: 'POST',
      url: '/uploads',
      body: { type: 'multipart', fields: [{ name: 'caption', kind: 'text', value: 'a kite' }, { name: 'file', kind: 'file', filename: 'k.png', contentType: 'image/png', base64: Buffer.alloc(300, 1).toString('base64') }] },
    });
    expect(json(result).parts).toEqual([
      { name: 'caption', size: 6, type: 'text/plain', value: 'a kite' },
      { name: 'file', filename: 'k.png', size: 300, type: 'image/png' },
    ]);
  });

  it('echoes a urlencoded form', async () => {
    const result = await client.relay({ method: 'POST', url: '/forms', body: { type: 'form', fields: [{ name: 'name', value: 'Ada L' }, { name: 'x', value: '1' }, { name: 'x', value: '2' }] } });
    expect(json(result).fields).toEqual({ name: 'Ada L', x: ['1', '2'] });
  });
});

describe('demo: who is asking', () => {
  it('tells anonymous, bearer, basic and impersonated callers apart', async () => {
    expect(json(await client.relay({ url: '/me' }))).toEqual({ via: 'anonymous' });
    expect(json(await client.relay({ url: '/me', authorization: { type: 'bearer', token: 'demo-token' } })).via).toBe('bearer');
    expect((await client.relay({ url: '/me', authorization: { type: 'bearer', token: 'wrong' } })).meta.status).toBe(401);
    expect(json(await client.relay({ url: '/me', authorization: { type: 'basic', username: 'demo', password: 'secret' } })).via).toBe('basic');
    const impersonated = json(await client.relay({ url: '/me', authorization: { type: 'impersonate', userId: '7' } }));
    expect(impersonated).toMatchObject({ via: 'impersonate', user: { id: 7 } });
  });

  it('answers each user who logs in a bearer token that authenticates as that user', async () => {
    const grace = json(await post('/login', { email: 'grace.torvalds@example.com', password: 'secret' }));
    expect(grace.user.first_name).toBe('Grace');
    const me = json(await client.relay({ url: '/me', authorization: { type: 'bearer', token: grace.data.token } }));
    expect(me).toMatchObject({ via: 'bearer', user: { id: grace.user.id, first_name: 'Grace' } });
    const ada = json(await client.relay({ url: '/me', authorization: { type: 'bearer', token: 'demo-token' } }));
    expect(ada.user.first_name).toBe('Ada');
  });

  it('recognises the logged-in browser through current-user cookie forwarding', async () => {
    const login = await fetch(`${kite.origin}/demo/login`, { method: 'POST' });
    const session = login.headers.getSetCookie()[0].split(';')[0];
    expect(session).toMatch(/^demo_session=\w+$/);
    const me = json(await client.relay({ url: '/me', authorization: { type: 'current-user' } }, { cookies: session }));
    expect(me).toMatchObject({ via: 'cookie', user: { id: 1, first_name: 'Ada' } });
    expect(json(await client.relay({ url: '/me', authorization: { type: 'none' } }, { cookies: session })).via).toBe('anonymous');
  });
});

describe('demo responses', () => {
  it('sets several cookies with their attributes', async () => {
    const { meta } = await client.relay({ url: '/cookies' });
    expect(meta.cookies.map((c) => c.name)).toEqual(['demo_theme', 'demo_tracking', 'demo_flash']);
    expect(meta.cookies[1].attributes).toEqual({ Path: '/demo', HttpOnly: true, SameSite: 'Strict' });
    expect(meta.cookies[0].attributes).toEqual({ Path: '/', 'Max-Age': '3600', SameSite: 'Lax' });
  });

  it('serves a real PNG, HTML, text and bytes with their content types', async () => {
    const png = await client.relay({ url: '/image.png' });
    expect([...png.body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const type = (result) => result.meta.headers.find(([n]) => n.toLowerCase() === 'content-type')[1];
    expect(type(png)).toBe('image/png');
    expect(type(await client.relay({ url: '/page.html' }))).toBe('text/html; charset=utf-8');
    expect(type(await client.relay({ url: '/text' }))).toBe('text/plain; charset=utf-8');
    const bytes = await client.relay({ url: '/bytes?kb=3' });
    expect(type(bytes)).toBe('application/octet-stream');
    expect(bytes.body.length).toBe(3072);
    expect(bytes.body[257]).toBe(1);
  });

  it('streams a large JSON array of about the size asked for', async () => {
    const { meta, body } = await client.relay({ url: '/large?mb=2' });
    expect(meta.bodySize).toBeGreaterThan(2 * 1024 * 1024 - 1024);
    expect(meta.bodySize).toBeLessThan(2 * 1024 * 1024 + 1024);
    const list = JSON.parse(body.toString('utf8'));
    expect(list[0]).toMatchObject({ id: 1, email: 'user1@example.com' });
  });

  it('answers slowly, and redirects without the relay following', async () => {
    const slow = await client.relay({ url: '/slow?ms=250' });
    expect(slow.meta.timing.ttfbMs).toBeGreaterThanOrEqual(240);
    const redirect = await client.relay({ url: '/redirect' });
    expect(redirect.meta).toMatchObject({ status: 302, redirectLocation: `${kite.origin}/demo/users` });
  });
});
