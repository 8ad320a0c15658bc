// A routes answer as lines of JSON, so that the page parses it in pieces: the fetch worker parses
// the host's answer off the page's thread and writes it as lines (routesToLines), the page parses
// one line per task (routesFromLines). One JSON.parse of Graph's 9.3 MB was a task of 0.15-0.6 s
// of CPU (load 11-20) between the route list's first frame and its first click.

/** What the lines carry: any object whose applications have lists of routes. */
export interface ApplicationsWithRoutes {
  applications: Array<{ routes: unknown[] }>;
}

/** Routes per line: Graph's average route is ~0.8 KB of JSON, so a line is ~0.2 MB, a few ms to parse. */
export const ROUTES_PER_LINE = 256;

/**
 * The answer as lines: first the answer with every application's routes left empty, then, in
 * order, one line per piece of up to `perLine` routes: `[application's index, [routes…]]`.
 * JSON.stringify escapes every line break inside a string, so a line is one JSON value.
 */
export function routesToLines(answer: ApplicationsWithRoutes, perLine = ROUTES_PER_LINE): string {
  const head = { ...answer, applications: answer.applications.map((application) => ({ ...application, routes: [] })) };
  const lines = [JSON.stringify(head)];
  answer.applications.forEach((application, at) => {
    for (let from = 0; from < application.routes.length; from += perLine) lines.push(JSON.stringify([at, application.routes.slice(from, from + perLine)]));
  });
  return lines.join('\n');
}

/**
 * The answer routesToLines wrote, parsed a line at a time with `between()` awaited after each
 * line (the page: the next task, so frames are drawn meanwhile). Throws on a line that is not
 * what routesToLines writes.
 */
export async function routesFromLines<T extends ApplicationsWithRoutes>(text: string, between: () => Promise<void>): Promise<T> {
  let end = text.indexOf('\n');
  const answer = JSON.parse(end === -1 ? text : text.slice(0, end)) as T;
  while (end !== -1) {
    const start = end + 1;
    end = text.indexOf('\n', start);
    await between();
    const line: unknown = JSON.parse(end === -1 ? text.slice(start) : text.slice(start, end));
    const [at, routes] = Array.isArray(line) ? (line as unknown[]) : [];
    const application = typeof at === 'number' && Array.isArray(routes) ? answer.applications[at] : undefined;
    if (!application) throw new Error('The routes answer received in lines has a line that names no application.');
    for (const route of routes as unknown[]) application.routes.push(route);
  }
  return answer;
}
