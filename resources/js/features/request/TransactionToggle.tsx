// "Transaction", under the URL: the Laravel host runs the request inside transactions it rolls back,
// and records mails, notifications and jobs instead of sending them; "hold outgoing HTTP" has the
// app's Http:: calls answered by a fake. Beside them, what the last answer's transaction mode did
// not undo (not-undone.ts). Only the Laravel host can.
import type { TraceNotUndone } from '../../../../protocol/types';
import { kiteConfig } from '../../lib/config';
import { notUndoneDetails, notUndoneSummary } from '../../lib/not-undone';

export interface TransactionToggleProps {
  transaction: boolean;
  holdOutgoingHttp: boolean;
  onChange: (change: { transaction: boolean } | { holdOutgoingHttp: boolean }) => void;
  /** What transaction mode did not undo in the last answer. */
  notUndone?: TraceNotUndone;
}

export function TransactionToggle({ transaction, holdOutgoingHttp, onChange, notUndone }: TransactionToggleProps) {
  if (kiteConfig.host !== 'laravel') return null;
  const summary = notUndone ? notUndoneSummary(notUndone) : null;
  return (
    <div className="kite-transaction-row" role="group" aria-label="Transaction mode">
      <label
        className="kite-transaction-toggle"
        title="Roll back every database write of this request; record mails, notifications and jobs instead of sending them"
      >
        <input type="checkbox" checked={transaction} onChange={(event) => onChange({ transaction: event.target.checked })} />
        Transaction
      </label>
      <label className="kite-transaction-toggle" title="Answer the app's outgoing Http:: calls with an empty 200 instead of sending them">
        <input type="checkbox" checked={holdOutgoingHttp} onChange={(event) => onChange({ holdOutgoingHttp: event.target.checked })} />
        hold outgoing HTTP
      </label>
      {summary && notUndone ? (
        <span className="kite-not-undone" role="note" title={notUndoneDetails(notUndone).join('\n') || summary}>
          {summary}
        </span>
      ) : null}
    </div>
  );
}
