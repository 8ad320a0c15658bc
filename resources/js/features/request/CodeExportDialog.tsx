// The "Code" dialog: the request in other languages, with a preview, a choice to include the token
// and password, and Copy. Its own chunk: the builder loads it on first use.
import { DialogFrame } from '../../components/DialogFrame';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { COPIED_INDICATOR_MS, copyText } from '../../lib/clipboard';
import { CODE_LANGUAGES, toCode, type CodeLanguage } from '../../model/request/code-snippets';
import type { OutgoingRequest } from '../../model/request/outgoing';

/** Secrets (secret variables, token, password) only when asked for; variables filled in or kept. */
export interface CodeChoice {
  includeSecrets: boolean;
  fillVariables: boolean;
}

export interface CodeExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The request as it would go out now, as chosen. */
  describe: (choice: CodeChoice) => Promise<OutgoingRequest>;
}

type Shown = { code: string; note: string | null } | { error: string };

export default function CodeExportDialog({ open, onOpenChange, describe }: CodeExportDialogProps) {
  const [language, setLanguage] = useState<CodeLanguage>('fetch');
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [fillVariables, setFillVariables] = useState(true);
  const [shown, setShown] = useState<Shown | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    describe({ includeSecrets, fillVariables })
      .then(async (request) => ({ code: await toCode(request, language), note: request.hostOnlyAuthNote }))
      .then(
        (next) => current && setShown(next),
        (error: unknown) => current && setShown({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [open, language, includeSecrets, fillVariables, describe]);

  const copy = async () => {
    if (!shown || !('code' in shown)) return;
    if (await copyText(shown.code)) {
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    }
  };

  return (
    <DialogFrame open={open} title="Code" closeLabel="Close" className="kite-code-dialog" onClose={() => onOpenChange(false)}>
      <div className="kite-tabs" role="tablist" aria-label="Language">
        {CODE_LANGUAGES.map((item) => (
          <button key={item.id} type="button" role="tab" className="kite-tab" aria-selected={language === item.id} onClick={() => setLanguage(item.id)}>
            {item.label}
          </button>
        ))}
      </div>
      {shown && 'note' in shown && shown.note && (
        <p className="kite-code-note" role="note">
          {shown.note}
        </p>
      )}
      <pre className="kite-code-preview kite-mono" aria-label="Code" tabIndex={0}>
        {shown ? ('code' in shown ? shown.code : `The code could not be written: ${shown.error}`) : 'Writing…'}
      </pre>
      <div className="kite-dialog-foot">
        <div className="kite-dialog-options">
          <label className="kite-checkbox">
            <input type="checkbox" checked={fillVariables} onChange={(event) => setFillVariables(event.target.checked)} /> Fill in variables
          </label>
          <label className="kite-checkbox">
            <input type="checkbox" checked={includeSecrets} onChange={(event) => setIncludeSecrets(event.target.checked)} /> Include secrets
          </label>
        </div>
        <button type="button" className="kite-button" data-variant="primary" onClick={() => void copy()} disabled={!shown || !('code' in shown)}>
          {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />} {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </DialogFrame>
  );
}
