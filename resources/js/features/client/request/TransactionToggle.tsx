// "Transaction" beside Send: the Laravel host runs the request inside transactions it rolls back,
// and records mails, notifications and jobs instead of sending them. Only the Laravel host can.
import { kiteConfig } from '../../../lib/config';

export function TransactionToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  if (kiteConfig.host !== 'laravel') return null;
  return (
    <label
      className="kite-transaction-toggle"
      title="Roll back every database write of this request; record mails, notifications and jobs instead of sending them"
    >
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      Transaction
    </label>
  );
}
