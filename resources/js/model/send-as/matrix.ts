// The "Send as…" matrix: one row per identity with its status, time, size, whether its body differs
// from the first row's, and why the app refused it (the trace's sentence, handed in by the caller),
// plus the authorization assertions of a saved identity list (guest 401, user 3 403, admin 200)
// evaluated like the Tests tab's lines. Pure; no React, no DOM.
import { evaluateAssertions, type AssertionResult } from '../assertions/evaluate';
import { newAssertion } from '../assertions/assertion';
import { identityLabel, type Identity } from './identity';

/** What one identity's call gave: a response, or the reason nothing came back. */
export type IdentityOutcome =
  | { status: number; statusText: string; durationMs: number; size: number; body: ArrayBuffer; refusal: string | null }
  | { failure: string };

export interface MatrixRow {
  identity: Identity;
  label: string;
  status?: number;
  statusText?: string;
  durationMs?: number;
  size?: number;
  /** Whether the body differs from the first answered row's; null for that row, a failure or no answer. */
  differs: boolean | null;
  /** "BookingPolicy::update returned false for User #3 on Booking #12" for a refused call. */
  refusal: string | null;
  failure?: string;
  /** The identity's expected status, checked (absent when it has none). */
  expectation?: AssertionResult;
}

/** Same bytes: what "differs" means in the matrix (the diff view then says where, ignoring what the diff settings ignore). */
export function sameBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const left = new Uint8Array(a);
  const right = new Uint8Array(b);
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

/** The identity's expected status as an assertion line (`status equals 403`), or null when it expects none. */
export function expectationOf(identity: Identity) {
  return identity.expectStatus === undefined ? null : newAssertion('status', { operator: 'equals', expected: String(identity.expectStatus) });
}

/** Checks the identity's expected status against what it got, as the Tests tab checks a status line; named with the identity. */
export function checkExpectation(identity: Identity, status: number | undefined, durationMs = 0): AssertionResult | undefined {
  const line = expectationOf(identity);
  if (!line) return undefined;
  const label = identityLabel(identity);
  if (status === undefined) return { assertion: line, passed: false, actual: '(none)', expected: line.expected, message: `As ${label}: no response` };
  const [result] = evaluateAssertions([line], { status, headers: [], bodyText: '', durationMs });
  return { ...result, message: `As ${label}: ${result.message}` };
}

/** The matrix rows, in the identities' order; `outcomes[i]` is undefined while identity i is on its way. */
export function matrixRows(identities: readonly Identity[], outcomes: ReadonlyArray<IdentityOutcome | undefined>): MatrixRow[] {
  const firstIndex = outcomes.findIndex((outcome) => outcome !== undefined && !('failure' in outcome));
  const first = firstIndex >= 0 ? (outcomes[firstIndex] as Extract<IdentityOutcome, { status: number }>) : undefined;
  return identities.map((identity, index) => {
    const outcome = outcomes[index];
    const base = { identity, label: identityLabel(identity) };
    if (outcome === undefined) return { ...base, differs: null, refusal: null };
    if ('failure' in outcome) return { ...base, differs: null, refusal: null, failure: outcome.failure, expectation: checkExpectation(identity, undefined) };
    const expectation = checkExpectation(identity, outcome.status, outcome.durationMs);
    return {
      ...base,
      status: outcome.status,
      statusText: outcome.statusText,
      durationMs: outcome.durationMs,
      size: outcome.size,
      differs: index === firstIndex || !first ? null : outcome.status !== first.status || !sameBytes(outcome.body, first.body),
      refusal: outcome.refusal,
      ...(expectation ? { expectation } : {}),
    };
  });
}

/**
 * Runs `work` for every item, at most `parallel` at a time, in order of the list; each result is
 * handed to `onResult` as it comes. Two at a time keeps a single-worker host (`php -S`) answering.
 */
export async function runLimited<T, R>(items: readonly T[], parallel: number, work: (item: T, index: number) => Promise<R>, onResult: (result: R, index: number) => void): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      onResult(await work(items[index], index), index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, items.length)) }, lane));
}
