// "Compare with…": the response shown against another one — from this visit (another tab's, or an
// earlier answer to the same request) or from history — as a change list or side by side. The
// comparison runs in the body worker for large bodies (diffBodies); "Ignore this path" adds a
// pattern to the diff settings, which are kept, and the comparison runs again. A chunk of its own.
import '../../../css/diff.lazy.css';
import { DialogFrame, DialogClose } from '../../components/DialogFrame';
import { useAtom } from 'jotai';
import { use, useEffect, useMemo, useState } from 'react';
import type { RelayResult } from '../../lib/http/relay-result';
import { formatRelativeTime, formatSize } from '../../lib/format';
import { charsetOf, headerValue } from '../../model/response/content-type';
import { displayUrl, type HistoryEntry, browserBackend } from '../history/history';
import { withArrayKey, withIgnoredHeader, withIgnoredPath, withoutIgnoredPath } from '../../model/diff/diff-settings';
import { totalChanges } from '../../model/diff/json-diff';
import { parsePattern } from '../../model/diff/json-path-pattern';
import type { ResponseDiff } from '../../model/diff/response-diff';
import { compareCandidates, type CompareCandidate } from './compare-candidates';
import { BodyDifferContext, type BodyToCompare } from './body-differ';
import { diffSettingsAtom } from './diff-settings-key';
import { recentResponses, type RecentResponse } from './recent-responses';

type Layout = 'list' | 'side';
type Outcome = { diff: ResponseDiff } | { error: string } | null;

/**
 * @param against the other response when the caller already knows it (a cell of the "Send as…"
 *   matrix against the first, a history row against the response on screen): the diff opens at once.
 *   `who` names each side when the request alone does not tell them apart (the identity it was sent as).
 */
export default function CompareDialog({ current, against, againstHistoryId, inEnvironment, onClose }: { current: ComparedResponse; against?: ComparedResponse; againstHistoryId?: string; inEnvironment?: SendInEnvironment; onClose: () => void }) {
  const [history, setHistory] = useState<HistoryEntry[] | null>(null);
  const [picked, setPicked] = useState<CompareCandidate | null>(() => (against ? givenCandidate(against) : null));
  const [other, setOther] = useState<RelayResult | null>(against?.result ?? null);
  useEffect(() => {
    browserBackend()
      .list()
      .then((list) => setHistory(list.reverse()), () => setHistory([]));
  }, []);
  const [environments, setEnvironments] = useState<string[]>([]);
  useEffect(() => {
    void inEnvironment?.environments().then(setEnvironments, () => setEnvironments([]));
  }, [inEnvironment]);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const candidates = useMemo(
    () => [...compareCandidates(current.result, recentResponses(), history ?? [], browserBackend()), ...(inEnvironment ? environmentCandidates(current, environments, inEnvironment) : [])],
    [current, history, environments, inEnvironment],
  );
  const pick = (candidate: CompareCandidate) => {
    setPicked(candidate);
    setOther(null);
    setLoadProblem(null);
    void candidate.load().then(setOther, (error: unknown) => {
      setOther(null);
      setLoadProblem(error instanceof Error ? error.message : String(error));
    });
  };
  // "Compare with current" from a history row: that entry is picked as soon as the history is read.
  const [historyPicked, setHistoryPicked] = useState(false);
  useEffect(() => {
    if (!againstHistoryId || historyPicked || history === null) return;
    setHistoryPicked(true);
    const candidate = candidates.find((item) => item.key === `history-${againstHistoryId}`);
    if (candidate) pick(candidate);
  }, [againstHistoryId, historyPicked, history, candidates]);
  return (
    <DialogFrame
      title="Compare responses"
      className="kite-diff-dialog"
      headActions={
        picked ? (
          <button type="button" className="kite-button kite-button-sm" onClick={() => setPicked(null)}>
            Pick another
          </button>
        ) : null
      }
      onClose={onClose}
    >
      {!picked ? (
        <>
          <p className="kite-diff-sides">
            <span className="kite-diff-side">
              <SideLabel method={current.sent?.method} url={current.sent ? displayUrl(current.sent.url) : undefined} status={current.result.meta.status} /> (this response), with:
            </span>
          </p>
          <CandidateList candidates={candidates} loading={history === null} onPick={pick} />
        </>
      ) : other ? (
        <DiffPanel pair={inTimeOrder({ result: current.result, method: current.sent?.method, url: current.sent ? displayUrl(current.sent.url) : undefined, who: current.who }, { result: other, method: picked.method, url: picked.url, who: picked.who })} />
      ) : loadProblem ? (
        <p className="kite-diff-problem" role="alert">
          {loadProblem}
        </p>
      ) : (
        <p className="kite-muted" role="status">{picked.group === 'Another environment' ? `Sending the request in ${picked.who}…` : 'Reading the response…'}</p>
      )}
      <div className="kite-dialog-actions">
        <DialogClose type="button" className="kite-button">
          Close
        </DialogClose>
      </div>
    </DialogFrame>
  );
}

function SideLabel({ method, url, status }: { method?: string; url?: string; status?: number }) {
  return (
    <>
      {method ? <span className="kite-badge kite-method" data-method={method}>{method}</span> : null} <span className="kite-mono">{url || '(request unknown)'}</span>{' '}
      {status !== undefined ? <span className="kite-muted">{status}</span> : null}
    </>
  );
}

function CandidateList({ candidates, loading, onPick }: { candidates: CompareCandidate[]; loading: boolean; onPick: (candidate: CompareCandidate) => void }) {
  const now = Date.now();
  if (candidates.length === 0) return <p className="kite-muted">{loading ? 'Reading the history…' : 'No other response yet: send a request again, or from another tab, and compare.'}</p>;
  return (
    <div className="kite-diff-candidates">
      {(['This visit', 'History', 'Another environment'] as const).map((group) => {
        const items = candidates.filter((candidate) => candidate.group === group);
        if (items.length === 0) return null;
        return (
          <section key={group} aria-label={group}>
            <h3 className="kite-diff-heading">{group}</h3>
            <ul className="kite-diff-candidate-list">
              {items.map((candidate) => {
                const sendsNow = candidate.group === 'Another environment';
                const label = sendsNow ? `Compare with this request in ${candidate.who}` : `Compare with ${candidate.method} ${candidate.url} ${candidate.status ?? ''} ${formatRelativeTime(candidate.time, now)}`;
                return (
                  <li key={candidate.key}>
                    <button type="button" className="kite-diff-candidate" onClick={() => onPick(candidate)} aria-label={label}>
                      <SideLabel method={candidate.method} url={candidate.url} status={candidate.status} />
                      {candidate.note ? <span className="kite-diff-note">{candidate.note}</span> : null}
                      {sendsNow ? null : <span className="kite-muted">{formatRelativeTime(candidate.time, now)}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function comparedBody(result: RelayResult): BodyToCompare {
  return { status: result.meta.status, headers: result.meta.headers, body: result.body, charset: charsetOf(headerValue(result.meta.headers, 'content-type')) };
}

interface Side {
  result: RelayResult;
  method?: string;
  url?: string;
  who?: string;
}

/** A response to compare, and who it was sent as when that tells it apart. */
export type ComparedResponse = RecentResponse & { who?: string };

/** Sends the request on screen once in another environment (the client's send, as "Send as…" does). */
export interface SendInEnvironment {
  environments(): Promise<string[]>;
  send(environment: string): Promise<RelayResult>;
}

function givenCandidate(given: ComparedResponse): CompareCandidate {
  return { key: 'given', group: 'This visit', method: given.sent?.method ?? '', url: displayUrl(given.sent?.url ?? ''), status: given.result.meta.status, time: given.result.receivedAt, who: given.who, load: async () => given.result };
}

/** "This request in environment X": sent once when picked. */
function environmentCandidates(current: ComparedResponse, environments: string[], inEnvironment: SendInEnvironment): CompareCandidate[] {
  return environments.map((name) => ({
    key: `environment-${name}`,
    group: 'Another environment',
    method: current.sent?.method ?? '',
    url: displayUrl(current.sent?.url ?? ''),
    time: Date.now(),
    who: `environment ${name}`,
    note: `this request sent now in ${name}`,
    load: () => inEnvironment.send(name),
  }));
}

/** The earlier response is the left one, so "added" means what the later one has that the earlier had not. */
function inTimeOrder(a: Side, b: Side): [Side, Side] {
  return a.result.receivedAt <= b.result.receivedAt ? [a, b] : [b, a];
}

function DiffPanel({ pair }: { pair: [Side, Side] }) {
  const [{ result: left }, { result: right }] = pair;
  const [settings, setSettings] = useAtom(diffSettingsAtom);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [layout, setLayout] = useState<Layout>('list');
  const loadBodyDiffer = use(BodyDifferContext);
  useEffect(() => {
    let live = true;
    setOutcome(null);
    loadBodyDiffer().then(({ diffBodies }) => diffBodies(comparedBody(left), comparedBody(right), settings)).then(
      (diff) => live && setOutcome({ diff }),
      (error: unknown) => live && setOutcome({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [left, right, settings, loadBodyDiffer]);
  return (
    <div className="kite-diff">
      <p className="kite-diff-sides">
        {pair.map((side, index) => (
          <span key={index} className="kite-diff-side" data-side={index === 0 ? 'left' : 'right'}>
            <span className="kite-muted">{index === 0 ? 'Earlier' : 'Later'}</span> <SideLabel method={side.method} url={side.url} status={side.result.meta.status} />
            {side.who ? <span className="kite-muted"> as {side.who}</span> : null}
          </span>
        ))}
      </p>
      <DiffSettingsBar />
      {outcome === null ? (
        <p className="kite-muted" role="status" aria-label="Comparing">
          Comparing {formatSize(left.body.byteLength)} with {formatSize(right.body.byteLength)}…
        </p>
      ) : 'error' in outcome ? (
        <p className="kite-diff-problem" role="alert">
          The responses could not be compared: {outcome.error}
        </p>
      ) : (
        <DiffResult
          diff={outcome.diff}
          layout={layout}
          onLayout={setLayout}
          onIgnore={(pattern) => setSettings((previous) => withIgnoredPath(previous, pattern))}
          onIgnoreHeader={(name) => setSettings((previous) => withIgnoredHeader(previous, name))}
        />
      )}
    </div>
  );
}

function DiffSettingsBar() {
  const [settings, setSettings] = useAtom(diffSettingsAtom);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [key, setKey] = useState(settings.arrayKey ?? '');
  const add = () => {
    const parsed = parsePattern(typed);
    if (!parsed.ok) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    setTyped('');
    setSettings((previous) => withIgnoredPath(previous, parsed.text));
  };
  return (
    <div className="kite-diff-settings">
      <label className="kite-diff-setting">
        <span>Match array items by</span>
        <input
          className="kite-input kite-mono kite-diff-key"
          value={key}
          placeholder="index"
          spellCheck={false}
          onChange={(event) => setKey(event.target.value)}
          onBlur={() => setSettings((previous) => withArrayKey(previous, key))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setSettings((previous) => withArrayKey(previous, key));
          }}
        />
      </label>
      <form
        className="kite-diff-setting"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <label>
          <span className="sr-only">Path to ignore</span>
          <input className="kite-input kite-mono" value={typed} placeholder="$.data[*].updated_at" spellCheck={false} aria-invalid={problem ? true : undefined} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <button type="submit" className="kite-button kite-button-sm">
          Ignore path
        </button>
      </form>
      {problem ? (
        <p className="kite-diff-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {settings.ignoredPaths.length > 0 ? (
        <ul className="kite-diff-ignored" aria-label="Ignored paths">
          {settings.ignoredPaths.map((pattern) => (
            <li key={pattern}>
              <code>{pattern}</code>
              <button type="button" className="kite-tool-button" aria-label={`Compare ${pattern} again`} title="Compare again" onClick={() => setSettings((previous) => withoutIgnoredPath(previous, pattern))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const KIND_MARK = { added: '+', removed: '−', changed: '~' } as const;

function DiffResult(props: { diff: ResponseDiff; layout: Layout; onLayout: (layout: Layout) => void; onIgnore: (pattern: string) => void; onIgnoreHeader: (name: string) => void }) {
  const { diff, layout, onLayout, onIgnore, onIgnoreHeader } = props;
  const { body } = diff;
  const bodyCount = body.kind === 'json' ? totalChanges(body.counts) : body.added + body.removed;
  const listed = body.changes.length;
  return (
    <>
      <p className="kite-diff-summary" role="status" aria-label="Diff summary">
        {diff.identical ? (
          <strong>The responses are identical</strong>
        ) : (
          <strong>
            {(diff.status ? 1 : 0) + diff.headers.length + bodyCount} differences
          </strong>
        )}
        {body.kind === 'json' && !diff.identical ? (
          <span className="kite-muted">
            {' '}
            body: {body.counts.added} added, {body.counts.removed} removed, {body.counts.changed} changed
          </span>
        ) : null}
        {body.kind === 'text' && !diff.identical ? (
          <span className="kite-muted">
            {' '}
            body by lines: {body.added} added, {body.removed} removed{body.coarse ? ' (too different to align line by line)' : ''}
          </span>
        ) : null}
        <span className="kite-muted"> · compared in {Math.round(diff.ms)} ms</span>
      </p>
      {diff.patternErrors.map((error) => (
        <p key={error} className="kite-diff-problem" role="alert">
          Not applied: {error}
        </p>
      ))}
      {diff.identical ? null : (
        <>
          <div className="kite-diff-layout" role="radiogroup" aria-label="Show">
            <label>
              <input type="radio" checked={layout === 'list'} onChange={() => onLayout('list')} /> Change list
            </label>
            <label>
              <input type="radio" checked={layout === 'side'} onChange={() => onLayout('side')} /> Side by side
            </label>
          </div>
          <table className="kite-diff-table" data-layout={layout} aria-label="Differences">
            <thead>
              <tr>
                <th scope="col">Where</th>
                {layout === 'side' ? (
                  <>
                    <th scope="col">Earlier</th>
                    <th scope="col">Later</th>
                  </>
                ) : (
                  <th scope="col">Change</th>
                )}
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {diff.status ? <ChangeRow kind="changed" where="Status" before={String(diff.status.before)} after={String(diff.status.after)} layout={layout} /> : null}
              {diff.headers.map((change) => (
                <ChangeRow key={`h-${change.name}`} kind={change.kind} where={`Header ${change.name}`} before={change.before} after={change.after} layout={layout} ignore={() => onIgnoreHeader(change.name)} ignoreLabel={`Ignore the header ${change.name}`} ignoreText="Ignore header" />
              ))}
              {body.kind === 'json'
                ? body.changes.map((change, index) => (
                    <ChangeRow key={`b-${index}`} kind={change.kind} where={change.path} mono before={change.before} after={change.after} layout={layout} ignore={() => onIgnore(change.pattern)} ignoreLabel={`Ignore this path: ${change.pattern}`} />
                  ))
                : body.changes.map((change, index) => (
                    <ChangeRow
                      key={`l-${index}`}
                      kind={change.kind}
                      where={`Line ${change.line}`}
                      before={change.kind === 'removed' ? change.text : undefined}
                      after={change.kind === 'added' ? change.text : undefined}
                      layout={layout}
                    />
                  ))}
            </tbody>
          </table>
          {listed < bodyCount ? <p className="kite-muted">The first {listed} of {bodyCount} body differences are listed.</p> : null}
        </>
      )}
    </>
  );
}

function ChangeRow(props: { kind: 'added' | 'removed' | 'changed'; where: string; mono?: boolean; before?: string; after?: string; layout: Layout; ignore?: () => void; ignoreLabel?: string; ignoreText?: string }) {
  const { kind, where, before, after, layout, ignore, ignoreLabel } = props;
  return (
    <tr data-kind={kind}>
      <th scope="row" className={props.mono ? 'kite-mono' : undefined}>
        <span className="kite-diff-mark" aria-label={kind}>
          {KIND_MARK[kind]}
        </span>{' '}
        {where}
      </th>
      {layout === 'side' ? (
        <>
          <td className="kite-mono" data-side="left">{before ?? ''}</td>
          <td className="kite-mono" data-side="right">{after ?? ''}</td>
        </>
      ) : (
        <td className="kite-mono">
          {kind === 'added' ? <ins>{after}</ins> : kind === 'removed' ? <del>{before}</del> : (
            <>
              <del>{before}</del> → <ins>{after}</ins>
            </>
          )}
        </td>
      )}
      <td>
        {ignore ? (
          <button type="button" className="kite-button kite-button-sm" data-variant="ghost" aria-label={ignoreLabel} title={ignoreLabel} onClick={ignore}>
            {props.ignoreText ?? 'Ignore this path'}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
