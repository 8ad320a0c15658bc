// The Timing view's rows: where the time of one request went, as a waterfall on one time line.
// The host's phases of the target call (DNS, connect, TLS, waiting, download) or its time inside
// the application, the target's own Server-Timing entries, the way through Kite's host and back,
// and Kite's hold: the spec's 200 ms minimum duration, shown as Kite's own, never as server time.
import type { RelayTiming } from '../../../../protocol/types';

export type TimingKind = 'phase' | 'app' | 'server' | 'kite' | 'hold';

export interface TimingRow {
  label: string;
  kind: TimingKind;
  startMs: number;
  durationMs: number;
  /** A Server-Timing entry's description. */
  detail?: string;
}

export interface ServerTimingEntry {
  name: string;
  durationMs?: number;
  description?: string;
}

/** `cache;desc="Cache Read";dur=23.2, db;dur=53, app;dur=47.2` → its entries, in order. */
export function parseServerTiming(headerValues: string[]): ServerTimingEntry[] {
  const entries: ServerTimingEntry[] = [];
  for (const value of headerValues) {
    for (const metric of splitOutsideQuotes(value, ',')) {
      const [name, ...params] = splitOutsideQuotes(metric, ';').map((part) => part.trim());
      if (!name || !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) continue;
      const entry: ServerTimingEntry = { name };
      for (const param of params) {
        const at = param.indexOf('=');
        if (at < 0) continue;
        const key = param.slice(0, at).trim().toLowerCase();
        const raw = param.slice(at + 1).trim();
        const text = raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
        if (key === 'dur' && entry.durationMs === undefined && Number.isFinite(Number(text))) entry.durationMs = Number(text);
        if (key === 'desc' && entry.description === undefined) entry.description = text;
      }
      entries.push(entry);
    }
  }
  return entries;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\' && quoted) i += 1;
    else if (text[i] === '"') quoted = !quoted;
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== '');
}

export interface TimingInput {
  timing: RelayTiming;
  /** The browser's round trip to the host and back, before Kite's hold (ms). */
  roundTripMs: number;
  /** The spec's minimum duration of a host call (ms). */
  minimumMs: number;
  serverTiming: ServerTimingEntry[];
}

export interface Waterfall {
  rows: TimingRow[];
  /** The whole request as the user waited for it: the round trip and Kite's hold. */
  totalMs: number;
}

export function timingRows({ timing, roundTripMs, minimumMs, serverTiming }: TimingInput): Waterfall {
  const rows: TimingRow[] = [];
  const target = Math.min(timing.totalMs, roundTripMs);
  // What the host's answer took beyond the target call: the app → host → app way and framing.
  const overhead = Math.max(0, roundTripMs - target);
  const before = overhead / 2;
  rows.push({ label: 'Browser → Kite host', kind: 'kite', startMs: 0, durationMs: before });
  let at = before;
  // Digest auth: the request first went without credentials and the target answered with its challenge.
  if (timing.challengeMs !== undefined) {
    rows.push({ label: 'Digest challenge (401)', kind: 'phase', startMs: at, durationMs: timing.challengeMs });
    at += timing.challengeMs;
  }
  let waitStart = at;
  let waitMs = timing.ttfbMs;
  if (timing.appMs !== undefined) {
    rows.push({ label: 'In the application', kind: 'app', startMs: at, durationMs: timing.appMs });
    waitMs = timing.appMs;
    at += Math.max(timing.appMs, target);
  } else {
    const phases = timing.phases ?? {};
    const setup: Array<[string, number | undefined]> = [
      ['DNS lookup', phases.dnsMs],
      ['Connect', phases.connectMs],
      ['TLS handshake', phases.tlsMs],
    ];
    for (const [label, ms] of setup) {
      if (ms === undefined) continue;
      rows.push({ label, kind: 'phase', startMs: at, durationMs: ms });
      at += ms;
    }
    const setupMs = setup.reduce((sum, [, ms]) => sum + (ms ?? 0), 0);
    waitMs = phases.waitMs ?? Math.max(0, timing.ttfbMs - setupMs);
    waitStart = at;
    rows.push({ label: 'Waiting (first byte)', kind: 'phase', startMs: at, durationMs: waitMs });
    at += waitMs;
    const download = phases.downloadMs ?? Math.max(0, timing.totalMs - timing.ttfbMs);
    rows.push({ label: 'Download', kind: 'phase', startMs: at, durationMs: download });
    at += download;
  }
  // The target's own account of its time lies within its wait (or its time in the app).
  let serverAt = waitStart;
  for (const entry of serverTiming) {
    const ms = entry.durationMs ?? 0;
    rows.push({ label: entry.name, kind: 'server', startMs: serverAt, durationMs: ms, detail: entry.description });
    if (ms <= waitMs) serverAt = Math.min(serverAt + ms, waitStart + waitMs);
  }
  rows.push({ label: 'Kite host → browser', kind: 'kite', startMs: Math.max(at, roundTripMs - before), durationMs: before });
  const hold = Math.max(0, minimumMs - roundTripMs);
  if (hold > 0) rows.push({ label: `Kite's hold (minimum ${minimumMs} ms)`, kind: 'hold', startMs: roundTripMs, durationMs: hold });
  return { rows, totalMs: roundTripMs + hold };
}
