// Numbers for people: byte sizes, durations and how long ago something happened. One place, used
// by the response summary, the body editor and history.

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count for people: `0 B`, `512 B`, `1.5 KB`, `12.3 MB`, `100 MB` (1 KB = 1024 B). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} B`;
  // One decimal below 100 keeps sizes comparable at a glance; a trailing `.0` says nothing.
  const shown = value < 100 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${shown} ${SIZE_UNITS[unit]}`;
}

/** The exact byte count with thousands separators: `52,428,800 bytes`. */
export function formatExactSize(bytes: number): string {
  const n = Math.max(0, Math.round(bytes));
  return `${n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${n === 1 ? 'byte' : 'bytes'}`;
}

/** A duration in ms for the summary line: `87 ms`, `1.24 s`, `2 min 5 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2).replace(/0$/, '')} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** Under this age a response arrived 'just now' (spec: "Relative time shows 'just now' under 60 s"). */
export const JUST_NOW_MS = 60_000;

const RELATIVE_STEPS: Array<[limitMs: number, unitMs: number, unit: string]> = [
  [60 * 60_000, 60_000, 'minute'],
  [24 * 60 * 60_000, 60 * 60_000, 'hour'],
  [30 * 24 * 60 * 60_000, 24 * 60 * 60_000, 'day'],
  [365 * 24 * 60 * 60_000, 30 * 24 * 60 * 60_000, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 24 * 60 * 60_000, 'year'],
];

/** When something happened, relative to `now`: 'just now', '1 minute ago', '3 hours ago', … */
export function formatRelativeTime(at: number, now: number): string {
  const age = now - at;
  // A clock that moved backwards still means the response is fresh.
  if (!(age >= JUST_NOW_MS)) return 'just now';
  for (const [limit, unitMs, unit] of RELATIVE_STEPS) {
    if (age < limit) {
      const count = Math.floor(age / unitMs);
      return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}

/** How long until the relative text can change, so the display re-renders only when needed. */
export function relativeTimeRefreshMs(at: number, now: number): number {
  const age = Math.max(0, now - at);
  if (age < JUST_NOW_MS) return JUST_NOW_MS - age;
  if (age < 60 * 60_000) return 60_000 - (age % 60_000);
  return 60 * 60_000 - (age % (60 * 60_000));
}

/**
 * Attributes of a `<time>` element for the moment `at`: its ISO date, and the exact local time as a
 * title set on hover. Not at render: the page's first toLocaleString() loads locale data (~5 ms),
 * which would otherwise sit on the path to a paint (a response's arrival, every history row).
 */
export function timeAttributes(at: number): { dateTime: string; onPointerEnter: (event: { currentTarget: HTMLElement }) => void } {
  return {
    dateTime: new Date(at).toISOString(),
    onPointerEnter: (event) => {
      event.currentTarget.title = new Date(at).toLocaleString();
    },
  };
}

/** "1 query", "3 queries": a count with its noun. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
