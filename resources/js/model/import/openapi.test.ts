// The OpenAPI reader on published documents: ReadMe's example collection (@readme/oas-examples),
// the Swagger petstore among them, in JSON and YAML.
import { describe, expect, it } from 'vitest';
import { oasExample } from '../../../../tests/fixtures/import/oas-examples.mjs';
import { importSources } from './read';
const byName = (result: ReturnType<typeof importSources>, name: string) => result.requests.find((request) => request.content.name === name)!.content;

describe('OpenAPI import', () => {
  const petstore = importSources([oasExample('3.0/json/petstore.json')]);

  it('makes one saved request per operation, in a folder per tag, with the server as {{baseUrl}}', () => {
    expect(petstore.report.requests).toBe(20);
    expect(petstore.report.skipped).toEqual([]);
    expect(new Set(petstore.requests.map((request) => request.content.folder))).toEqual(new Set(['pet', 'store', 'user']));
    expect(byName(petstore, 'Find pet by ID')).toMatchObject({ method: 'GET', url: '{{baseUrl}}/pet/{petId}', folder: 'pet' });
    expect(petstore.environments).toHaveLength(1);
    expect(petstore.environments[0].content.name).toBe('Swagger Petstore');
    expect(petstore.environments[0].content.variables.baseUrl).toBe('http://petstore.swagger.io/v2');
  });

  it('fills bodies and parameters from the examples of the document and its schemas ($refs followed)', () => {
    const add = byName(petstore, 'Add a new pet to the store');
    expect(add.body.type).toBe('json');
    const pet = JSON.parse((add.body as { text: string }).text);
    // id is readOnly: left out of a request; the rest from each property's example or first enum value.
    expect(pet).toEqual({ category: { id: 0, name: 'string' }, name: 'doggie', photoUrls: ['https://example.com/photo.png'], tags: [{ id: 0, name: 'string' }], status: 'available' });
    expect(byName(petstore, 'Finds Pets by status').query).toEqual([{ name: 'status', value: 'available', enabled: true }]);
    expect(byName(petstore, 'Updates a pet in the store with form data').body).toEqual({
      type: 'form',
      fields: [
        { name: 'name', value: 'string', enabled: true },
        { name: 'status', value: 'string', enabled: true },
      ],
    });
    expect(byName(petstore, 'Uploads an image').body).toMatchObject({ type: 'multipart', fields: [{ name: 'additionalMetadata', kind: 'text' }, { name: 'file', kind: 'file', value: '' }] });
    const examplesDocument = importSources([oasExample('3.0/yaml/request-examples.yaml')]);
    const withExamples = examplesDocument.requests.find((request) => request.content.url.includes('{param1}'))!.content;
    expect(withExamples.pathParams).toEqual({ param1: 'param1-example', param2: 'param2-example' });
  });

  it('turns security into auth settings whose credentials are secret variables, and says what it cannot apply', () => {
    expect(byName(petstore, 'Find pet by ID').auth).toEqual({ type: 'api-key', token: '{{api_key}}', scheme: 'api_key', keyIn: 'header', keyName: 'api_key' });
    // The petstore's OAuth 2.0 scheme has only the implicit flow, which Kite does not run.
    expect(byName(petstore, 'Add a new pet to the store').auth).toEqual({ type: 'none' });
    expect(petstore.report.keptAsNote.some((line) => line.startsWith('security scheme petstore_auth:'))).toBe(true);
    expect(petstore.environments[0].content.variables.api_key).toEqual({ value: '', secret: true });

    const security = importSources([oasExample('3.0/yaml/security.yaml')]);
    expect(security.report.skipped).toEqual([]);
    const auths = security.requests.map((request) => request.content.auth);
    expect(auths).toContainEqual({ type: 'basic', username: '{{basic_username}}', password: '{{basic_password}}', scheme: 'basic' });
    expect(auths).toContainEqual(expect.objectContaining({ type: 'bearer', token: '{{bearer}}' }));
    expect(auths).toContainEqual(expect.objectContaining({ type: 'api-key', keyIn: 'query', keyName: 'apiKey' }));
    // Nothing but references in any file.
    for (const request of security.requests) for (const field of ['token', 'username', 'password', 'clientSecret'] as const) expect(request.content.auth[field] ?? '{{}}').toMatch(/^\{\{.*\}\}$/);
  });

  it('reads YAML as JSON, and says what it does not read', () => {
    const yaml = importSources([oasExample('3.0/yaml/petstore.yaml')]);
    expect(yaml.requests.map((request) => request.content)).toEqual(petstore.requests.map((request) => request.content));
    const swagger = importSources([oasExample('2.0/json/petstore.json')]);
    expect(swagger.report.skipped).toEqual([{ file: 'petstore.json', item: '', reason: expect.stringContaining('Kite imports OpenAPI 3.0 and 3.1') }]);
    const cut = importSources([{ name: 'cut.yaml', text: 'openapi: 3.0.0\npaths:\n  /a:\n    get: {\n' }]);
    expect(cut.report.skipped).toEqual([{ file: 'cut.yaml', item: '', reason: expect.stringContaining('not valid YAML') }]);
  });
});
