// The main screen's page of a catalogue too large to carry whole (issue 31): its route index instead.
import { describe, expect, it } from 'vitest';
import { startKite } from './index.mjs';
import { completeRouteIndex, completeRoutes } from '../protocol/route-refs.js';
import { compileSchemas } from '../protocol/conformance/schemas.mjs';
import { API_ENDPOINTS } from '../protocol/endpoints.js';
import { writeLargeOpenApiDocument } from '../tests/fixtures/large-openapi.mjs';

describe('the page of a large catalogue', () => {
  it('carries the route index of a catalogue too large for the page, when the index fits', async () => {
    // 2,000 operations: 0.47 MB of routes, 0.23 MB as an index (PAGE_ROUTES_MAX_BYTES is 0.25 MB).
    const large = await startKite({ port: 0, openapi: [writeLargeOpenApiDocument({ operations: 2000 })] });
    try {
      const served = completeRoutes(await (await fetch(`${large.url}/api/routes`)).json());
      const page = await (await fetch(large.url)).text();
      const carried = JSON.parse(page.match(/<script type="application\/json" id="kite-routes">([^<]*)<\/script>/)?.[1] ?? 'null');
      expect(carried?.index).toBe(true);
      expect(compileSchemas().problems('route-index', carried)).toBeNull();
      const listed = completeRouteIndex(carried).applications[0].routes;
      const whole = served.applications[0].routes;
      expect(listed.map((route) => route.id)).toEqual(whole.map((route) => route.id));
      expect(listed[0]).toEqual({ id: whole[0].id, methods: whole[0].methods, uri: whole[0].uri, name: whole[0].name, summary: whole[0].summary, group: whole[0].group, extractionErrors: [] });
      expect(carried.revision).toBe(served.revision);
    } finally {
      await large.close();
    }
  });

  it('answers GET routes/index with the route index of GET routes, compressed and with its own ETag', async () => {
    // 2,000 operations: over PAGE_ROUTES_MAX_BYTES, as a catalogue whose page carries no routes.
    const large = await startKite({ port: 0, openapi: [writeLargeOpenApiDocument({ operations: 2000 })] });
    try {
      const routes = await fetch(`${large.url}/api/routes`);
      const served = completeRoutes(await routes.json());
      const answer = await fetch(`${large.url}/api/${API_ENDPOINTS.routeIndex}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe('br');
      const index = await answer.json();
      expect(compileSchemas().problems('route-index', index)).toBeNull();
      expect(index.revision).toBe(served.revision);
      const listed = completeRouteIndex(index).applications[0].routes;
      expect(listed.map((route) => route.id)).toEqual(served.applications[0].routes.map((route) => route.id));
      expect(listed[1]).toEqual({ id: served.applications[0].routes[1].id, methods: served.applications[0].routes[1].methods, uri: served.applications[0].routes[1].uri, name: served.applications[0].routes[1].name, summary: served.applications[0].routes[1].summary, group: served.applications[0].routes[1].group, extractionErrors: [] });
      // Its own ETag: a cached routes body must never stand in for the index, or the reverse.
      const etag = answer.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(etag).not.toBe(routes.headers.get('etag'));
      expect((await fetch(`${large.url}/api/${API_ENDPOINTS.routeIndex}`, { headers: { 'If-None-Match': /** @type {string} */ (etag) } })).status).toBe(304);
    } finally {
      await large.close();
    }
  });
});
