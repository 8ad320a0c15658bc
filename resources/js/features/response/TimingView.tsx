// The Timing section: where the request's time went, as a waterfall on one time line.
import { useMemo } from 'react';
import { MINIMUM_DURATION_MS } from '../../lib/http/hooks/timing';
import type { RelayResult } from '../../lib/http/relay-result';
import { formatDuration } from '../../lib/format';
import { parseServerTiming, timingRows } from './timing';

export function TimingView({ result }: { result: RelayResult }) {
  const { rows, totalMs } = useMemo(
    () =>
      timingRows({
        timing: result.meta.timing,
        roundTripMs: result.durationMs,
        minimumMs: MINIMUM_DURATION_MS,
        serverTiming: parseServerTiming(result.meta.headers.filter(([name]) => name.toLowerCase() === 'server-timing').map(([, value]) => value)),
      }),
    [result],
  );
  const scale = (ms: number) => `${totalMs > 0 ? (ms / totalMs) * 100 : 0}%`;
  return (
    <div className="kite-timing">
      <table className="kite-timing-table" aria-label="Timing">
        <thead>
          <tr>
            <th scope="col">Phase</th>
            <th scope="col">Time</th>
            <th scope="col" className="kite-timing-bar-head">
              <span className="sr-only">Waterfall</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} data-kind={row.kind}>
              <th scope="row" title={row.detail}>
                {row.label}
                {row.detail ? <span className="kite-muted"> · {row.detail}</span> : null}
              </th>
              <td className="kite-mono">{formatDuration(row.durationMs)}</td>
              <td className="kite-timing-lane">
                <span className="kite-timing-bar" data-kind={row.kind} style={{ left: scale(row.startMs), width: scale(row.durationMs) }} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totalMs !== result.durationMs ? (
            // The response's "Time" is the measured round trip (the spec's measured duration); the
            // total adds Kite's hold, so both figures are named here and neither looks wrong.
            <tr>
              <th scope="row">Round trip (the response's Time)</th>
              <td className="kite-mono">{formatDuration(result.durationMs)}</td>
              <td />
            </tr>
          ) : null}
          <tr>
            <th scope="row">Total in the browser</th>
            <td className="kite-mono">{formatDuration(totalMs)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <p className="kite-muted kite-timing-note">
        Server time is what the target took; the hold is Kite's own: every call to the host takes at least {MINIMUM_DURATION_MS} ms, so a fast answer does not flash.
      </p>
    </div>
  );
}
