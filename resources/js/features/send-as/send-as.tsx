// "Send as…": the request on screen sent once per identity (a guest, the logged-in user, users by
// id, a {{token}}, another environment) through the host's relay, two at a time, and a matrix of
// what each got: status, time, size, whether the body differs from the first answer (a click opens
// the diff), and why the app refused (the trace's sentence). The feature's entry and a lazy chunk;
// the client composes it and hands in what it owns (the relay's parts, the user search, the diff).
import '../../../css/send-as.lazy.css';
import { DialogFrame, DialogClose } from '../../components/DialogFrame';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { relay, RelayFailureError } from '../../lib/http/host-api';
import type { RelayResult } from '../../lib/http/relay-result';
import { formatDuration, formatSize } from '../../lib/format';
import { identityKey, identityProblem, identityRequestsOf, withIdentity, type Identity, type RelayParts } from '../../model/send-as/identity';
import { matrixRows, runLimited, type IdentityOutcome, type MatrixRow } from '../../model/send-as/matrix';
import { whyRefused } from '../../model/trace/authorization';

/** Two calls at a time: quicker than one by one, and a host serving one request at a time (php -S) still answers in turn. */
const PARALLEL_CALLS = 2;

/** A response of the matrix with what the diff view needs to name it. */
export interface SentAs {
  result: RelayResult;
  sent: { method: string; url: string };
  who: string;
}

export interface SendAsDialogProps {
  /** The identities to start from (the request's saved list, or guest and the logged-in user). */
  initial: Identity[];
  /** Gathers what each identity's relay request is built from (the client's send). */
  prepare: () => Promise<RelayParts>;
  /** The full URL shown for the request (the history's form). */
  sentUrl: () => string;
  /** The user search of the impersonation picker; calls `onPick` with a user id. */
  userPicker: (onPick: (userId: string) => void) => ReactNode;
  /** Opens the diff of a cell against the first answer (rendered inside this dialog). */
  renderCompare: (first: SentAs, other: SentAs, onClose: () => void) => ReactNode;
  /** Keeps the list edited here with the request (saved with it). */
  onIdentities: (identities: Identity[]) => void;
  onClose: () => void;
}

export default function SendAsDialog(props: SendAsDialogProps) {
  const { prepare, userPicker, renderCompare, onClose } = props;
  const [identities, setIdentitiesState] = useState<Identity[]>(props.initial);
  const [environments, setEnvironments] = useState<string[]>([]);
  const [outcomes, setOutcomes] = useState<Array<IdentityOutcome | undefined>>([]);
  const [results, setResults] = useState<Array<SentAs | undefined>>([]);
  const [running, setRunning] = useState(false);
  const [ran, setRan] = useState(false);
  const [comparing, setComparing] = useState<[SentAs, SentAs] | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => {
    void prepare().then((parts) => setEnvironments(parts.environments), () => setEnvironments([]));
    return () => abort.current?.abort();
  }, [prepare]);
  const setIdentities = (next: Identity[]) => {
    setIdentitiesState(next);
    props.onIdentities(next);
    setOutcomes([]);
    setResults([]);
    setRan(false);
  };

  const run = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setRan(true);
    const list = identities;
    setOutcomes(list.map(() => undefined));
    setResults(list.map(() => undefined));
    try {
      const parts = await prepare();
      const requests = identityRequestsOf(parts, list);
      const method = parts.typed.method;
      const url = props.sentUrl();
      await runLimited(
        requests,
        PARALLEL_CALLS,
        async (item): Promise<[IdentityOutcome, SentAs | undefined]> => {
          if ('problem' in item) return [{ failure: item.problem }, undefined];
          try {
            const result = await relay(item.request, controller.signal);
            const { meta } = result;
            const outcome: IdentityOutcome = { status: meta.status, statusText: meta.statusText, durationMs: result.durationMs, size: meta.bodySize, body: result.body, refusal: whyRefused(meta.status, meta.trace) };
            return [outcome, { result, sent: { method, url }, who: item.label }];
          } catch (error) {
            return [{ failure: error instanceof RelayFailureError ? error.failure.message : String(error) }, undefined];
          }
        },
        ([outcome, sent], index) => {
          if (controller.signal.aborted) return;
          setOutcomes((previous) => previous.map((item, at) => (at === index ? outcome : item)));
          setResults((previous) => previous.map((item, at) => (at === index ? sent : item)));
        },
      );
    } finally {
      if (abort.current === controller) setRunning(false);
    }
  };

  const rows = matrixRows(identities, outcomes);
  const firstIndex = results.findIndex((item) => item !== undefined);
  return (
    <DialogFrame title="Send as…" className="kite-send-as-dialog" onClose={onClose}>
      <AddIdentity environments={environments} userPicker={userPicker} onAdd={(identity) => setIdentities(withIdentity(identities, identity))} />
      <table className="kite-send-as-table" aria-label="Identities">
        <thead>
          <tr>
            <th scope="col">Identity</th>
            <th scope="col">Expect</th>
            <th scope="col">Status</th>
            <th scope="col">Time</th>
            <th scope="col">Size</th>
            <th scope="col">Body</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <MatrixLine
              key={identityKey(row.identity)}
              row={row}
              pending={running && outcomes[index] === undefined}
              onExpect={(expectStatus) => setIdentities(identities.map((item, at) => (at === index ? withExpectation(item, expectStatus) : item)))}
              onRemove={() => setIdentities(identities.filter((_, at) => at !== index))}
              onCompare={results[index] && firstIndex >= 0 && index !== firstIndex ? () => setComparing([results[firstIndex]!, results[index]!]) : undefined}
            />
          ))}
        </tbody>
      </table>
      {identities.length === 0 ? <p className="kite-muted">Add an identity to send the request as.</p> : null}
      {ran && !running ? <p className="kite-muted" role="status">{summary(rows)}</p> : null}
      {comparing ? renderCompare(comparing[0], comparing[1], () => setComparing(null)) : null}
      <div className="kite-dialog-actions">
        <button type="button" className="kite-button" data-variant="primary" disabled={running || identities.length === 0} onClick={() => void run()}>
          {running ? 'Sending…' : `Send as ${identities.length} ${identities.length === 1 ? 'identity' : 'identities'}`}
        </button>
        <DialogClose type="button" className="kite-button">
          Close
        </DialogClose>
      </div>
    </DialogFrame>
  );
}

function withExpectation(identity: Identity, expectStatus: number | undefined): Identity {
  const { expectStatus: _previous, ...rest } = identity;
  return expectStatus === undefined ? (rest as Identity) : { ...rest, expectStatus };
}

/** "4 sent · 1 expectation not met" once the run is over. */
function summary(rows: MatrixRow[]): string {
  const sent = rows.filter((row) => row.status !== undefined).length;
  const checked = rows.filter((row) => row.expectation);
  const failed = checked.filter((row) => !row.expectation!.passed).length;
  const checks = checked.length === 0 ? '' : failed === 0 ? ` · all ${checked.length} expected statuses met` : ` · ${failed} of ${checked.length} expected statuses not met`;
  return `${sent} of ${rows.length} answered${checks}`;
}

function MatrixLine({ row, pending, onExpect, onRemove, onCompare }: { row: MatrixRow; pending: boolean; onExpect: (status: number | undefined) => void; onRemove: () => void; onCompare?: () => void }) {
  const expected = row.identity.expectStatus;
  return (
    <tr aria-label={row.label}>
      <th scope="row">
        {row.label}
        {row.refusal ? (
          <span className="kite-send-as-why" role="note" aria-label="Why it was refused" title={row.refusal}>
            {row.refusal}
          </span>
        ) : null}
        {row.failure ? <span className="kite-send-as-problem" role="alert">{row.failure}</span> : null}
      </th>
      <td>
        <input
          className="kite-input kite-mono kite-send-as-expect"
          aria-label={`Expected status as ${row.label}`}
          inputMode="numeric"
          placeholder="any"
          defaultValue={expected === undefined ? '' : String(expected)}
          onBlur={(event) => {
            const text = event.target.value.trim();
            const status = /^[1-5]\d\d$/.test(text) ? Number(text) : undefined;
            if (status !== expected) onExpect(status);
          }}
        />
        {row.expectation ? (
          <span className="kite-send-as-check" data-passed={row.expectation.passed} title={row.expectation.message}>
            {row.expectation.passed ? ' ✓' : ' ✗'}
          </span>
        ) : null}
      </td>
      <td>
        {pending ? (
          <span className="kite-muted">Sending…</span>
        ) : row.status !== undefined ? (
          <span className="kite-send-as-status" data-status={row.status} title={row.statusText}>
            {row.status}
          </span>
        ) : null}
      </td>
      <td className="kite-send-as-num">{row.durationMs !== undefined ? formatDuration(row.durationMs) : ''}</td>
      <td className="kite-send-as-num">{row.size !== undefined ? formatSize(row.size) : ''}</td>
      <td>
        {row.differs === true && onCompare ? (
          <button type="button" className="kite-button kite-button-sm" aria-label={`Compare ${row.label} with the first answer`} onClick={onCompare}>
            differs
          </button>
        ) : row.differs === false ? (
          <span className="kite-muted">same</span>
        ) : row.status !== undefined ? (
          <span className="kite-muted">first</span>
        ) : null}
      </td>
      <td>
        <button type="button" className="kite-tool-button" aria-label={`Remove ${row.label}`} title="Remove" onClick={onRemove}>
          ×
        </button>
      </td>
    </tr>
  );
}

/** Adds an identity: guest, the logged-in user, a user by id (typed or found), a {{token}}, an environment. */
function AddIdentity({ environments, userPicker, onAdd }: { environments: string[]; userPicker: (onPick: (userId: string) => void) => ReactNode; onAdd: (identity: Identity) => void }) {
  const [userId, setUserId] = useState('');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = (identity: Identity, clear: () => void) => {
    const wrong = identityProblem(identity);
    setProblem(wrong);
    if (wrong) return;
    clear();
    onAdd(identity);
  };
  return (
    <div className="kite-send-as-add" role="group" aria-label="Add an identity">
      <button type="button" className="kite-button kite-button-sm" onClick={() => add({ kind: 'guest' }, () => {})}>
        + Guest
      </button>
      <button type="button" className="kite-button kite-button-sm" onClick={() => add({ kind: 'current-user' }, () => {})}>
        + Logged-in user
      </button>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add({ kind: 'user', userId }, () => setUserId(''));
        }}
      >
        <input className="kite-input kite-mono" aria-label="User ID to send as" placeholder="User ID" value={userId} onChange={(event) => setUserId(event.target.value)} />
        <button type="submit" className="kite-button kite-button-sm">
          + User
        </button>
        {userPicker((picked) => add({ kind: 'user', userId: picked }, () => setUserId('')))}
      </form>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          add({ kind: 'token', token }, () => setToken(''));
        }}
      >
        <input className="kite-input kite-mono" aria-label="Bearer token variable" placeholder="{{token}}" value={token} onChange={(event) => setToken(event.target.value)} />
        <button type="submit" className="kite-button kite-button-sm">
          + Token
        </button>
      </form>
      {environments.length > 0 ? (
        <label>
          <span>+ Environment</span>
          <select
            className="kite-select"
            aria-label="Send in environment"
            value=""
            onChange={(event) => {
              if (event.target.value) add({ kind: 'environment', environment: event.target.value }, () => {});
            }}
          >
            <option value="">choose…</option>
            {environments.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {problem ? (
        <p className="kite-send-as-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

