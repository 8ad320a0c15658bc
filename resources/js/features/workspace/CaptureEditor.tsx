// The Capture tab: rules that set variables from each response of this request, saved with it.
import { Plus, Trash2 } from 'lucide-react';
import type { CaptureRule, CaptureSource } from '../../model/workspace/capture-rules';

const PLACEHOLDERS: Record<CaptureSource, string> = { body: '$.data.token', header: 'X-Request-Id', cookie: 'session' };

export function CaptureEditor({ rules, onChange }: { rules: CaptureRule[]; onChange: (rules: CaptureRule[]) => void }) {
  const edit = (index: number, patch: Partial<CaptureRule>) => onChange(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  return (
    <section>
      <h3 className="kite-section-title">Capture from the response</h3>
      <p className="kite-empty-note">After every send, each rule sets a variable from the response, for the next requests to use as {'{{name}}'}.</p>
      <div className="kite-kv" role="group" aria-label="Capture rules">
        {rules.map((rule, index) => (
          <div className="kite-capture-row" key={index}>
            <input className="kite-input kite-mono" aria-label={`Capture ${index + 1} variable`} placeholder="variable" value={rule.variable} onChange={(event) => edit(index, { variable: event.target.value.trim() })} />
            <span aria-hidden="true">←</span>
            <select className="kite-select" aria-label={`Capture ${rule.variable || index + 1} source`} value={rule.source} onChange={(event) => edit(index, { source: event.target.value as CaptureSource })}>
              <option value="body">JSON body</option>
              <option value="header">Header</option>
              <option value="cookie">Cookie</option>
            </select>
            <input className="kite-input kite-mono" aria-label={`Capture ${rule.variable || index + 1} path`} placeholder={PLACEHOLDERS[rule.source]} value={rule.path} onChange={(event) => edit(index, { path: event.target.value })} />
            <label title="Secret: masked, kept only in this browser">
              <input type="checkbox" checked={rule.secret} onChange={(event) => edit(index, { secret: event.target.checked })} aria-label={`Capture ${rule.variable || index + 1} secret`} /> Secret
            </label>
            <button type="button" className="kite-tool-button" aria-label={`Remove capture ${rule.variable || index + 1}`} onClick={() => onChange(rules.filter((_, i) => i !== index))}>
              <Trash2 size={14} aria-hidden="true" />
            </button>
          </div>
        ))}
        <button type="button" className="kite-button kite-add-row" data-variant="ghost" onClick={() => onChange([...rules, { variable: '', source: 'body', path: '', secret: false }])}>
          <Plus size={14} aria-hidden="true" /> Add capture rule
        </button>
      </div>
    </section>
  );
}
