// The Tests tab: the request's assertions, one line each (what, which header or JSONPath, how,
// the expected value), edited without code; after a Send each shows pass or fail with the actual
// value. A chunk of its own.
import { Check, Plus, Trash2, X } from 'lucide-react';
import '../../../css/tests.lazy.css';
import {
  type Assertion,
  type AssertionOperator,
  type AssertionSource,
  newAssertion,
  OPERATOR_LABELS,
  OPERATORS,
  SOURCE_LABELS,
  offeredSources,
  WITH_PATH,
  WITHOUT_EXPECTED,
  withSource,
} from '../../model/assertions/assertion';
import type { AssertionResult } from '../../model/assertions/evaluate';
import { kiteConfig } from '../../lib/config';

const PATH_PLACEHOLDERS: Partial<Record<AssertionSource, string>> = { body: '$.data.id', header: 'Content-Type', row: 'users.email' };
const EXPECTED_PLACEHOLDERS: Partial<Record<AssertionOperator, string>> = {
  class: '2xx',
  matches: '^application/json',
  type: 'string',
  length: '3',
  'less-than': '500',
  'greater-than': '0',
  'sent-to': 'ada@example.com',
  'subject-contains': 'Welcome',
  'of-class': 'App\\Jobs\\SendInvoice',
  'nothing-at-or-above': 'error',
  'exists-where': 'value, {{variables}} allowed',
};

export interface TestsEditorProps {
  assertions: Assertion[];
  onChange: (assertions: Assertion[]) => void;
  /** Each line's outcome against the last answer, in order; null before a Send. */
  results: AssertionResult[] | null;
}

export function TestsEditor({ assertions, onChange, results }: TestsEditorProps) {
  const edit = (index: number, next: Assertion) => onChange(assertions.map((line, i) => (i === index ? next : line)));
  return (
    <section>
      <h3 className="kite-section-title">Assertions</h3>
      <p className="kite-empty-note">Each line checks every answer of this request; they are saved with it.</p>
      <div className="kite-kv kite-assertions" role="group" aria-label="Assertions">
        {assertions.map((line, index) => {
          const name = `Assertion ${index + 1}`;
          const result = results?.[index];
          return (
            <div className="kite-assertion" key={index} role="group" aria-label={name} data-outcome={result ? (result.passed ? 'pass' : 'fail') : undefined}>
              <select className="kite-select kite-assertion-source" aria-label={`${name} checks`} value={line.source} onChange={(event) => edit(index, withSource(line, event.target.value as AssertionSource))}>
                {offeredSources(kiteConfig.host === 'laravel', line.source).map((source) => (
                  <option key={source} value={source}>
                    {SOURCE_LABELS[source]}
                  </option>
                ))}
              </select>
              {WITH_PATH.has(line.source) ? (
                <input className="kite-input kite-mono kite-assertion-path" aria-label={`${name} ${line.source === 'header' ? 'header name' : line.source === 'row' ? 'table.column' : 'JSONPath'}`} placeholder={PATH_PLACEHOLDERS[line.source]} value={line.path} onChange={(event) => edit(index, { ...line, path: event.target.value })} />
              ) : null}
              <select className="kite-select kite-assertion-operator" data-wide={WITH_PATH.has(line.source) ? undefined : ''} aria-label={`${name} operator`} value={line.operator} onChange={(event) => edit(index, { ...line, operator: event.target.value as AssertionOperator })}>
                {OPERATORS[line.source].map((operator) => (
                  <option key={operator} value={operator}>
                    {OPERATOR_LABELS[operator]}
                  </option>
                ))}
              </select>
              {WITHOUT_EXPECTED.has(line.operator) ? (
                <span />
              ) : (
                <input className="kite-input kite-mono kite-assertion-expected" aria-label={`${name} expected`} placeholder={EXPECTED_PLACEHOLDERS[line.operator] ?? 'expected, {{variables}} allowed'} value={line.expected} onChange={(event) => edit(index, { ...line, expected: event.target.value })} />
              )}
              <button type="button" className="kite-tool-button kite-assertion-remove" aria-label={`Remove ${name.toLowerCase()}`} onClick={() => onChange(assertions.filter((_, i) => i !== index))}>
                <Trash2 size={14} aria-hidden="true" />
              </button>
              {result && <Outcome result={result} />}
            </div>
          );
        })}
        <button type="button" className="kite-button kite-add-row" data-variant="ghost" onClick={() => onChange([...assertions, newAssertion()])}>
          <Plus size={14} aria-hidden="true" /> Add assertion
        </button>
      </div>
    </section>
  );
}

/** Pass or fail, what the answer had, and why a failing line failed. */
function Outcome({ result }: { result: AssertionResult }) {
  return (
    <div className="kite-assertion-outcome" role="status">
      {result.passed ? <Check size={13} aria-hidden="true" /> : <X size={13} aria-hidden="true" />}
      <span className="kite-assertion-verdict">{result.passed ? 'Pass' : 'Fail'}</span>{' '}
      <span className="kite-muted">actual</span>{' '}
      <span className="kite-mono kite-assertion-actual" title={result.actual}>
        {result.actual}
      </span>
      {!result.passed && <span className="kite-assertion-message"> {result.message}</span>}
    </div>
  );
}
