// A routes answer as lines of JSON, so that the page parses it in pieces: the fetch worker parses
// the host's answer off the page's thread and writes it as lines (routesToLines), the page parses
// one line per task (routesFromLines). One JSON.parse of Graph's 9.3 MB was a task of 0.15-0.6 s
// of CPU (load 11-20) between the route list's first frame and its first click.

/** What the lines carry: any object whose applications have lists of routes (and may share dictionaries). */
export interface ApplicationsWithRoutes {
  applications: Array<{ routes: unknown[] }>;
}

/** Routes per line: Graph's average route is ~0.8 KB of JSON, so a line is ~0.2 MB, a few ms to parse. */
export const ROUTES_PER_LINE = 256;

/**
 * Characters of an application's shared dictionary per line (its `$defs`, `parameters`,
 * `responses`: what routes refer to, format 2). Graph's `$defs` alone is 2.1 MB: in the first line
 * they made it 2.6 MB, one task of 13-45 ms on the page (its decoding and parse) while a key typed
 * then waited.
 */
export const SHARED_CHARS_PER_LINE = 256 * 1024;

/** Whether an application's property is a dictionary (a plain object) that goes in lines of its own. */
const isDictionary = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The answer as lines: first the answer with every application's routes and dictionaries left
 * empty, then, in order, each application's dictionaries in pieces of up to `sharedChars`
 * characters, `[application's index, "name", {entries…}]`, and its routes in pieces of up to
 * `perLine`, `[application's index, [routes…]]`. JSON.stringify escapes every line break inside a
 * string, so a line is one JSON value.
 */
export function routesToLines(answer: ApplicationsWithRoutes, perLine = ROUTES_PER_LINE, sharedChars = SHARED_CHARS_PER_LINE): string {
  const emptied = answer.applications.map((application) => {
    const head: Record<string, unknown> = { ...application, routes: [] };
    for (const [name, value] of Object.entries(application)) if (name !== 'routes' && isDictionary(value)) head[name] = {};
    return head;
  });
  const lines = [JSON.stringify({ ...answer, applications: emptied })];
  answer.applications.forEach((application, at) => {
    for (const [name, value] of Object.entries(application)) {
      if (name === 'routes' || !isDictionary(value)) continue;
      let entries: string[] = [];
      let chars = 0;
      const flush = () => {
        if (entries.length > 0) lines.push(`[${at},${JSON.stringify(name)},{${entries.join(',')}}]`);
        entries = [];
        chars = 0;
      };
      for (const [key, entry] of Object.entries(value)) {
        const json = JSON.stringify(entry);
        if (json === undefined) continue;
        const written = `${JSON.stringify(key)}:${json}`;
        if (chars > 0 && chars + written.length > sharedChars) flush();
        entries.push(written);
        chars += written.length;
      }
      flush();
    }
    for (let from = 0; from < application.routes.length; from += perLine) lines.push(JSON.stringify([at, application.routes.slice(from, from + perLine)]));
  });
  return lines.join('\n');
}

/** The line feed, which no line holds: JSON escapes it in strings, and UTF-8 never uses its byte inside another character. */
const LINE_FEED = 10;

/**
 * The answer routesToLines wrote, as text or as its UTF-8 bytes, parsed a line at a time with
 * `between()` awaited after each line (the page: the next task, so frames are drawn meanwhile).
 * Bytes are decoded a line at a time too: decoding Graph's 9.5 MB at once was a task of its own.
 * Throws on a line that is not what routesToLines writes.
 */
export async function routesFromLines<T extends ApplicationsWithRoutes>(lines: string | Uint8Array, between: () => Promise<void>): Promise<T> {
  const decoder = new TextDecoder();
  const lineAt = (start: number): [string, number] => {
    const end = typeof lines === 'string' ? lines.indexOf('\n', start) : lines.indexOf(LINE_FEED, start);
    const stop = end === -1 ? lines.length : end;
    return [typeof lines === 'string' ? lines.slice(start, stop) : decoder.decode(lines.subarray(start, stop)), end];
  };
  let [text, end] = lineAt(0);
  const answer = JSON.parse(text) as T;
  while (end !== -1) {
    await between();
    [text, end] = lineAt(end + 1);
    const line: unknown = JSON.parse(text);
    const [at, routesOrName, entries] = Array.isArray(line) ? (line as unknown[]) : [];
    const application = typeof at === 'number' ? (answer.applications[at] as (ApplicationsWithRoutes['applications'][number] & Record<string, unknown>) | undefined) : undefined;
    if (application && Array.isArray(routesOrName)) {
      for (const route of routesOrName) application.routes.push(route);
    } else if (application && typeof routesOrName === 'string' && isDictionary(application[routesOrName]) && isDictionary(entries)) {
      // Defined, not assigned: an entry named __proto__ stays an entry, as JSON.parse makes it.
      const dictionary = application[routesOrName] as Record<string, unknown>;
      for (const key of Object.keys(entries)) Object.defineProperty(dictionary, key, { value: entries[key], writable: true, enumerable: true, configurable: true });
    } else {
      throw new Error('The routes answer received in lines has a line that names no application.');
    }
  }
  return answer;
}
