import { describe, expect, it } from 'vitest';
import { createEventParser, eventsOf, streamKindOf } from './stream-events';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('stream events', () => {
  it('tells the stream kind from the content type', () => {
    expect(streamKindOf('text/event-stream; charset=utf-8')).toBe('sse');
    expect(streamKindOf('application/x-ndjson')).toBe('ndjson');
    expect(streamKindOf('application/jsonl')).toBe('ndjson');
    expect(streamKindOf('application/json')).toBeNull();
  });

  it('parses SSE events with names, ids and multi-line data, whatever the cuts, timed by the completing piece', () => {
    const parser = createEventParser('sse');
    expect(parser.push(bytes(': hello\nevent: open\nid: 1\ndata: {"a"'), 10)).toEqual([]);
    const [first] = parser.push(bytes(':1}\n\ndata: one\r'), 20);
    expect(first).toEqual({ index: 0, at: 20, event: 'open', id: '1', data: '{"a":1}', pretty: '{\n  "a": 1\n}' });
    const second = parser.push(bytes('\ndata: two\r\n\r\n'), 30);
    expect(second).toEqual([{ index: 1, at: 30, event: 'message', id: '1', data: 'one\ntwo', pretty: undefined }]);
    expect(parser.push(bytes('data: never ended\n'), 40)).toEqual([]);
    expect(parser.end(50)).toEqual([]);
  });

  it('parses NDJSON one line each, pretty when JSON, with a last line that has no newline', () => {
    const parser = createEventParser('ndjson');
    const events = [...parser.push(bytes('{"n":1}\n\n{"n"'), 5), ...parser.push(bytes(':2}\nnot json'), 9), ...parser.end(12)];
    expect(events.map((event) => [event.index, event.at, event.data, event.pretty !== undefined])).toEqual([
      [0, 5, '{"n":1}', true],
      [1, 9, '{"n":2}', true],
      [2, 12, 'not json', false],
    ]);
  });

  it('decodes UTF-8 split across pieces', () => {
    const all = bytes('data: café\n\n');
    const parser = createEventParser('sse');
    const events = [...parser.push(all.subarray(0, 10), 1), ...parser.push(all.subarray(10), 2)];
    expect(events[0].data).toBe('café');
  });

  it('replays a whole body from the arrival of its pieces, or without times', () => {
    const body = bytes('{"n":1}\n{"n":2}\n').buffer;
    expect(eventsOf(body, 'ndjson', [[8, 100], [16, 400]]).map((event) => event.at)).toEqual([100, 400]);
    expect(eventsOf(body, 'ndjson').map((event) => event.at)).toEqual([null, null]);
  });
});
