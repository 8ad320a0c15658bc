// POST run's JSON Schemas: they state the bounds endpoints.js gives, accept a run and its events
// as the types describe them, and refuse what a host must refuse.
import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, RUN_DELAY_MAX_MS, RUN_MAX_REQUESTS, RUN_MAX_ROWS, RUN_RESPONSE_BODY_MAX_BYTES } from './endpoints.js';
import { compileSchemas, readSchema } from './conformance/schemas.mjs';

const file = { name: 'Login', folder: 'auth', application: '', method: 'POST', url: '/login', pathParams: {}, query: [], headers: [], body: { type: 'json', text: '{"email":"{{email}}"}' }, auth: { type: 'none' }, captures: [{ variable: 'token', source: 'body', path: '$.token', secret: true }], assertions: [{ source: 'status', path: '', operator: 'equals', expected: '200' }] };
const run = { requests: [{ path: 'requests/login.json', file }], variables: { email: 'a@example.test', password: 'hunter2' }, secretNames: ['password'], rows: [{ email: 'b@example.test' }], bail: true, delayMs: 0, application: 'demo' };
const result = { type: 'result', iteration: 0, index: 0, path: 'requests/login.json', method: 'POST', url: 'http://127.0.0.1:8080/demo/login', status: 200, durationMs: 3.2, size: 20, assertions: [{ assertion: file.assertions[0], passed: true, actual: '200', message: 'status equals 200' }], captured: { token: '••••••' }, response: { headers: [['content-type', 'application/json']], body: '{"token":"{{token}}"}', truncated: false } };

describe('POST run in the protocol', () => {
  const { problems } = compileSchemas();

  it('is named run, and its request schema states the bounds of endpoints.js', () => {
    expect(API_ENDPOINTS.run).toBe('run');
    const schema = readSchema('run-request');
    expect(schema.properties.requests.maxItems).toBe(RUN_MAX_REQUESTS);
    expect(schema.properties.rows.maxItems).toBe(RUN_MAX_ROWS);
    expect(schema.properties.delayMs.maximum).toBe(RUN_DELAY_MAX_MS);
    expect(readSchema('run-event').$defs.result.properties.response.properties.body.description).toContain(`${RUN_RESPONSE_BODY_MAX_BYTES / 1024} KB`);
  });

  it('accepts a run with rows, bail and a delay, and refuses a bad one', () => {
    expect(problems('run-request', run)).toBeNull();
    expect(problems('run-request', { ...run, requests: [] })).not.toBeNull();
    expect(problems('run-request', { ...run, delayMs: RUN_DELAY_MAX_MS + 1 })).not.toBeNull();
    expect(problems('run-request', { ...run, variables: { id: 1 } })).not.toBeNull();
    expect(problems('run-request', { ...run, rows: [{ id: 1 }] })).not.toBeNull();
    expect(problems('run-request', { ...run, requests: [{ path: 'requests/x.json', file: { ...file, method: 'FETCH' } }] })).not.toBeNull();
    const { secretNames, ...withoutSecretNames } = run;
    expect(secretNames).toHaveLength(1);
    expect(problems('run-request', withoutSecretNames)).not.toBeNull();
  });

  it('accepts a result, one with no answer and done; refuses an event of another type or a bad assertion', () => {
    expect(problems('run-event', result)).toBeNull();
    const { response, ...noAnswer } = result;
    expect(response.truncated).toBe(false);
    expect(problems('run-event', { ...noAnswer, status: 0, size: 0, assertions: [], error: 'TARGET_UNREACHABLE' })).toBeNull();
    expect(problems('run-event', { type: 'done', passed: 1, failed: 0, durationMs: 12, cancelled: false })).toBeNull();
    expect(problems('run-event', { type: 'progress', passed: 1 })).not.toBeNull();
    expect(problems('run-event', { ...result, assertions: [{ ...result.assertions[0], assertion: { source: 'status', path: '', operator: 'contains', expected: '2' } }] })).not.toBeNull();
    expect(problems('run-event', { type: 'done', passed: 1, failed: 0, durationMs: 12 })).not.toBeNull();
  });
});
