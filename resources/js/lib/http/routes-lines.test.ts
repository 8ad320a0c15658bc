import { describe, expect, it } from 'vitest';
import { routesFromLines, routesToLines } from './routes-lines';

const nextStep = () => Promise.resolve();

describe('routes as lines of JSON', () => {
  const answer = {
    format: 2,
    revision: 'r1',
    applications: [
      { id: 'a', name: 'A', routes: Array.from({ length: 7 }, (_, i) => ({ id: `a${i}`, uri: `/a/${i}`, summary: i === 3 ? 'two\nlines' : undefined })) },
      { id: 'empty', name: 'None', routes: [] },
      { id: 'b', name: 'B', routes: [{ id: 'b0', uri: '/b', schema: { type: 'object' } }] },
    ],
    schemas: { shared: { type: 'string' } },
  };

  it('writes the answer without routes first, then pieces of routes per application, one JSON value a line', () => {
    const lines = routesToLines(answer, 3).split('\n');
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(JSON.parse(lines[0]!)).toEqual({ ...answer, applications: answer.applications.map((application) => ({ ...application, routes: [] })) });
    expect(JSON.parse(lines[1]!)).toEqual([0, answer.applications[0]!.routes.slice(0, 3).map((route) => JSON.parse(JSON.stringify(route)))]);
    expect(JSON.parse(lines[4]!)[0]).toBe(2);
  });

  it('reads back the same answer, waiting between lines', async () => {
    let waits = 0;
    const read = await routesFromLines(routesToLines(answer, 3), async () => {
      waits += 1;
    });
    expect(read).toEqual(JSON.parse(JSON.stringify(answer)));
    expect(waits).toBe(4);
  });

  it('reads an answer without routes (one line)', async () => {
    const none = { revision: 'r', applications: [{ id: 'a', routes: [] }] };
    expect(routesToLines(none)).not.toContain('\n');
    expect(await routesFromLines(routesToLines(none), nextStep)).toEqual(none);
  });

  describe("an application's shared dictionaries ($defs, parameters, responses)", () => {
    const defs = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`Schema${i}`, { type: 'object', description: `Schema number ${i} — café` }]));
    const shared = {
      format: 2,
      revision: 'r2',
      applications: [
        { id: 'a', name: 'A', baseUrl: 'http://127.0.0.1', $defs: defs, parameters: { page: { name: 'page', in: 'query' } }, responses: {}, routes: [{ id: 'a0', uri: '/a', summary: 'Grüße' }] },
      ],
    };
    const json = (value: unknown) => JSON.parse(JSON.stringify(value));

    it('travel in lines of their own, so the first line stays small', () => {
      const lines = routesToLines(shared, 256, 500).split('\n');
      const head = JSON.parse(lines[0]!);
      expect(head.applications[0]).toEqual({ id: 'a', name: 'A', baseUrl: 'http://127.0.0.1', $defs: {}, parameters: {}, responses: {}, routes: [] });
      const dictionaryLines = lines.slice(1).map((line) => JSON.parse(line)).filter((line) => typeof line[1] === 'string');
      expect(dictionaryLines.filter((line) => line[1] === '$defs').length).toBeGreaterThan(4);
      // Each piece holds at most the characters asked for (an entry is never cut).
      for (const line of lines.slice(1)) expect(line.length).toBeLessThan(500 + 40);
      expect(dictionaryLines.find((line) => line[1] === 'parameters')).toEqual([0, 'parameters', { page: { name: 'page', in: 'query' } }]);
    });

    it('read back the same answer from text and from UTF-8 bytes, keys in their order', async () => {
      const lines = routesToLines(shared, 256, 500);
      const fromText = await routesFromLines<typeof shared>(lines, nextStep);
      const fromBytes = await routesFromLines<typeof shared>(new TextEncoder().encode(lines), nextStep);
      expect(fromText).toEqual(json(shared));
      expect(fromBytes).toEqual(json(shared));
      expect(Object.keys(fromBytes.applications[0]!.$defs)).toEqual(Object.keys(defs));
      expect(fromBytes.applications[0]!.routes[0]!.summary).toBe('Grüße');
    });

    it('keep an entry named __proto__ as an entry', async () => {
      const odd = JSON.parse('{"applications":[{"id":"a","routes":[],"$defs":{"__proto__":{"type":"string"},"User":{"type":"object"}}}]}');
      const read = await routesFromLines<{ applications: Array<{ routes: unknown[]; $defs: Record<string, unknown> }> }>(routesToLines(odd, 256, 10), nextStep);
      expect(Object.keys(read.applications[0]!.$defs)).toEqual(['__proto__', 'User']);
      expect(Object.getPrototypeOf(read.applications[0]!.$defs)).toBe(Object.prototype);
    });

    it('refuse a piece of a dictionary the application does not have', async () => {
      const text = `${JSON.stringify({ applications: [{ routes: [], $defs: {} }] })}\n[0,"components",{"A":{}}]`;
      await expect(routesFromLines(text, nextStep)).rejects.toThrow('names no application');
    });
  });

  it('refuses a line that names no application', async () => {
    const text = `${JSON.stringify({ applications: [{ routes: [] }] })}\n[4,[{"id":"x"}]]`;
    await expect(routesFromLines(text, nextStep)).rejects.toThrow('names no application');
  });
});
