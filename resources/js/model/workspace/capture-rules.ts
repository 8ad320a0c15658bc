// Capture rules: saved with a request, applied after each of its sends to set variables from the
// response (`token` ← `$.data.token`, a header, a cookie). Only the shape lives here (it is read
// on every load); applying them is ./capture.ts, loaded when a request has rules.
import type { RelayCookie } from '../../../../protocol/types';

export type CaptureSource = 'body' | 'header' | 'cookie';

export interface CaptureRule {
  /** The variable set: `{{variable}}`. */
  variable: string;
  source: CaptureSource;
  /** A JSONPath (`$.data.token`) for the body; the header's or cookie's name otherwise. */
  path: string;
  /** The captured value is secret: masked, and kept only in this browser. */
  secret: boolean;
}

const SOURCES: CaptureSource[] = ['body', 'header', 'cookie'];

export function normalizeCaptureRules(value: unknown): CaptureRule[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      variable: typeof item.variable === 'string' ? item.variable : '',
      source: SOURCES.includes(item.source as CaptureSource) ? (item.source as CaptureSource) : 'body',
      path: typeof item.path === 'string' ? item.path : '',
      secret: item.secret === true,
    }));
}

/** What the rules read from a response, taken before the viewer may transfer the body away. */
export function captureInputOf(result: { body: ArrayBuffer; meta: { headers: Array<[string, string]>; cookies: RelayCookie[] } }) {
  return { bodyText: new TextDecoder().decode(result.body), headers: result.meta.headers, cookies: result.meta.cookies };
}
