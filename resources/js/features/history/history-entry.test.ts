import { describe, expect, it } from 'vitest';
import type { RelayResponseMeta, TraceDump } from '../../../../protocol/types';
import { ddPagesOfTab, type HistoryEntry } from './history-entry';

const meta = (dumps: TraceDump[] | undefined): RelayResponseMeta => ({
  status: 500,
  statusText: 'Internal Server Error',
  headers: [],
  cookies: [],
  bodySize: 0,
  bodyBytes: 0,
  truncated: false,
  url: 'http://app.test/api/trace/dd-input',
  timing: { ttfbMs: 1, totalMs: 1 },
  ...(dumps ? { trace: { dumps } } : {}),
});
const dd = (call: string): TraceDump[] => [{ value: 'before' }, { value: { call }, isDd: true }];
let time = 0;
const entry = (id: string, tabId: string | undefined, dumps?: TraceDump[]): HistoryEntry => ({
  id,
  time: (time += 1),
  method: 'GET',
  url: '/api/trace/dd-input',
  request: {},
  ...(tabId ? { tabId } : {}),
  size: 0,
  durationMs: 1,
  meta: meta(dumps),
  hasBody: false,
  bodyCut: false,
});

describe('ddPagesOfTab', () => {
  // Newest first, as history lists them: tab a's dd() answers are a1, a3 and a4; a2 only dumped.
  const entries = [
    entry('a4', 'a', dd('fourth')),
    entry('b1', 'b', dd('other tab')),
    entry('a3', 'a', dd('third')),
    entry('a2', 'a', [{ value: 'dump only' }]),
    entry('old', undefined, dd('before tabs were recorded')),
    entry('a1', 'a', dd('first')),
  ];

  it("pages through this tab's answers that ended in dd(), oldest first, at the one shown", () => {
    expect(ddPagesOfTab(entries, 'a', 'a3')).toEqual({ pages: [dd('first'), dd('third'), dd('fourth')], current: 1 });
    expect(ddPagesOfTab(entries, 'a', 'a4')?.current).toBe(2);
  });

  it('has nothing to page when the response shown is not one of them, or is the only one', () => {
    expect(ddPagesOfTab(entries, 'a', 'a2')).toBeUndefined();
    expect(ddPagesOfTab(entries, 'a', null)).toBeUndefined();
    expect(ddPagesOfTab(entries, 'b', 'b1')).toBeUndefined();
  });
});
