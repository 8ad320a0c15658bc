// The OpenAPI export, checked by a published validator (oas-validator, the one swagger2openapi
// uses) on documents made from real imports: ReadMe's petstore and a Postman collection written
// with Postman's own library.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SHOP_PASSWORD, SHOP_TOKEN, shopCollection, shopEnvironment } from '../../../../tests/fixtures/import/postman.mjs';
import { oasExample } from '../../../../tests/fixtures/import/oas-examples.mjs';
import { toOpenApiDocument } from './openapi-export';
import { importSources } from './read';

const validator = createRequire(import.meta.url)('oas-validator') as { validate: (document: object, options: object) => Promise<{ valid: boolean }> };
const validate = async (document: object) => (await validator.validate(structuredClone(document), {})).valid;
const contents = (result: ReturnType<typeof importSources>) => result.requests.map((request) => request.content);

describe('OpenAPI export', () => {
  it('writes a valid document of an imported OpenAPI document, and reading it back gives the same requests', async () => {
    const imported = importSources([oasExample('3.0/json/petstore.json')]);
    const { document, left } = toOpenApiDocument('Petstore', contents(imported), imported.environments.map((file) => file.content));
    expect(left).toEqual([]);
    expect(await validate(document)).toBe(true);
    expect(document.servers).toEqual([{ url: '{baseUrl}', variables: { baseUrl: { default: 'http://petstore.swagger.io/v2' } } }]);
    expect((document.components as { securitySchemes: object }).securitySchemes).toEqual({ api_key: { type: 'apiKey', name: 'api_key', in: 'header' } });
    const again = importSources([{ name: 'petstore-export.json', text: JSON.stringify(document) }]);
    const shape = (result: ReturnType<typeof importSources>) =>
      contents(result)
        .map(({ folder, method, url, pathParams, query, body, auth }) => ({ folder, method, url, pathParams, query, body, auth }))
        .sort((a, b) => `${a.method} ${a.url}`.localeCompare(`${b.method} ${b.url}`));
    expect(shape(again)).toEqual(shape(imported));
  });

  it('exports a folder of a Postman import with its auth types as schemes, one operation per method and path, and no secret', async () => {
    const imported = importSources([
      { name: 'shop.postman_collection.json', text: JSON.stringify(shopCollection()) },
      { name: 'staging.postman_environment.json', text: JSON.stringify(shopEnvironment()) },
    ]);
    const everything = toOpenApiDocument('Shop', contents(imported), imported.environments.map((file) => file.content), '', imported.folders.map((file) => file.content));
    expect(await validate(everything.document)).toBe(true);
    const text = JSON.stringify(everything.document);
    for (const secret of [SHOP_TOKEN, SHOP_PASSWORD, 'literal-api-key-123']) expect(text).not.toContain(secret);
    expect(everything.document.components).toMatchObject({ securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } });
    const users = toOpenApiDocument('Users', contents(imported), [], 'Users');
    expect(Object.keys(users.document.paths as object).sort()).toEqual(['/users', '/users/{id}']);
    expect(await validate(users.document)).toBe(true);
    const twice = toOpenApiDocument('Twice', [...contents(imported), { ...contents(imported)[0], name: 'Copy' }]);
    expect(twice.left).toEqual([expect.stringContaining('Copy: ')]);
  });
});
