// A run of a folder or of the requests selected in the Saved pane (a lazy chunk): options (a data
// file of rows, stop at the first failure, a delay, keep the captured values), then the results as the host streams them — each request of each data row with its status, time,
// assertions (pass/fail, the actual value) and a link that opens its response in a tab. A side
// panel, not a modal, so the tabs stay usable while it is open; Cancel (or closing) stops the run.
import { DialogFrame } from '../../components/DialogFrame';
import { useAtomValue, useStore } from 'jotai';
import { Check, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import '../../../css/runs.lazy.css';
import { RUN_DELAY_MAX_MS } from '../../../../protocol/endpoints.js';
import type { RunResultEvent, SavedRequestFile } from '../../../../protocol/types';
import { describeAssertion } from '../../model/assertions/assertion';
import { type DataRow, DataFileError, parseDataFile } from '../../model/runs/data-file';
import { NO_PROGRESS, type RunProgress, keptCaptures, resultFailed, resultsByIteration, withEvent } from '../../model/runs/run-events';
import { setCaptured } from '../../model/workspace/environment-files';
import { type RunTarget, runEntriesOf, runRequestOf } from '../../model/runs/run-plan';
import { withInheritedSavedAuth } from '../../model/workspace/inherited-auth';
import { preferencesAtom } from '../../lib/preferences/atoms';
import { formatDuration } from '../../lib/format';
import { folderSettingsAtom, savedEntriesAtom, variableScopeAtom, workspaceApplicationAtom, workspaceStoreAtom } from '../workspace/workspace';
import { readWorkspaceFile } from '../../lib/http/workspace-api';
import { openRunResult } from './open-result';
import { runOnHost } from './run-call';

type Phase = 'options' | 'running' | 'finished';

export default function RunDialog({ target, onClose }: { target: RunTarget; onClose: () => void }) {
  const store = useStore();
  const entries = useAtomValue(savedEntriesAtom);
  const planned = useMemo(() => runEntriesOf(entries, target), [entries, target]);
  const [data, setData] = useState<{ name: string; rows: DataRow[] } | null>(null);
  const [dataProblem, setDataProblem] = useState<string | null>(null);
  const [bail, setBail] = useState(false);
  const [delay, setDelay] = useState('0');
  const [keepCaptures, setKeepCaptures] = useState(false);
  // What the finished run kept ("Keep captured values"), said under its summary.
  const [kept, setKept] = useState<ReturnType<typeof keptCaptures> | null>(null);
  const [phase, setPhase] = useState<Phase>('options');
  const [progress, setProgress] = useState<RunProgress>(NO_PROGRESS);
  const [stopped, setStopped] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const [files, setFiles] = useState<Map<string, SavedRequestFile>>(new Map());
  // Folded to its summary line while the user looks at a response it opened (the panel would cover it).
  const [folded, setFolded] = useState(false);
  // Closing the panel stops a run under way.
  useEffect(() => () => controller.current?.abort(), []);

  const delayMs = Number(delay);
  const delayProblem = /^\d+$/.test(delay.trim()) && delayMs <= RUN_DELAY_MAX_MS ? null : `The delay is a whole number of ms from 0 to ${RUN_DELAY_MAX_MS}`;

  const chooseData = async (file: File | undefined) => {
    if (!file) return;
    try {
      setData({ name: file.name, rows: parseDataFile(file.name, await file.text()) });
      setDataProblem(null);
    } catch (error) {
      // The previous choice stays: a bad file loses nothing.
      setDataProblem(error instanceof DataFileError ? error.message : `${file.name} could not be read: ${String(error)}`);
    }
  };

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setPhase('running');
    setProgress(NO_PROGRESS);
    setStopped(null);
    setKept(null);
    try {
      // The host runs the files it is given: an inherited auth is written in from the folders' settings.
      const folders = store.get(folderSettingsAtom).map((settings) => settings.content);
      const fallback = store.get(preferencesAtom).defaultAuthorizationType;
      const read = await Promise.all(planned.map(async (entry) => ({ path: entry.path, file: withInheritedSavedAuth((await readWorkspaceFile(entry.path)).content as SavedRequestFile, folders, fallback) })));
      setFiles(new Map(read.map(({ path, file }) => [path, file])));
      const application = store.get(workspaceApplicationAtom);
      const request = runRequestOf(read, store.get(variableScopeAtom), { rows: data?.rows, bail, delayMs, application: application || undefined });
      let final = NO_PROGRESS;
      await runOnHost(request, abort.signal, (event) => {
        final = withEvent(final, event);
        setProgress(final);
      });
      if (keepCaptures && final.done) {
        // Stored as a Send stores its captures: the active application's captured values.
        const fileOf = new Map(read.map(({ path, file }) => [path, file]));
        const outcome = keptCaptures(final.results, (path) => fileOf.get(path));
        if (outcome.values.length > 0) store.set(workspaceStoreAtom, (current) => setCaptured(current, application, outcome.values));
        setKept(outcome);
      }
    } catch (error) {
      // A host refusal has been toasted by the client; the panel says the run stopped.
      setStopped(abort.signal.aborted ? 'Cancelled' : `The run stopped: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      controller.current = null;
      setPhase('finished');
    }
  };

  const total = planned.length * Math.max(1, data?.rows.length ?? 1);
  const groups = resultsByIteration(progress.results);
  return (
    <DialogFrame
      modal={false}
      title={'folder' in target ? `Run ${target.folder || 'top level'}` : 'Run selected requests'}
      closeLabel="Close the run"
      headActions={
        phase !== 'options' && (
          <button type="button" className="kite-link-button" onClick={() => setFolded(!folded)}>
            {folded ? 'Show results' : 'Fold'}
          </button>
        )
      }
      className="kite-run-panel"
      contentProps={{ 'data-folded': folded || undefined }}
      onClose={onClose}
    >
      {!folded && (
        <p className="kite-muted kite-run-plan">
          {planned.length} request{planned.length === 1 ? '' : 's'} in order{data ? `, once for each of the ${data.rows.length} rows of ${data.name}` : ''}; values captured by one are used by the next.
        </p>
      )}
      {!folded && phase === 'options' && (
        <form
          className="kite-dialog-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!delayProblem && planned.length > 0) void start();
          }}
        >
          <label className="kite-inline-field">
            <span>Data file</span>
            <input type="file" accept=".csv,.json,text/csv,application/json" aria-label="Data file (CSV or JSON rows)" onChange={(event) => void chooseData(event.target.files?.[0])} />
          </label>
          {data && !dataProblem && (
            <p className="kite-muted">
              {data.rows.length} rows: {Object.keys(data.rows[0] ?? {}).map((column) => `{{${column}}}`).join(', ')}{' '}
              <button type="button" className="kite-link-button" onClick={() => setData(null)}>
                Remove
              </button>
            </p>
          )}
          {dataProblem && (
            <p className="kite-run-problem" role="alert">
              {dataProblem}
            </p>
          )}
          <label className="kite-checkbox">
            <input type="checkbox" checked={bail} onChange={(event) => setBail(event.target.checked)} /> Stop at the first failure
          </label>
          <label className="kite-checkbox" title="When the run ends, its last row's captured values are stored as a Send's captures are">
            <input type="checkbox" checked={keepCaptures} onChange={(event) => setKeepCaptures(event.target.checked)} /> Keep captured values
          </label>
          <label className="kite-inline-field">
            <span>Delay between requests (ms)</span>
            <input className="kite-input" inputMode="numeric" value={delay} onChange={(event) => setDelay(event.target.value)} aria-invalid={delayProblem !== null} />
          </label>
          {delayProblem && (
            <p className="kite-run-problem" role="alert">
              {delayProblem}
            </p>
          )}
          <div className="kite-dialog-actions">
            <button type="submit" className="kite-button" data-variant="primary" disabled={delayProblem !== null || planned.length === 0}>
              Run
            </button>
          </div>
        </form>
      )}
      {phase !== 'options' && (
        <p className="kite-run-summary" role="status" data-outcome={progress.done ? (progress.done.failed > 0 ? 'fail' : 'pass') : undefined}>
          {summaryText(progress, phase, stopped, total)}
        </p>
      )}
      {!folded && kept && <p className="kite-muted kite-run-kept">{keptText(kept)}</p>}
      {!folded && phase !== 'options' && (
        <>
          <div className="kite-dialog-actions">
            {phase === 'running' ? (
              <button type="button" className="kite-button" onClick={() => controller.current?.abort()}>
                Cancel
              </button>
            ) : (
              <button type="button" className="kite-button" onClick={() => setPhase('options')}>
                Run again…
              </button>
            )}
          </div>
          <ol className="kite-run-rows">
            {groups.map((group) => (
              <li key={group.iteration}>
                {data && <h4 className="kite-section-title">Row {group.iteration + 1}</h4>}
                <ol className="kite-run-results" aria-label={data ? `Row ${group.iteration + 1}` : 'Results'}>
                  {group.results.map((result) => (
                    <RunResultItem key={`${result.iteration}-${result.index}`} result={result} file={files.get(result.path)} onOpen={(sent) => {
                        setFolded(true);
                        void openRunResult(store, result, sent);
                      }}
                    />
                  ))}
                </ol>
              </li>
            ))}
          </ol>
        </>
      )}
    </DialogFrame>
  );
}

function summaryText(progress: RunProgress, phase: Phase, stopped: string | null, total: number): string {
  const { done, results } = progress;
  if (done) return `${done.passed} passed, ${done.failed} failed in ${formatDuration(done.durationMs)}${done.cancelled ? ' (stopped at the first failure)' : ''}`;
  if (phase === 'running') return `Running… ${results.length} of ${total}`;
  return `${stopped ?? 'Stopped'} after ${results.length} of ${total}`;
}

function keptText({ values, withheld }: ReturnType<typeof keptCaptures>): string {
  const names = (list: string[]) => list.map((name) => `{{${name}}}`).join(', ');
  const keptPart = values.length > 0 ? `Kept ${names(values.map((value) => value.name))} as captured values.` : 'No value was captured to keep.';
  return withheld.length > 0 ? `${keptPart} Not kept: ${names(withheld)}, captured as secret (the host sends secrets back masked).` : keptPart;
}

function RunResultItem({ result, file, onOpen }: { result: RunResultEvent; file: SavedRequestFile | undefined; onOpen: (sent: { method: string; url: string }) => void }) {
  const failed = resultFailed(result);
  const name = file?.name ?? result.path;
  return (
    <li className="kite-run-result" data-outcome={failed ? 'fail' : 'pass'} aria-label={name}>
      <div className="kite-run-result-head">
        {failed ? <X size={14} aria-hidden="true" /> : <Check size={14} aria-hidden="true" />}
        <span className="kite-method" data-method={result.method}>
          {result.method}
        </span>
        <span className="kite-run-name">{name}</span>
        <span className="kite-run-status">{result.status || 'no answer'}</span>
        <span className="kite-muted">{Math.round(result.durationMs)} ms</span>
        {result.response && (
          <button type="button" className="kite-link-button" onClick={() => onOpen({ method: result.method, url: file?.url ?? result.url })}>
            Open response
          </button>
        )}
      </div>
      {result.error && <p className="kite-run-problem">{result.error}</p>}
      {result.assertions.length > 0 && (
        <ul className="kite-run-assertions">
          {result.assertions.map((line, index) => (
            <li key={index} data-outcome={line.passed ? 'pass' : 'fail'}>
              <span className="kite-assertion-verdict">{line.passed ? 'Pass' : 'Fail'}</span> <span>{describeAssertion(line.assertion)}</span> <span className="kite-muted">got</span> <code className="kite-run-actual">{line.actual}</code>
              {!line.passed && <span className="kite-run-message">{line.message}</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
