// The events of a streamed answer: live while it arrives (LiveStreamView), then the Events tab of
// the whole result (EventsView). Part of the response viewer's lazy chunk.
import { useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { LiveStream } from '../../../lib/http/live-stream';
import type { RelayResult } from '../../../lib/http/relay-result';
import { formatDuration } from '../../../lib/format';
import { statusClass } from '../response-meta';
import { createEventParser, eventsOf, streamKindOf, type EventParser, type StreamEvent } from './stream-events';

/** The list shows at most this many of the newest events (the Body tab has them all). */
const SHOWN_EVENTS = 2000;

function contentTypeOf(headers: ReadonlyArray<readonly [string, string]>): string | undefined {
  return headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
}

/** The events parsed so far from a live stream; re-renders with every piece. */
function useLiveEvents(live: LiveStream): StreamEvent[] {
  useSyncExternalStore(live.subscribe, live.version);
  const state = useRef<{ live: LiveStream; parser: EventParser; read: number; events: StreamEvent[] } | null>(null);
  if (state.current?.live !== live) {
    state.current = { live, parser: createEventParser(streamKindOf(contentTypeOf(live.head.headers)) ?? 'lines'), read: 0, events: [] };
  }
  const current = state.current;
  if (current.read < live.pieces.length) {
    const added: StreamEvent[] = [];
    for (; current.read < live.pieces.length; current.read += 1) {
      const piece = live.pieces[current.read];
      added.push(...current.parser.push(piece.bytes, piece.at));
    }
    if (added.length > 0) current.events = current.events.concat(added);
  }
  return current.events;
}

export function LiveStreamView({ live, running }: { live: LiveStream; running: boolean }) {
  const events = useLiveEvents(live);
  const { head } = live;
  return (
    <div className="kite-stream">
      {running ? (
        <div className="kite-response-summary">
          <span className="kite-response-status" data-status-class={statusClass(head.status)}>
            <span className="kite-response-status-code">{head.status}</span>
            {head.statusText ? <span className="kite-response-status-text">{head.statusText}</span> : null}
          </span>
          <span className="kite-response-fact" role="status">
            Streaming · {events.length} {events.length === 1 ? 'event' : 'events'}
          </span>
        </div>
      ) : null}
      <EventList events={events} />
    </div>
  );
}

/** The Events tab of a whole streamed (or stream-typed) result. */
export function EventsView({ result }: { result: RelayResult }) {
  const events = useMemo(
    () => eventsOf(result.body, streamKindOf(contentTypeOf(result.meta.headers)) ?? 'lines', result.arrivals),
    [result],
  );
  return <EventList events={events} />;
}

function EventList({ events }: { events: StreamEvent[] }) {
  const list = useRef<HTMLOListElement>(null);
  // Follows the newest event until the user scrolls up; scrolling back down follows again.
  const follow = useRef(true);
  useLayoutEffect(() => {
    const element = list.current;
    if (element && follow.current) element.scrollTop = element.scrollHeight;
  }, [events]);
  const shown = events.length > SHOWN_EVENTS ? events.slice(-SHOWN_EVENTS) : events;
  if (events.length === 0) return <p className="kite-response-empty">No events yet.</p>;
  return (
    <ol
      ref={list}
      className="kite-stream-events"
      aria-label="Events"
      onScroll={(event) => {
        const element = event.currentTarget;
        follow.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 16;
      }}
    >
      {shown.length < events.length ? <li className="kite-muted">{events.length - shown.length} earlier events are in the Body tab.</li> : null}
      {shown.map((event) => (
        <li key={event.index} className="kite-stream-event">
          <span className="kite-stream-event-meta">
            <time className="kite-muted">{event.at === null ? '—' : `+${formatDuration(event.at)}`}</time>
            {event.event !== undefined ? <span className="kite-badge">{event.event}</span> : null}
            {event.id !== undefined ? <span className="kite-muted">id {event.id}</span> : null}
          </span>
          <pre className="kite-stream-event-data kite-mono">{event.pretty ?? event.data}</pre>
        </li>
      ))}
    </ol>
  );
}
