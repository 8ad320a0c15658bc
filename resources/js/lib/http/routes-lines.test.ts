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

  it('refuses a line that names no application', async () => {
    const text = `${JSON.stringify({ applications: [{ routes: [] }] })}\n[4,[{"id":"x"}]]`;
    await expect(routesFromLines(text, nextStep)).rejects.toThrow('names no application');
  });
});
