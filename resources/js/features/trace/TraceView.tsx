// The response's Trace tab: what happened inside the app while it answered (RelayResponseMeta.trace).
// Its own chunk, loaded when the tab is first opened. Dumps are drawn by the tree the response
// viewer passes in (its JSON code view), so this feature imports no other feature.
import '../../../css/trace.lazy.css';
import { type ComponentType, type ReactNode, useState } from 'react';
import type { DumpValue, RelayTrace, TraceDump, TraceException, TraceQuery } from '../../../../protocol/types';
import { formatDuration, plural } from '../../lib/format';
import { notUndoneDetails } from '../../lib/not-undone';
import { queryFacts } from '../../model/trace/trace-analysis';
import { checkSentence, deniedFirst, refusalSentence } from '../../model/trace/authorization';

export interface TraceTreeProps {
  value: DumpValue;
  label: string;
}

export interface TraceViewProps {
  trace: RelayTrace;
  /** Draws a dumped value as a foldable JSON tree. */
  Tree: ComponentType<TraceTreeProps>;
  /** When this answer ended in dd(): the dumps of each dd() answer of its tab, oldest first, and which is this one. */
  ddPages?: { pages: TraceDump[][]; current: number };
}

export default function TraceView({ trace, Tree, ddPages }: TraceViewProps) {
  const notUndone = trace.notUndone ? notUndoneDetails(trace.notUndone) : [];
  const empty = notUndone.length === 0 && !trace.exception && !trace.refusedBy && ![trace.authorization, trace.dumps, trace.queries, trace.logs, trace.mails, trace.notifications, trace.jobs, trace.http, trace.timings].some((list) => list && list.length > 0);
  return (
    <div className="kite-trace" aria-label="Trace">
      <p className="kite-trace-facts">
        {trace.appTimeMs !== undefined ? <span>In the app {formatDuration(trace.appTimeMs)}</span> : null}
        {trace.queries ? <span>{plural(trace.queries.length, 'query', 'queries')}</span> : null}
        {trace.rolledBack ? <span className="kite-trace-rolled-back">Transaction rolled back</span> : null}
        {trace.rolledBack === false ? <span className="kite-trace-flag" data-tone="danger">Transaction not rolled back</span> : null}
        {trace.masked ? (
          <span role="note" title="Values under a key, column or query parameter whose name looks like a password, token, key or cookie are shown as ********">
            {plural(trace.masked, 'value', 'values')} masked: {trace.masked === 1 ? 'its name looks' : 'their names look'} secret
          </span>
        ) : null}
      </p>
      {notUndone.length > 0 ? (
        <Section title="Not undone" count={notUndone.length}>
          <ul className="kite-trace-list">
            {notUndone.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {empty ? <p className="kite-muted">Nothing was recorded inside the app for this call.</p> : null}
      {trace.refusedBy || (trace.authorization && trace.authorization.length > 0) ? <AuthorizationSection trace={trace} /> : null}
      {trace.exception ? <ExceptionSection exception={trace.exception} /> : null}
      {trace.dumps && trace.dumps.length > 0 ? <DumpsSection dumps={trace.dumps} ddPages={ddPages} Tree={Tree} /> : null}
      {trace.queries && trace.queries.length > 0 ? <QueriesSection queries={trace.queries} /> : null}
      {trace.logs && trace.logs.length > 0 ? (
        <Section title="Logs" count={trace.logs.length}>
          <ul className="kite-trace-list">
            {trace.logs.map((log, index) => (
              <li key={index}>
                <span className="kite-trace-flag" data-tone={logTone(log.level)}>{log.level}</span> {log.message}
                {Object.keys(log.context).length > 0 ? <pre className="kite-trace-pre">{JSON.stringify(log.context, null, 2)}</pre> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {trace.mails && trace.mails.length > 0 ? (
        <Section title="Mails" count={trace.mails.length}>
          <ul className="kite-trace-list">
            {trace.mails.map((mail, index) => (
              <li key={index}>
                <HeldBack sent={mail.sent} held="held back" />
                <strong>{mail.subject || '(no subject)'}</strong> <span className="kite-muted">to {mail.to.join(', ') || '—'}</span>
                <details>
                  <summary>Body</summary>
                  <iframe className="kite-trace-mail" title={`Mail: ${mail.subject}`} sandbox="" srcDoc={mail.body} />
                </details>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <HeldList
        title="Notifications"
        items={trace.notifications?.map((n) => ({ held: n.sent ? null : 'held back', name: n.notification, detail: `via ${n.channel} to ${n.notifiable}` }))}
      />
      <HeldList
        title="Jobs"
        items={trace.jobs?.map((job) => ({ held: job.queued ? null : 'not queued', name: job.job, detail: [job.connection, job.queue].filter(Boolean).join(' · ') }))}
      />
      {trace.http && trace.http.length > 0 ? (
        <Section title="Outgoing HTTP" count={trace.http.length}>
          <TimedRows
            rows={trace.http.map((call) => [
              call.method,
              <span className="kite-mono">{call.url}</span>,
              call.held ? (
                <span className="kite-trace-flag" data-tone="muted" title="hold outgoing HTTP: the app got an empty 200 from a fake">held, not sent</span>
              ) : (
                call.status ?? <span className="kite-trace-flag" data-tone="danger">{call.error ?? 'no response'}</span>
              ),
              call.timeMs,
            ])}
          />
        </Section>
      ) : null}
      {trace.timings && trace.timings.length > 0 ? (
        <Section title="Server timing" count={trace.timings.length}>
          <TimedRows rows={trace.timings.map((timing) => [timing.name, timing.description ?? '', '', timing.durationMs])} />
        </Section>
      ) : null}
    </div>
  );
}

/** The dumps, and for a dd() answer, Previous/Next through the tab's other dd() answers (this one's dumps first). */
function DumpsSection({ dumps, ddPages, Tree }: { dumps: TraceDump[]; ddPages: TraceViewProps['ddPages']; Tree: TraceViewProps['Tree'] }) {
  // Each answer opens on its own dumps. An answer is drawn while its call is held, before history
  // has it, so its place among the tab's dd() answers can change under the same dumps: that, too,
  // opens it on its own page again.
  const current = ddPages?.current ?? 0;
  const [chosen, setChosen] = useState({ page: current, of: dumps, current, count: ddPages?.pages.length });
  if (chosen.of !== dumps || chosen.current !== current || chosen.count !== ddPages?.pages.length) {
    setChosen({ page: current, of: dumps, current, count: ddPages?.pages.length });
  }
  const page = Math.min(chosen.page, (ddPages?.pages.length ?? 1) - 1);
  const setPage = (next: number) => setChosen({ ...chosen, page: next });
  const shown = ddPages && page !== ddPages.current ? ddPages.pages[page] : dumps;
  const pager = ddPages ? (
    <span className="kite-trace-pager">
      <button type="button" className="kite-button kite-button-sm" disabled={page === 0} onClick={() => setPage(page - 1)} title="The dd() answer this tab got before">
        Previous
      </button>
      <span aria-live="polite">
        Dump {page + 1} of {ddPages.pages.length}
      </span>
      <button type="button" className="kite-button kite-button-sm" disabled={page === ddPages.pages.length - 1} onClick={() => setPage(page + 1)} title="The dd() answer this tab got after">
        Next
      </button>
    </span>
  ) : null;
  return (
    <Section title="Dumps" count={shown.length} extra={pager}>
      {shown.map((dump, index) => (
        <div key={index} className="kite-trace-dump">
          <div className="kite-trace-where">
            {dump.isDd ? <span className="kite-trace-flag" data-tone="danger">dd() — the request ended here</span> : null}
            <code>{dump.file ? `${dump.file}:${dump.line ?? 0}` : 'dump'}</code>
          </div>
          <Tree value={dump.value} label={`Dump ${index + 1}${dump.file ? ` at ${dump.file}:${dump.line ?? 0}` : ''}`} />
        </div>
      ))}
    </Section>
  );
}

function QueriesSection({ queries }: { queries: TraceQuery[] }) {
  const facts = queryFacts(queries);
  return (
    <Section title="Queries" count={queries.length} extra={<span className="kite-muted">{formatDuration(facts.totalMs)} in all</span>}>
      {facts.repeated.map((entry) => (
        <p key={entry.shape} className="kite-trace-warning" role="note">
          Likely N+1: the same query ran {entry.count} times — <code>{entry.shape}</code>
        </p>
      ))}
      <table className="kite-trace-table">
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col">Connection</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {queries.map((query, index) => (
            <tr key={index} data-repeated={facts.repeatedIndex[index] >= 0 || undefined}>
              <td className="kite-trace-wide">
                <code className="kite-trace-sql">{query.sql}</code>
                {query.bindings.length > 0 ? <div className="kite-muted kite-mono">[{query.bindings.map((value) => JSON.stringify(value)).join(', ')}]</div> : null}
                {facts.repeatedIndex[index] >= 0 ? <span className="kite-trace-flag" data-tone="warning">N+1?</span> : null}
                {index === facts.slowest && queries.length > 1 ? <span className="kite-trace-flag" data-tone="danger">slowest</span> : null}
              </td>
              <td className="kite-mono">{query.connection}</td>
              <td className="kite-trace-time">{formatDuration(query.timeMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function ExceptionSection({ exception }: { exception: TraceException }) {
  const app = exception.frames.filter((frame) => frame.app);
  const others = exception.frames.filter((frame) => !frame.app);
  const frameList = (frames: typeof app) => (
    <ol className="kite-trace-frames">
      {frames.map((frame, index) => (
        <li key={index}>
          <code>{frame.file ? `${frame.file}:${frame.line ?? 0}` : '[internal]'}</code> <span className="kite-muted">{frame.call ?? ''}</span>
        </li>
      ))}
    </ol>
  );
  return (
    <Section title="Exception" count={1}>
      <div className="kite-trace-exception" role="alert">
        <strong className="kite-mono">{exception.class}</strong>
        <p>{exception.message}</p>
        <code>{`${exception.file}:${exception.line}`}</code>
      </div>
      {app.length > 0 ? frameList(app) : null}
      {others.length > 0 ? (
        <details>
          <summary>{plural(others.length, 'framework frame', 'framework frames')}</summary>
          {frameList(others)}
        </details>
      ) : null}
    </Section>
  );
}

/** Rows of a name, a wide cell, a short one and a duration (outgoing HTTP, server timing). */
function TimedRows({ rows }: { rows: Array<[ReactNode, ReactNode, ReactNode, number | undefined]> }) {
  return (
    <table className="kite-trace-table">
      <tbody>
        {rows.map(([name, wide, short, ms], index) => (
          <tr key={index}>
            <td className="kite-mono">{name}</td>
            <td className="kite-trace-wide">{wide}</td>
            <td>{short}</td>
            <td className="kite-trace-time">{ms !== undefined ? formatDuration(ms) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Why the app said no: the middleware that refused, then each gate and policy check, denied ones first. */
function AuthorizationSection({ trace }: { trace: RelayTrace }) {
  const checks = deniedFirst(trace.authorization ?? []);
  return (
    <Section title="Authorization" count={checks.length + (trace.refusedBy ? 1 : 0)}>
      <ul className="kite-trace-list">
        {trace.refusedBy ? (
          <li>
            <span className="kite-trace-flag" data-tone="danger">refused</span> {refusalSentence(trace.refusedBy)}
          </li>
        ) : null}
        {checks.map((check, index) => (
          <li key={index}>
            <span className="kite-trace-flag" data-tone={check.allowed ? 'muted' : 'danger'}>{check.allowed ? 'allowed' : 'denied'}</span> {checkSentence(check)}
            {check.file ? <code className="kite-trace-at"> {`${check.file}:${check.line ?? 0}`}</code> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Section({ title, count, extra, children }: { title: string; count: number; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="kite-trace-section" aria-label={title}>
      <h3 className="kite-trace-title">
        {title} <span className="kite-response-count">{count}</span> {extra}
      </h3>
      {children}
    </section>
  );
}

/** Notifications and jobs: what, where, and whether transaction mode held it back. */
function HeldList({ title, items }: { title: string; items: Array<{ held: string | null; name: string; detail: string }> | undefined }) {
  if (!items || items.length === 0) return null;
  return (
    <Section title={title} count={items.length}>
      <ul className="kite-trace-list">
        {items.map((item, index) => (
          <li key={index}>
            {item.held ? <span className="kite-trace-flag" data-tone="warning">{item.held}</span> : null}
            <code>{item.name}</code> <span className="kite-muted">{item.detail}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function HeldBack({ sent, held }: { sent: boolean; held: string }) {
  return sent ? null : <span className="kite-trace-flag" data-tone="warning">{held}</span>;
}

function logTone(level: string): string {
  return ['emergency', 'alert', 'critical', 'error'].includes(level) ? 'danger' : level === 'warning' ? 'warning' : 'muted';
}
