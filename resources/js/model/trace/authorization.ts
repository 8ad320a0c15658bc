// Reading the trace's authorization checks ("why the app said no"): each check as a sentence, the
// denied ones first, and the one reason a 401 or 403 gets in the response's summary.
import type { RelayTrace, TraceAuthorization, TraceRefusal } from '../../../../protocol/types';

/** `App\Models\User#3` → `User #3`; a class name alone → its last part. */
export function shortSubject(described: string): string {
  const [type, key] = described.split('#', 2) as [string, string | undefined];
  const name = type.slice(type.lastIndexOf('\\') + 1);
  return key === undefined ? name : `${name} #${key}`;
}

/** "BookingPolicy::update returned false for User #3 on Booking #12". */
export function checkSentence(check: TraceAuthorization): string {
  const who = check.user ? shortSubject(check.user) : 'a guest';
  const on = check.arguments.length > 0 ? ` on ${check.arguments.map(shortSubject).join(', ')}` : '';
  const what = check.policy ? `${shortSubject(check.policy)}::${check.method ?? check.ability}` : `The ability ${check.ability}`;
  const because = !check.allowed && check.message ? `: ${check.message}` : '';
  return `${what} returned ${check.allowed} for ${who}${on}${because}`;
}

/** "Route middleware can:update,post refused (403): This action is unauthorized." */
export function refusalSentence(refusal: TraceRefusal): string {
  return `Route middleware ${refusal.middleware} refused (${refusal.status}): ${refusal.message}`;
}

/** The checks with the denied ones first (the last denied first: it is the one that ended the call), each group otherwise in order. */
export function deniedFirst(checks: readonly TraceAuthorization[]): TraceAuthorization[] {
  const denied = checks.filter((check) => !check.allowed).reverse();
  return [...denied, ...checks.filter((check) => check.allowed)];
}

/** Why a 401 or 403 was answered, from the trace: the failing check first, else the middleware that refused. */
export function whyRefused(status: number, trace: RelayTrace | undefined): string | null {
  if ((status !== 401 && status !== 403) || !trace) return null;
  const denied = deniedFirst(trace.authorization ?? []).find((check) => !check.allowed);
  if (denied) return checkSentence(denied);
  return trace.refusedBy ? refusalSentence(trace.refusedBy) : null;
}
