// Two responses compared: status, headers by name, and the body — structurally when both bodies
// are JSON, by lines otherwise. The one entry point the worker and the page's fallback both call.
import { diffHeaders, type HeaderChange } from './header-diff';
import { diffJson, totalChanges, type JsonDiff } from './json-diff';
import { parsePattern, type PatternSegment } from './json-path-pattern';
import { diffLines, type LineDiff } from './line-diff';

export interface ComparedResponse {
  status: number;
  headers: readonly (readonly [string, string])[];
  /** The body decoded as text. */
  body: string;
}

export interface DiffSettings {
  /** The key array items are matched by (null: by index). */
  arrayKey: string | null;
  /** JSONPath patterns of body values to leave out, e.g. `$.data[*].updated_at`. */
  ignoredPaths: string[];
  /** Header names to leave out (any case). */
  ignoredHeaders: string[];
}

export const DEFAULT_DIFF_SETTINGS: DiffSettings = { arrayKey: 'id', ignoredPaths: [], ignoredHeaders: ['date'] };

export type BodyDiff = ({ kind: 'json' } & JsonDiff) | ({ kind: 'text' } & LineDiff);

export interface ResponseDiff {
  identical: boolean;
  status: { before: number; after: number } | null;
  headers: HeaderChange[];
  body: BodyDiff;
  /** Ignore patterns that did not read, with why (they were left out, the rest applied). */
  patternErrors: string[];
  /** Time the comparison took, parsing included. */
  ms: number;
}

export function diffResponses(left: ComparedResponse, right: ComparedResponse, settings: DiffSettings = DEFAULT_DIFF_SETTINGS): ResponseDiff {
  const started = performance.now();
  const patterns: PatternSegment[][] = [];
  const patternErrors: string[] = [];
  for (const text of settings.ignoredPaths) {
    const parsed = parsePattern(text);
    if (parsed.ok) patterns.push(parsed.segments);
    else patternErrors.push(parsed.error);
  }
  const headers = diffHeaders(left.headers, right.headers, new Set(settings.ignoredHeaders.map((name) => name.toLowerCase())));
  const body = diffBodies(left.body, right.body, settings.arrayKey, patterns);
  const status = left.status === right.status ? null : { before: left.status, after: right.status };
  const bodySame = body.kind === 'json' ? totalChanges(body.counts) === 0 : body.added + body.removed === 0;
  return { identical: status === null && headers.length === 0 && bodySame, status, headers, body, patternErrors, ms: performance.now() - started };
}

function diffBodies(left: string, right: string, arrayKey: string | null, ignore: PatternSegment[][]): BodyDiff {
  const a = parseJson(left);
  const b = a === NOT_JSON ? NOT_JSON : parseJson(right);
  if (a !== NOT_JSON && b !== NOT_JSON) return { kind: 'json', ...diffJson(a, b, { arrayKey, ignore }) };
  return { kind: 'text', ...diffLines(left, right) };
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return NOT_JSON;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
