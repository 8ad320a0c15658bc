// The response pane: summary line, then Body / Headers / Cookies / Trace tabs. Large bodies are decoded,
// formatted and searched in a Web Worker and rendered as a window of lines (see BodyView).
import '../../../css/response.lazy.css';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { FrameKeys } from './response-frames';
import type { RelayFailure, RelayResult } from '../../lib/http/relay-result';
import type { LiveStream } from '../../lib/http/live-stream';
import type { DdPages } from '../history/history';
import type { SendInEnvironment } from '../diff/diff';
// Started early by LazyResponseViewer, so the worker is off the path of the first large response.
export { prewarmBodyWorker } from './body-source';
import { ResponseBody } from './ResponseBody';
import { ResponseCookies } from './ResponseCookies';
import { ResponseHeaders } from './ResponseHeaders';
import { ResponseSummary, SentRequest } from './ResponseSummary';
import { TimingView } from './TimingView';
import { JsonTree } from './JsonTree';
import { traceCount } from '../../model/trace/trace-analysis';
import { whyRefused } from '../../model/trace/authorization';
import { streamKindOf } from './stream/stream-events';
// Part of this chunk, not one of its own: a Suspense boundary holds what it reveals for up to
// 300 ms (React 19), which would hold the first event.
import { EventsView, LiveStreamView } from './stream/StreamView';

import { rememberResponse, loadCompareDialog } from '../diff/diff';
import { loadTraceView } from '../trace/trace';

// "Compare with…" (features/diff): a chunk of its own, fetched on first use.
const CompareDialog = lazy(() => loadCompareDialog());
// What happened inside the app (RelayResponseMeta.trace): a chunk of its own, fetched on first use.
const TraceView = lazy(() => loadTraceView());
// The streaming frame's codec is fetched when the page is idle (and before a request goes out, see
// LazyResponseViewer's loadResponseView), so that a first event does not wait for it.
export function prewarmStreamView(): Promise<void> {
  return import('../../../../protocol/frame-stream.js').then(
    () => undefined,
    () => {
      // offline or a stale deployment: it loads again when a stream arrives
    },
  );
}

export interface ResponseViewerProps {
  result: RelayResult | null;
  failure: RelayFailure | null;
  pending: boolean;
  /** A streamed answer while it arrives, or the part of one that came before a failure or cancel. */
  live?: LiveStream | null;
  /** The answer received during the spec's 200 ms hold, with its request: rendered out of sight until it is `result`. */
  prepared?: { result: RelayResult; sent: { method: string; url: string } } | null;
  /** The request that produced it: a response is shown with its own request, whatever is being built now. */
  sent?: { method: string; url: string };
  /** When this is a dd() answer: the sending tab's dd() answers, paged in the Trace. */
  ddPages?: DdPages;
  /** Compare with… offers "this request in environment X" through it. */
  inEnvironment?: SendInEnvironment;
}

type Section = 'events' | 'body' | 'headers' | 'cookies' | 'trace' | 'timing';

export function ResponseViewer({ result, failure, pending, live, prepared, sent, ddPages, inEnvironment }: ResponseViewerProps) {
  const [keys] = useState(() => new FrameKeys<RelayResult>());
  // The section last chosen: a new result opens on it while it has it.
  const [preferred, setPreferred] = useState<Section>('body');
  const frames = keys.frames({ result, prepared: prepared?.result ?? null, pending, failed: failure !== null, streaming: Boolean(live) });
  return (
    // Not a landmark of its own: the screen that places the viewer names the pane.
    <div className="kite-response" aria-busy={pending}>
      {pending ? <div className="kite-response-progress" role="progressbar" aria-label="Sending request" /> : null}
      {failure ? (
        <>
          <ResponseFailure failure={failure} sent={sent} />
          {live ? <LiveStreamView live={live} running={false} /> : null}
        </>
      ) : result ? null : pending && !live ? (
        <div className="kite-response-placeholder">Sending request…</div>
      ) : live ? (
        <LiveStreamView live={live} running={pending} />
      ) : (
        <div className="kite-response-placeholder">Send a request to see its response here.</div>
      )}
      {/* While a call is held (the spec's 200 ms minimum) a frame is rendered out of sight and out of
          the accessibility tree: the first call's rehearsal of REHEARSAL_RESULT (its
          code runs once, its DOM exists), then the answer itself once received. At the floor that
          frame is shown under the same key: nothing mounts then (see response-frames). It is staged
          laid out in the pane, transparent and beneath what the pane shows (CSS opacity and z-index
          in a layer of its own, not display:none): its body measures the pane, draws and paints the
          rows it shows during the hold, so showing it changes the layer's opacity and order, with no
          layout, style or paint of the answer. Only the rehearsal is also inert (never reached by
          Tab): taking inert off an answer's frame at the floor restyled and repainted all of it, so
          for the rest of the hold its controls are in the focus order, after the pane's own. */}
      {frames.map((frame) => (
        <div key={frame.key} className="kite-response-frame" data-staged={frame.shown ? undefined : ''} inert={frame.result === null} aria-hidden={frame.shown ? undefined : true}>
          <ResponseDetails
            result={frame.result ?? REHEARSAL_RESULT}
            shown={frame.shown}
            preferred={preferred}
            onChoose={setPreferred}
            sent={frame.shown || !prepared ? sent : prepared.sent}
            ddPages={ddPages}
            inEnvironment={inEnvironment}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * What the first call's hidden frame shows while the call is held: a small JSON answer, so the
 * summary, the section tabs, the body's toolbar and its JSON lines all run once before the answer.
 */
const REHEARSAL_BODY = new TextEncoder().encode('{"kite":[1,true,null]}');
const REHEARSAL_RESULT: RelayResult = {
  meta: {
    status: 200,
    statusText: 'OK',
    url: 'about:blank',
    headers: [['content-type', 'application/json']],
    cookies: [],
    bodySize: REHEARSAL_BODY.byteLength,
    bodyBytes: REHEARSAL_BODY.byteLength,
    truncated: false,
    timing: { ttfbMs: 0, totalMs: 0 },
  },
  body: REHEARSAL_BODY.buffer,
  durationMs: 0,
  receivedAt: 0,
};

type ResponseDetailsProps = Pick<ResponseViewerProps, 'sent' | 'ddPages' | 'inEnvironment'> & { result: RelayResult; preferred: Section; onChoose: (section: Section) => void };

/**
 * A frame's response, and whether it is shown. Shown, it is remembered for Compare with…; the
 * details under it do not depend on it, so the reveal at the floor re-renders this alone and not
 * the section tabs, body and lines drawn out of sight during the hold (issue 31).
 */
function ResponseDetails({ shown, ...details }: ResponseDetailsProps & { shown: boolean }) {
  const { result, sent } = details;
  // Every response shown can be compared with the next ones (another tab's, a later answer).
  useEffect(() => (shown ? rememberResponse(result, sent) : undefined), [result, sent, shown]);
  return <ResponseSections {...details} />;
}

const ResponseSections = memo(function ResponseSections({ result, preferred, onChoose, sent, ddPages, inEnvironment }: ResponseDetailsProps) {
  const { meta } = result;
  // A streamed answer, or a body of events from history, also shows as its list of events; one
  // that was just watched arriving opens on it.
  const hasEvents = hasEventsOf(result);
  const [chosen, setChosen] = useState<{ section: Section; result: RelayResult; bodyKey: number; preferred: Section }>(() => ({
    section: openingSection(result, preferred),
    result,
    bodyKey: resultKey(result),
    preferred,
  }));
  // A new result opens on the section last chosen while it has it, and so does one out of sight
  // when another section is chosen meanwhile (the frame on screen chooses only through its own
  // tabs, which set both, so there the two never differ). Its body starts afresh (a new key),
  // except after the rehearsal, whose body nobody could touch: the answer updates that one in place.
  if (chosen.result !== result || chosen.preferred !== preferred) {
    setChosen({
      section: openingSection(result, preferred),
      result,
      bodyKey: chosen.result === REHEARSAL_RESULT || chosen.result === result ? chosen.bodyKey : resultKey(result),
      preferred,
    });
  }
  const section = chosen.section;
  const setSection = (next: Section) => {
    setChosen({ ...chosen, section: next, preferred: next });
    onChoose(next);
  };
  const [comparing, setComparing] = useState(false);
  return (
    <>
      <ResponseSummary result={result} sent={sent}>
        <button type="button" className="kite-button kite-button-sm kite-response-compare" onClick={() => setComparing(true)}>
          Compare with…
        </button>
      </ResponseSummary>
      <RefusalNote result={result} />
      {comparing ? (
        <Suspense fallback={null}>
          <CompareDialog current={{ result, sent }} inEnvironment={inEnvironment} onClose={() => setComparing(false)} />
        </Suspense>
      ) : null}
      <div className="kite-response-sections" role="tablist" aria-label="Response sections">
        {hasEvents ? <SectionTab id="events" current={section} onSelect={setSection}>Events</SectionTab> : null}
        <SectionTab id="body" current={section} onSelect={setSection}>Body</SectionTab>
        <SectionTab id="headers" current={section} onSelect={setSection}>
          Headers <span className="kite-response-count">{meta.headers.length}</span>
        </SectionTab>
        <SectionTab id="cookies" current={section} onSelect={setSection}>
          Cookies <span className="kite-response-count">{meta.cookies.length}</span>
        </SectionTab>
        {meta.trace ? (
          <SectionTab id="trace" current={section} onSelect={setSection}>
            Trace <span className="kite-response-count">{traceCount(meta.trace)}</span>
          </SectionTab>
        ) : null}
        <SectionTab id="timing" current={section} onSelect={setSection}>Timing</SectionTab>
      </div>
      {/* The body stays mounted while another section shows, so a large body is not formatted
          again; it is keyed by the result (chosen.bodyKey), so a new response starts on its default tab. */}
      <div className="kite-response-section" role="tabpanel" aria-label="Body" hidden={section !== 'body'}>
        <ResponseBody key={chosen.bodyKey} result={result} />
      </div>
      {section === 'events' && hasEvents ? (
        <div className="kite-response-section" role="tabpanel" aria-label="Events">
          <EventsView result={result} />
        </div>
      ) : null}
      {section === 'headers' ? (
        <div className="kite-response-section" role="tabpanel" aria-label="Headers">
          <ResponseHeaders headers={meta.headers} />
        </div>
      ) : null}
      {section === 'cookies' ? (
        <div className="kite-response-section" role="tabpanel" aria-label="Cookies">
          <ResponseCookies cookies={meta.cookies} />
        </div>
      ) : null}
      {section === 'trace' && meta.trace ? (
        <div className="kite-response-section" role="tabpanel" aria-label="Trace">
          <Suspense fallback={<p className="kite-muted">Loading the trace…</p>}>
            <TraceView trace={meta.trace} Tree={JsonTree} ddPages={ddPages} />
          </Suspense>
        </div>
      ) : null}
      {section === 'timing' ? (
        <div className="kite-response-section" role="tabpanel" aria-label="Timing">
          <TimingView result={result} />
        </div>
      ) : null}
    </>
  );
});

/** A 401 or 403 says why at once, from the trace: the failing check, else the middleware that refused. */
function RefusalNote({ result }: { result: RelayResult }) {
  const why = whyRefused(result.meta.status, result.meta.trace);
  return why ? (
    <p className="kite-response-why" role="note" aria-label="Why it was refused">
      {why}
    </p>
  ) : null;
}

/**
 * The section a result opens on: Events for one just watched arriving; else the one chosen for the
 * previous result while this one has it (an Events or Trace tab it lacks would leave a blank pane).
 */
function openingSection(result: RelayResult, chosen: Section): Section {
  if (result.arrivals) return 'events';
  if (chosen === 'events' && !hasEventsOf(result)) return 'body';
  if (chosen === 'trace' && !result.meta.trace) return 'body';
  return chosen;
}

function hasEventsOf({ meta }: RelayResult): boolean {
  return meta.streaming === true || streamKindOf(meta.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1]) !== null;
}

const resultKeys = new WeakMap<RelayResult, number>();
let lastResultKey = 0;
function resultKey(result: RelayResult): number {
  let key = resultKeys.get(result);
  if (key === undefined) {
    key = ++lastResultKey;
    resultKeys.set(result, key);
  }
  return key;
}

function SectionTab({ id, current, onSelect, children }: { id: Section; current: Section; onSelect: (s: Section) => void; children: React.ReactNode }) {
  return (
    <button type="button" role="tab" aria-selected={current === id} className="kite-response-tab" onClick={() => onSelect(id)}>
      {children}
    </button>
  );
}

function ResponseFailure({ failure, sent }: { failure: RelayFailure; sent: ResponseViewerProps['sent'] }) {
  return (
    <div className="kite-response-failure" role="alert">
      <div className="kite-response-failure-title">
        {failure.status ? <span className="kite-response-status" data-status-class={failure.status >= 500 ? 'server-error' : 'client-error'}>{failure.status}</span> : null}
        <span className="kite-badge">{failure.code}</span>
        <SentRequest sent={sent} />
      </div>
      <p className="kite-response-failure-message">{failure.message}</p>
      {failure.field ? <p className="kite-muted">Field: <code>{failure.field}</code></p> : null}
      <p className="kite-muted">
        {failure.code === 'ABORTED' ? 'The request was not changed; send it again when you are ready.' : 'The request was not changed; fix the problem and send it again.'}
      </p>
    </div>
  );
}
