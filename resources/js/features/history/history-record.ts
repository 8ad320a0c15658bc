// Reading a stored history record back. IndexedDB hands back whatever was written: by this Kite, an
// older or newer one, an extension or a hand edit in devtools. One record the list cannot draw used
// to break the whole screen on every load, so each record is checked, field by field, for what the
// history list and a restored response use. The request inside stays opaque: the builder reads it
// back with its own field-by-field check (normalizeRequestState).
import { isRecord } from '../../model/is-record';
import type { HistoryEntry } from './history-entry';

type Check = (value: unknown) => boolean;

const string: Check = (value) => typeof value === 'string';
const nonEmptyString: Check = (value) => typeof value === 'string' && value !== '';
const number: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const boolean: Check = (value) => typeof value === 'boolean';
const anything: Check = () => true;
const optional = (check: Check): Check => (value) => value === undefined || check(value);
const arrayOf = (check: Check): Check => (value) => Array.isArray(value) && value.every(check);
const shape = (fields: Record<string, Check>): Check => (value) => isRecord(value) && Object.entries(fields).every(([key, check]) => check(value[key]));

const header: Check = (value) => Array.isArray(value) && value.length === 2 && string(value[0]) && string(value[1]);
const cookie = shape({
  name: string,
  value: string,
  decryptedValue: optional(string),
  attributes: (value) => isRecord(value) && Object.values(value).every((item) => item === true || typeof item === 'string'),
  raw: string,
});

/** What the response viewer reads of a restored response's metadata (RelayResponseMeta). */
const meta = shape({
  status: number,
  statusText: string,
  headers: arrayOf(header),
  cookies: arrayOf(cookie),
  bodySize: number,
  bodyBytes: number,
  truncated: boolean,
  redirectLocation: optional(string),
  url: string,
  timing: shape({ ttfbMs: number, totalMs: number }),
  routesRevision: optional(string),
});

const failure = shape({ status: optional(number), code: string, message: string, field: optional(string) });

// Every field of HistoryEntry has its check: a new field does not compile until it has one.
const ENTRY: Record<keyof HistoryEntry, Check> = {
  id: nonEmptyString,
  time: number,
  method: nonEmptyString,
  url: string,
  request: anything,
  tabId: optional(string),
  status: optional(number),
  statusText: optional(string),
  failure: optional(failure),
  size: number,
  durationMs: number,
  meta: optional(meta),
  hasBody: boolean,
  bodyCut: boolean,
};

/** Why a stored record cannot be shown as a history entry (`url is missing`), or null when it can. */
export function historyRecordProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'the record is not an object';
  for (const [field, check] of Object.entries(ENTRY)) {
    if (!check(value[field])) return value[field] === undefined ? `${field} is missing` : `${field} is not valid`;
  }
  return null;
}

export function isHistoryEntry(value: unknown): value is HistoryEntry {
  return historyRecordProblem(value) === null;
}

/** The toast after records were set aside. */
export function setAsideMessage(count: number): string {
  return count === 1 ? '1 history entry could not be read and was set aside' : `${count} history entries could not be read and were set aside`;
}
