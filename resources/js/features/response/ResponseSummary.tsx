// The line above the body: status (coloured by class), duration, size, arrival time, redirect.
import { useEffect, useState, type ReactNode } from 'react';
import type { RelayResult } from '../../lib/http/relay-result';
import { formatDuration, formatExactSize, formatRelativeTime, formatSize, relativeTimeRefreshMs, timeAttributes } from '../../lib/format';
import { statusClass } from './response-meta';

/** `children`: actions on the response, at the end of the line. */
export function ResponseSummary({ result, sent, children }: { result: RelayResult; sent?: { method: string; url: string }; children?: ReactNode }) {
  const { meta } = result;
  const sizeTitle = meta.truncated
    ? `Received ${formatExactSize(meta.bodyBytes)} of ${formatExactSize(meta.bodySize)}`
    : formatExactSize(meta.bodySize);
  return (
    <div className="kite-response-summary">
      <span className="kite-response-status" data-status-class={statusClass(meta.status)}>
        <span className="kite-response-status-code">{meta.status}</span>
        {meta.statusText ? <span className="kite-response-status-text">{meta.statusText}</span> : null}
      </span>
      <span
        className="kite-response-fact"
        title={`Round trip ${formatDuration(result.durationMs)} · target: first byte ${formatDuration(meta.timing.ttfbMs)}, total ${formatDuration(meta.timing.totalMs)}`}
      >
        <span className="kite-muted">Time</span> <span>{formatDuration(result.durationMs)}</span>
      </span>
      <span className="kite-response-fact" title={sizeTitle}>
        <span className="kite-muted">Size</span> <span>{formatSize(meta.bodySize)}</span>
      </span>
      <ArrivalTime at={result.receivedAt} />
      <SentRequest sent={sent} />
      {meta.trace?.rolledBack ? (
        <span className="kite-response-rolled-back" role="note" title="Transaction mode: every database write of this call was rolled back; mails, notifications and jobs were held back">
          Rolled back
        </span>
      ) : null}
      {meta.truncated ? (
        <span className="kite-response-truncated" role="note">
          Truncated: showing {formatSize(meta.bodyBytes)} of {formatSize(meta.bodySize)} ({formatExactSize(meta.bodySize)})
        </span>
      ) : null}
      {meta.redirectLocation && meta.status >= 300 && meta.status < 400 ? (
        <span className="kite-response-redirect">
          <span className="kite-muted">Redirects to</span>{' '}
          <span className="kite-mono" title={meta.redirectLocation}>{meta.redirectLocation}</span>
        </span>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The request that produced the response (as typed, `{{variables}}` kept): a response stays with its
 * request, so one shown under a request that has since changed route still says whose it is.
 */
export function SentRequest({ sent }: { sent?: { method: string; url: string } }) {
  if (!sent) return null;
  return (
    <span className="kite-response-fact kite-response-request" aria-label={`Response to ${sent.method} ${sent.url}`} title={`${sent.method} ${sent.url}`}>
      <span className="kite-badge kite-method" data-method={sent.method}>{sent.method}</span>
      <span className="kite-mono kite-response-request-url">{sent.url}</span>
    </span>
  );
}

/** 'just now', then '2 minutes ago', …; re-renders only when the text can change. */
function ArrivalTime({ at }: { at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setTimeout(() => setNow(Date.now()), relativeTimeRefreshMs(at, now) + 50);
    return () => window.clearTimeout(timer);
  }, [at, now]);
  return (
    <time
      className="kite-response-fact kite-response-arrived"
      {...timeAttributes(at)}
    >
      {formatRelativeTime(at, now)}
    </time>
  );
}
