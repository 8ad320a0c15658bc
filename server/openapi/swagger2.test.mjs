import { createRequire } from 'node:module';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApplications } from '../applications.mjs';
import { OpenApiLoadError, loadOpenApiFile } from './load.mjs';

const require = createRequire(import.meta.url);
const example = (name) => require.resolve(`@readme/oas-examples/2.0/${name}`);
const routeOf = (app, id) => app.routes.find((route) => route.id === id);

describe('Swagger 2.0 documents', () => {
  it('reads the Swagger 2.0 petstore in JSON and in YAML as OpenAPI 3.0', () => {
    for (const file of [example('json/petstore.json'), example('yaml/petstore.yaml')]) {
      const document = loadOpenApiFile(file);
      expect(document.openapi).toMatch(/^3\.0\./);
      expect(Object.keys(document.paths)).toContain('/pet');
    }
  });

  it('turns consumes into body content types, formData into form and multipart bodies, and a body into JSON', () => {
    const [app] = loadApplications([example('json/petstore.json')]);
    const addPet = routeOf(app, 'POST /pet');
    expect(addPet.bodyContentType).toBe('application/json');
    expect(addPet.schema.body).toEqual({ $ref: '#/$defs/Pet' });
    expect(app.$defs.Pet.required).toEqual(['name', 'photoUrls']);
    // updatePetWithForm: formData fields, consumes application/x-www-form-urlencoded.
    const form = routeOf(app, 'POST /pet/{petId}');
    expect(form.bodyContentType).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(form.schema.body.properties)).toEqual(['name', 'status']);
    // uploadFile: a file among formData fields, consumes multipart/form-data.
    const upload = routeOf(app, 'POST /pet/{petId}/uploadImage');
    expect(upload.bodyContentType).toBe('multipart/form-data');
    expect(upload.schema.body.properties.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('sends to the first scheme, host and basePath when no --target is given, and to --target and the basePath when it is', () => {
    expect(loadApplications([example('json/petstore.json')])[0].baseUrl).toBe('http://petstore.swagger.io/v2');
    expect(loadApplications([example('json/petstore.json')], ['http://127.0.0.1:9000'])[0].baseUrl).toBe('http://127.0.0.1:9000/v2');
  });

  it('names the file when a Swagger 2.0 document cannot be converted', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kite-swagger-')), 'broken.yaml');
    writeFileSync(file, 'swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get:\n      parameters: [{ $ref: "#/parameters/missing" }]\n      responses: { 200: { description: ok } }\n');
    let error;
    try {
      loadApplications([file]);
    } catch (caught) {
      error = caught;
    }
    // Either swagger2openapi refuses it (naming the file) or the route carries the reason.
    if (error) {
      expect(error).toBeInstanceOf(OpenApiLoadError);
      expect(error.message).toContain(file);
    } else expect(loadApplications([file])[0].routes).toHaveLength(1);
  });
});
