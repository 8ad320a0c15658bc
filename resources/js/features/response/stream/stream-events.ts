// The events of a body that arrives over time, as the Events list shows them: Server-Sent Events
// (event name, id, data, per the HTML standard's parsing rules), NDJSON / JSON Lines (one line
// each, pretty when it is JSON), or any other text (one line each). Fed piece by piece as the
// pieces arrive, each event carries the arrival time of the piece that completed it.
import { mediaType } from '../../../model/response/content-type';

export type StreamKind = 'sse' | 'ndjson' | 'lines';

export interface StreamEvent {
  /** 0-based position in the stream. */
  index: number;
  /** Ms since the request started when the piece completing it arrived; null when unknown (history). */
  at: number | null;
  /** SSE: the event name (`message` when the stream named none). */
  event?: string;
  /** SSE: the last event id, when one was set. */
  id?: string;
  /** SSE: the data lines joined by `\n`; NDJSON and lines: the line. */
  data: string;
  /** The data as indented JSON, when it parses as JSON and is an object or array. */
  pretty?: string;
}

const STREAM_TYPES: Record<string, StreamKind> = {
  'text/event-stream': 'sse',
  'application/x-ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'application/json-seq': 'ndjson',
};

/** How a body of this content type splits into events; null when it is not a stream type. */
export function streamKindOf(contentType: string | null | undefined): StreamKind | null {
  return STREAM_TYPES[mediaType(contentType)] ?? null;
}

function prettyJson(text: string): string | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

export interface EventParser {
  /** Decodes one piece of the body (bytes, UTF-8) and returns the events it completed. */
  push(bytes: Uint8Array, at: number | null): StreamEvent[];
  /** The stream ended: returns an event left without its ending (a last line with no newline). */
  end(at: number | null): StreamEvent[];
}

export function createEventParser(kind: StreamKind): EventParser {
  const decoder = new TextDecoder();
  let carry = '';
  let index = 0;
  // SSE state (HTML standard, "Interpreting an event stream").
  let eventName = '';
  let data: string[] = [];
  let lastId: string | undefined;
  let sawCarriageReturn = false;

  const line = (text: string, at: number | null, out: StreamEvent[]) => {
    if (kind !== 'sse') {
      // JSON Text Sequences start each record with RS (0x1E).
      const record = kind === 'ndjson' ? text.replace(/^\u001e/, '') : text;
      if (record.trim() === '') return;
      out.push({ index: index++, at, data: record, pretty: prettyJson(record) });
      return;
    }
    if (text === '') {
      if (data.length > 0) {
        const joined = data.join('\n');
        out.push({ index: index++, at, event: eventName || 'message', ...(lastId !== undefined ? { id: lastId } : {}), data: joined, pretty: prettyJson(joined) });
      }
      eventName = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  };

  const feed = (text: string, at: number | null) => {
    const out: StreamEvent[] = [];
    let start = 0;
    // A \r\n split across two pieces is one line end, not two.
    if (sawCarriageReturn && text.startsWith('\n')) start = 1;
    sawCarriageReturn = false;
    const all = carry + text.slice(start);
    carry = '';
    let from = 0;
    for (let i = 0; i < all.length; i += 1) {
      const char = all[i];
      if (char !== '\n' && char !== '\r') continue;
      line(all.slice(from, i), at, out);
      if (char === '\r') {
        if (i + 1 === all.length) sawCarriageReturn = true;
        else if (all[i + 1] === '\n') i += 1;
      }
      from = i + 1;
    }
    carry = all.slice(from);
    return out;
  };

  return {
    push: (bytes, at) => feed(decoder.decode(bytes, { stream: true }), at),
    end(at) {
      const out = feed(decoder.decode(), at);
      // SSE drops an event that never ended; a last line without its newline is still a line.
      if (kind !== 'sse' && carry !== '') line(carry, at, out);
      carry = '';
      return out;
    },
  };
}

/**
 * The events of a whole body, from the moments its pieces arrived (`arrivals`: each piece's end
 * offset and arrival time); without them the times are unknown.
 */
export function eventsOf(body: ArrayBuffer, kind: StreamKind, arrivals?: ReadonlyArray<readonly [end: number, at: number]>): StreamEvent[] {
  const bytes = new Uint8Array(body);
  const parser = createEventParser(kind);
  const events: StreamEvent[] = [];
  const cuts = arrivals && arrivals.length > 0 ? arrivals : [[bytes.length, null] as const];
  let from = 0;
  for (const [end, at] of cuts) {
    events.push(...parser.push(bytes.subarray(from, end), at));
    from = end;
  }
  if (from < bytes.length) events.push(...parser.push(bytes.subarray(from), null));
  events.push(...parser.end(cuts[cuts.length - 1][1]));
  return events;
}
