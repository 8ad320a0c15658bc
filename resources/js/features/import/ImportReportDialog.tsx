// What an import did: how many requests and environments, what was converted, what was kept as a
// note and why, and what was not imported (file, item, reason).
import { DialogFrame, DialogClose } from '../../components/DialogFrame';
import type { ImportOutcome } from './import-files';

function Section({ title, lines }: { title: string; lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="kite-section-title">{title}</h3>
      <ul className="kite-import-lines">
        {lines.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

export default function ImportReportDialog({ outcome, onClose }: { outcome: ImportOutcome; onClose: () => void }) {
  const { report, secrets } = outcome.result;
  const skipped = [...report.skipped, ...outcome.left].map((item) => `${item.file}${item.item ? ` › ${item.item}` : ''}: ${item.reason}`);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return (
    <DialogFrame
      title="Import report"
      description={
        <>
          {plural(report.requests, 'request')}, {plural(report.environments, 'environment')} imported; {plural(outcome.written, 'file')} written to the workspace.
          {report.matched > 0 ? ` ${report.matched} matched to a known route (its schema and docs show in the builder).` : ''}
        </>
      }
      descriptionClassName="kite-import-summary"
      className="kite-import-report"
      onClose={onClose}
    >
      <div className="kite-import-body">
        <Section title="Converted" lines={report.converted} />
        <Section title="Kept as a note" lines={report.keptAsNote} />
        <Section title="Not imported" lines={skipped} />
        <Section title="Secret variables kept in this browser" lines={secrets.map((secret) => `${secret.environment}: {{${secret.name}}}`)} />
      </div>
      <div className="kite-dialog-actions">
        <DialogClose className="kite-button" data-variant="primary">
          Done
        </DialogClose>
      </div>
    </DialogFrame>
  );
}
