// @vitest-environment node
// Route matching of imported requests, against routes made by the Node host's own converter
// (server/openapi/to-routes.mjs) from ReadMe's published petstore document.
import { describe, expect, it } from 'vitest';
import { openApiToApplication } from '../../../../server/openapi/to-routes.mjs';
import { oasExample } from '../../../../tests/fixtures/import/oas-examples.mjs';
import { importSources } from './read';

const petstore = oasExample('3.0/json/petstore.json');
const application = { id: 'petstore', baseUrl: 'http://petstore.swagger.io/v2', routes: openApiToApplication(JSON.parse(petstore.text)).routes };
const curl = (name: string, text: string) => ({ name, text });

describe('route matching of imported requests', () => {
  it('links each request whose method and path fit a route to it, and counts them in the report', () => {
    const result = importSources(
      [
        petstore,
        curl(
          'calls.sh',
          ["curl -X GET 'http://petstore.swagger.io/v2/pet/42'", "curl -X GET 'https://elsewhere.example/pet/42'", "curl -X PATCH 'http://petstore.swagger.io/v2/pet/42'"].join('\n'),
        ),
      ],
      { applications: [application] },
    );
    // 20 operations of the document, and the first cURL command.
    expect(result.report.matched).toBe(21);
    const byUrl = (url: string) => result.requests.filter((request) => request.content.url === url).map((request) => request.content);
    expect(byUrl('/pet/{petId}').map((file) => [file.application, file.method, file.pathParams.petId])).toEqual(
      expect.arrayContaining([
        ['petstore', 'GET', '0'],
        ['petstore', 'GET', '42'],
      ]),
    );
    // Another server's URL, and a method the route does not have, stay as they were.
    expect(byUrl('https://elsewhere.example/pet/42')).toMatchObject([{ application: '' }]);
    expect(byUrl('http://petstore.swagger.io/v2/pet/42')).toMatchObject([{ method: 'PATCH', application: '' }]);
  });

  it('links nothing without known routes, nor when {{baseUrl}} is another server than the application', () => {
    const result = importSources([petstore]);
    expect(result.report.matched).toBe(0);
    expect(result.requests.every((request) => request.content.url.startsWith('{{baseUrl}}/'))).toBe(true);
    const elsewhere = importSources([petstore], { applications: [{ ...application, baseUrl: 'https://staging.example/v2' }] });
    expect(elsewhere.report.matched).toBe(0);
    expect(elsewhere.requests.every((request) => request.content.url.startsWith('{{baseUrl}}/') && request.content.application === '')).toBe(true);
  });
});
