// @ts-check
// The demo API's OpenAPI 3.1 document: what `kite serve` lists when no --openapi is given. It
// follows server/demo/api.mjs route for route.

import { DEMO_SEEDED_USERS } from './store.mjs';

const json = (/** @type {object} */ schema) => ({ content: { 'application/json': { schema } } });
const ref = (/** @type {string} */ name) => ({ $ref: `#/components/schemas/${name}` });
const page = { name: 'page', in: 'query', required: false, description: 'Page number, from 1. A page past the last one is empty.', schema: { type: 'integer', minimum: 1, default: 1 } };
const perPage = { name: 'per_page', in: 'query', required: false, description: 'Items per page.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 15 } };
/** The id of a user that exists on every start (ids past the seeded ones exist only once created). */
const seededUserId = { type: 'integer', minimum: 1, maximum: DEMO_SEEDED_USERS };
const userParam = { name: 'user', in: 'path', required: true, description: `The id of the user (the seeded users are 1 to ${DEMO_SEEDED_USERS}).`, schema: { type: 'integer', minimum: 1 }, example: 1 };
const validationFailed = { description: 'Validation failed', ...json(ref('ValidationError')) };
const notFound = { description: 'No such record', ...json(ref('Message')) };

/** The orders GET /posts lists in (api.mjs sorts by them). */
export const POST_SORTS = ['oldest', 'newest', 'title'];

/** Bounds of the live-stream routes' `count` and `interval_ms` (/events, /stream.ndjson). */
export const STREAM_LIMITS = { count: { default: 5, min: 1, max: 1000 }, intervalMs: { default: 300, min: 10, max: 10_000 } };

/**
 * A live-stream route of the demo (/events, /stream.ndjson) and its `count`, `interval_ms` and `delay_ms`.
 * @param {string} operationId
 * @param {string} summary
 * @param {string} description
 * @param {string} contentType
 */
function streamOperation(operationId, summary, description, contentType) {
  const integer = (/** @type {number} */ minimum, /** @type {number} */ maximum, /** @type {number} */ value) => ({ type: 'integer', minimum, maximum, default: value });
  return {
    get: {
      tags: ['responses'],
      operationId,
      summary,
      description,
      parameters: [
        { name: 'count', in: 'query', required: false, description: 'How many to send before the end', schema: integer(STREAM_LIMITS.count.min, STREAM_LIMITS.count.max, STREAM_LIMITS.count.default) },
        { name: 'interval_ms', in: 'query', required: false, description: 'Milliseconds between two', schema: integer(STREAM_LIMITS.intervalMs.min, STREAM_LIMITS.intervalMs.max, STREAM_LIMITS.intervalMs.default) },
        { name: 'delay_ms', in: 'query', required: false, description: 'Wait this long before the first one', schema: integer(0, STREAM_LIMITS.intervalMs.max, 0) },
      ],
      responses: { 200: { description: contentType, content: { [contentType]: { schema: { type: 'string' } } } } },
    },
  };
}

/** @returns {Record<string, any>} */
export function demoOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kite Demo API',
      version: '1.0.0',
      description: 'Users and posts in memory, plus endpoints that exercise what an HTTP client must show.',
    },
    servers: [{ url: '/demo' }],
    tags: [
      { name: 'users', description: 'People, paginated, with validation errors' },
      { name: 'posts', description: 'Posts written by users' },
      { name: 'auth', description: 'Who the request is from' },
      { name: 'bodies', description: 'Request bodies of every kind' },
      { name: 'responses', description: 'Responses of every kind' },
    ],
    paths: {
      '/users': {
        get: {
          tags: ['users'],
          operationId: 'users.index',
          summary: 'List users',
          parameters: [page, perPage, { name: 'search', in: 'query', required: false, description: 'Matches first and last names and email addresses, ignoring case.', schema: { type: 'string', maxLength: 100 }, example: 'ada' }],
          responses: { 200: { description: 'A page of users', ...json(ref('UserPage')) }, 422: validationFailed },
        },
        post: {
          tags: ['users'],
          operationId: 'users.store',
          summary: 'Create a user',
          requestBody: { required: true, content: { 'application/json': { schema: ref('NewUser') }, 'application/x-www-form-urlencoded': { schema: ref('NewUser') } } },
          responses: { 201: { description: 'The new user', ...json({ type: 'object', properties: { data: ref('User') } }) }, 422: validationFailed },
        },
      },
      '/users/{user}': {
        parameters: [userParam],
        get: { tags: ['users'], operationId: 'users.show', summary: 'Show a user', responses: { 200: { description: 'The user', ...json({ type: 'object', properties: { data: ref('User') } }) }, 404: notFound } },
        put: {
          tags: ['users'],
          operationId: 'users.update',
          summary: 'Replace a user',
          requestBody: { required: true, ...json({ allOf: [ref('UserFields')], required: ['first_name', 'last_name', 'email'] }) },
          responses: { 200: { description: 'The user' }, 404: notFound, 422: validationFailed },
        },
        patch: {
          tags: ['users'],
          operationId: 'users.patch',
          summary: 'Change some fields of a user',
          requestBody: { required: true, ...json(ref('UserFields')) },
          responses: { 200: { description: 'The user' }, 404: notFound, 422: validationFailed },
        },
        delete: { tags: ['users'], operationId: 'users.destroy', summary: 'Delete a user', responses: { 204: { description: 'Deleted' }, 404: notFound } },
      },
      '/posts': {
        get: {
          tags: ['posts'],
          operationId: 'posts.index',
          summary: 'List posts',
          parameters: [
            page,
            perPage,
            { name: 'author_id', in: 'query', required: false, description: 'Only the posts of this user.', schema: seededUserId, example: 1 },
            { name: 'sort', in: 'query', required: false, description: 'The order of the list: `oldest` first (the default), `newest` first, or by `title`.', schema: { type: 'string', enum: POST_SORTS } },
          ],
          responses: { 200: { description: 'A page of posts' }, 422: validationFailed },
        },
        post: {
          tags: ['posts'],
          operationId: 'posts.store',
          summary: 'Create a post',
          requestBody: { required: true, ...json(ref('NewPost')) },
          responses: { 201: { description: 'The new post', ...json({ type: 'object', properties: { data: ref('Post') } }) }, 422: validationFailed },
        },
      },
      '/uploads': {
        post: {
          tags: ['bodies'],
          operationId: 'uploads.store',
          summary: 'Upload files (multipart)',
          description: 'Answers the name, size and type of every part it received.',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary', description: 'Any file.' }, caption: { type: 'string', maxLength: 200 } },
                },
              },
            },
          },
          responses: { 201: { description: 'The parts received' }, 422: validationFailed },
        },
      },
      '/forms': {
        post: {
          tags: ['bodies'],
          operationId: 'forms.echo',
          summary: 'Echo a form (urlencoded)',
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, subscribe: { type: 'boolean' } } },
              },
            },
          },
          responses: { 200: { description: 'The fields received' } },
        },
      },
      '/echo': {
        get: { tags: ['bodies'], operationId: 'echo.get', summary: 'Echo the request', responses: { 200: { description: 'Method, path, query, headers and body as received' } } },
        post: {
          tags: ['bodies'],
          operationId: 'echo.post',
          summary: 'Echo a request with a body',
          requestBody: { content: { 'text/plain': { schema: { type: 'string' } } } },
          responses: { 200: { description: 'Method, path, query, headers and body as received' } },
        },
      },
      '/login': {
        post: {
          tags: ['auth'],
          operationId: 'auth.login',
          summary: 'Log in (sets the demo_session cookie, answers a bearer token in data.token)',
          description: 'Without a body it logs in as user 1. Seeded users have the password "secret".',
          requestBody: { required: false, ...json({ type: 'object', properties: { email: { type: 'string', format: 'email' }, password: { type: 'string', minLength: 1 } } }) },
          responses: { 200: { description: 'Logged in' }, 422: validationFailed },
        },
      },
      '/logout': { post: { tags: ['auth'], operationId: 'auth.logout', summary: 'Log out (clears the demo_session cookie)', responses: { 200: { description: 'Logged out' } } } },
      '/me': {
        get: {
          tags: ['auth'],
          operationId: 'auth.me',
          summary: 'Who is asking',
          description: 'Reports how the request was authenticated: cookie, bearer (token demo-token for user 1, or the token POST /login answers for its user), basic (demo:secret), impersonate (X-Kite-Impersonate) or anonymous.',
          responses: { 200: { description: 'The caller', ...json(ref('Caller')) }, 401: { description: 'Wrong credentials', ...json(ref('Message')) } },
        },
      },
      '/cookies': { get: { tags: ['responses'], operationId: 'responses.cookies', summary: 'Set several cookies', responses: { 200: { description: 'Three Set-Cookie headers' } } } },
      '/slow': {
        get: {
          tags: ['responses'],
          operationId: 'responses.slow',
          summary: 'Answer after a delay',
          parameters: [{ name: 'ms', in: 'query', required: false, description: 'Milliseconds to wait before answering.', schema: { type: 'integer', minimum: 0, maximum: 120000, default: 2000 } }],
          responses: { 200: { description: 'After the delay' } },
        },
      },
      '/large': {
        get: {
          tags: ['responses'],
          operationId: 'responses.large',
          summary: 'A large JSON array',
          parameters: [{ name: 'mb', in: 'query', required: false, description: 'Size of the answer in megabytes; fractions allowed.', schema: { type: 'number', minimum: 0, maximum: 500, default: 10 } }],
          responses: { 200: { description: 'About mb megabytes of JSON, streamed' } },
        },
      },
      '/image.png': { get: { tags: ['responses'], operationId: 'responses.image', summary: 'A PNG image', responses: { 200: { description: 'image/png' } } } },
      '/image.svg': { get: { tags: ['responses'], operationId: 'responses.svg', summary: 'An SVG image carrying a script', responses: { 200: { description: 'image/svg+xml' } } } },
      '/page.html': { get: { tags: ['responses'], operationId: 'responses.html', summary: 'An HTML page', responses: { 200: { description: 'text/html' } } } },
      '/redirect': { get: { tags: ['responses'], operationId: 'responses.redirect', summary: 'A redirect to /demo/users', responses: { 302: { description: 'Found' } } } },
      '/events': streamOperation('responses.events', 'Server-Sent Events, one every interval', 'A `text/event-stream` of `count` named events (`open`, `tick`…, `done`) with ids, one every `interval_ms`, then the end. Kite shows each event as it arrives.', 'text/event-stream'),
      '/stream.ndjson': streamOperation('responses.ndjson', 'NDJSON lines, one every interval', 'An `application/x-ndjson` body of `count` JSON lines, one every `interval_ms`, then the end.', 'application/x-ndjson'),
      '/text': { get: { tags: ['responses'], operationId: 'responses.text', summary: 'Plain text', responses: { 200: { description: 'text/plain' } } } },
      '/bytes': {
        get: {
          tags: ['responses'],
          operationId: 'responses.bytes',
          summary: 'Binary bytes',
          parameters: [
            { name: 'kb', in: 'query', required: false, description: 'Size of the answer in kilobytes.', schema: { type: 'integer', minimum: 0, maximum: 524288, default: 64 } },
            { name: 'filename', in: 'query', required: false, description: 'Sent as an attachment with this name (`Content-Disposition`).', schema: { type: 'string', maxLength: 200 } },
          ],
          responses: { 200: { description: 'application/octet-stream' } },
        },
      },
    },
    components: {
      schemas: {
        Message: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
        ValidationError: {
          type: 'object',
          required: ['message', 'errors'],
          properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
        },
        UserFields: {
          type: 'object',
          properties: {
            first_name: { type: 'string', maxLength: 255, examples: ['Ada'] },
            last_name: { type: 'string', maxLength: 255, examples: ['Lovelace'] },
            email: { type: 'string', format: 'email', maxLength: 255 },
            age: { type: ['integer', 'null'], minimum: 1, maximum: 120 },
            is_admin: { type: 'boolean', default: false },
            password: { type: 'string', minLength: 8, writeOnly: true },
          },
        },
        NewUser: { allOf: [ref('UserFields')], required: ['first_name', 'last_name', 'email', 'password'] },
        User: {
          allOf: [ref('UserFields')],
          properties: { id: { type: 'integer', readOnly: true }, created_at: { type: 'string', format: 'date-time', readOnly: true } },
        },
        UserPage: {
          type: 'object',
          properties: {
            data: { type: 'array', items: ref('User') },
            meta: { type: 'object', properties: { current_page: { type: 'integer' }, last_page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' } } },
          },
        },
        NewPost: {
          type: 'object',
          required: ['title', 'body', 'author_id'],
          properties: {
            title: { type: 'string', maxLength: 255 },
            body: { type: 'string' },
            tags: { type: 'array', items: { type: 'string' } },
            author_id: { ...seededUserId, description: `A user's id (the seeded users are 1 to ${DEMO_SEEDED_USERS}).` },
          },
        },
        Post: { allOf: [ref('NewPost'), { type: 'object', properties: { id: { type: 'integer', readOnly: true } } }] },
        Caller: {
          type: 'object',
          required: ['via'],
          properties: { via: { enum: ['cookie', 'bearer', 'basic', 'impersonate', 'anonymous'] }, user: ref('User') },
        },
      },
    },
  };
}
