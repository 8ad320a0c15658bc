// A run's answer as it arrives: newline-delimited JSON (RUN_CONTENT_TYPE) cut into RunEvents, and
// the events gathered into what the results view shows (each data row's requests, the totals).
// Pure; the feature feeds it the bytes as they come.
import type { RelayResponseMeta, RunDoneEvent, RunEvent, RunResultEvent, SavedRequestFile } from '../../../../protocol/types';
import type { Variable } from '../workspace/variables';

/** Cuts text pieces into whole lines; a line is handed on once its `\n` has arrived. */
export function ndjsonReader(onEvent: (event: RunEvent) => void) {
  let pending = '';
  const emit = (line: string) => {
    if (line.trim() !== '') onEvent(JSON.parse(line) as RunEvent);
  };
  return {
    push(text: string) {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) emit(line);
    },
    end() {
      emit(pending);
      pending = '';
    },
  };
}

export interface RunProgress {
  /** Results in arrival order. */
  results: RunResultEvent[];
  done: RunDoneEvent | null;
}

export const NO_PROGRESS: RunProgress = { results: [], done: null };

export function withEvent(progress: RunProgress, event: RunEvent): RunProgress {
  return event.type === 'done' ? { ...progress, done: event } : { ...progress, results: [...progress.results, event] };
}

/** A result failed: no answer came, or one of its assertions did not pass. */
export const resultFailed = (result: RunResultEvent) => result.error !== undefined || result.assertions.some((line) => !line.passed);

/** The results grouped by data row (iteration), rows in order. */
export function resultsByIteration(results: RunResultEvent[]): Array<{ iteration: number; results: RunResultEvent[] }> {
  const groups = new Map<number, RunResultEvent[]>();
  for (const result of results) groups.set(result.iteration, [...(groups.get(result.iteration) ?? []), result]);
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([iteration, items]) => ({ iteration, results: items }));
}

/**
 * What "Keep captured values" keeps once a run ended: the values its last data row captured, a later
 * request's winning, as a Send stores its captures. A rule saved as secret is named in `withheld`
 * instead: the host sends every secret back masked (as its `{{name}}`), so the run has no value of it.
 */
export function keptCaptures(results: RunResultEvent[], fileOf: (path: string) => Pick<SavedRequestFile, 'captures'> | undefined): { values: Variable[]; withheld: string[] } {
  const last = Math.max(-1, ...results.map((result) => result.iteration));
  const values = new Map<string, Variable>();
  const withheld = new Set<string>();
  for (const result of results.filter((item) => item.iteration === last)) {
    for (const rule of fileOf(result.path)?.captures ?? []) {
      if (!Object.hasOwn(result.captured, rule.variable)) continue;
      if (rule.secret) withheld.add(rule.variable);
      else {
        withheld.delete(rule.variable);
        values.set(rule.variable, { name: rule.variable, value: result.captured[rule.variable], secret: false });
      }
    }
  }
  return { values: [...values.values()], withheld: [...withheld].filter((name) => !values.has(name)) };
}

/**
 * A result's answer as the relay's metadata and body, so the response viewer can show it in a tab:
 * what a run result carries (status, headers, the kept body, the target's time), nothing more.
 */
export function responseOfResult(result: RunResultEvent): { meta: RelayResponseMeta; body: Uint8Array } | null {
  if (!result.response) return null;
  const body = new TextEncoder().encode(result.response.body);
  return {
    meta: {
      status: result.status,
      statusText: '',
      headers: result.response.headers,
      cookies: [],
      bodySize: Math.max(result.size, body.byteLength),
      bodyBytes: body.byteLength,
      truncated: result.response.truncated,
      url: result.url,
      timing: { ttfbMs: result.durationMs, totalMs: result.durationMs },
    },
    body,
  };
}
