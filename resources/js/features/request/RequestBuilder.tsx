// The request builder: URL bar, final URL preview, and tabs for query, headers, body and auth.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { AlertTriangle, Code2, Copy, Dices, Eraser, RotateCcw } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DocumentedAuthorization, GlobalHeader, RouteInfo, TraceNotUndone } from '../../../../protocol/types';
import { cookieJarsAtom, loadCookiesPanel } from '../cookies/cookies';
import { withoutExpired } from '../../model/request/cookie-jar';
import { type RequestUpdate, useFieldErrors } from '../tabs/tabs';
import { KeyValueEditor, type KeyValueEditorProps } from '../../components/KeyValueEditor';
import { TextField } from '../../components/TextField';
import type { ParameterPlace, ParamDocProps } from '../docs/docs';
import { documentsParameter } from '../routes/routes';
import { methodHasBody } from '../../model/request/body-types';
import { authorizationLabel } from '../../model/request/authorization';
import { whenIdle } from '../../lib/idle';
import { autofillBranchesAtom, autofillChoicesAtom, autofillFieldsAtom, branchLabel, type FieldsMode, loadBodyEditor } from '../body/body';
import type { CodeChoice } from './CodeExportDialog';
import type { OutgoingRequest } from '../../model/request/outgoing';
import type { RequestState } from '../../model/request/request-state';
import { GENERATOR_PREFIX } from '../../../../protocol/endpoints.js';
import { pathParamNames } from '../../model/request/request-state';
import { activeRows, finalUrl, missingPathParams, splitUrl } from '../../model/request/url';
import type { DeclaredAuth } from '../../model/auth/document-schemes';
import { SendingContext, UrlBar } from './UrlBar';
import { EnvironmentPicker, builderInheritanceAtom, loadCaptureEditor } from '../workspace/workspace';
import type { AssertionResponse } from '../../model/assertions/evaluate';
import { useAssertionResults, loadTestsEditor } from '../tests/tests';
import { CodeSpans } from '../../components/CodeSpans';
import { loadAuthEditor } from '../auth/auth';
import { loadParamDoc } from '../docs/docs';

// The body editor (JSON editing, validation, sections for large documents) is its own chunk: most
// requests start on Params, and the first screen loads faster without it.
// The other tabs' editors are chunks too, fetched with the body editor when the browser is idle.
const loadTabEditors = () => Promise.all([loadBodyEditor(), loadAuthEditor(), loadCookiesPanel()]);
const AuthEditor = lazy(() => loadAuthEditor().then((chunk) => ({ default: chunk.AuthEditor })));
const CookiesPanel = lazy(() => loadCookiesPanel().then((chunk) => ({ default: chunk.CookiesPanel })));
// The "Code" dialog and its snippet library load when it is first opened.
const CodeExportDialog = lazy(() => import('./CodeExportDialog'));
const BodyEditor = lazy(() => loadBodyEditor().then((chunk) => ({ default: chunk.BodyEditor })));
// Query rows with the last response's validation messages: only after a 422, from the body editor's chunk.
const QueryRowsWithProblems = lazy(() => loadBodyEditor().then((chunk) => ({ default: chunk.QueryRowsWithProblems })));
// A documented parameter's type, description, values and example under its row: a chunk of its own.
const ParamDoc = lazy(() => loadParamDoc());
const CaptureEditor = lazy(() => loadCaptureEditor().then((chunk) => ({ default: chunk.CaptureEditor })));
const TestsEditor = lazy(() => loadTestsEditor().then((chunk) => ({ default: chunk.TestsEditor })));

export interface RequestBuilderProps {
  state: RequestState;
  update: (update: RequestUpdate) => void;
  route?: RouteInfo;
  baseUrl: string;
  globalHeaders: GlobalHeader[];
  pending: boolean;
  onSend: () => void;
  onCancel: () => void;
  onSendAs?: () => void;
  onAutofill: (seed?: number) => void;
  onCopyCurl: () => void;
  /** The request as it would go out now (for the "Code" dialog). */
  describeRequest: (choice: CodeChoice) => Promise<OutgoingRequest>;
  /** Puts the route's fresh request back (and drops its draft); absent without a route. */
  onReset?: () => void;
  /** The application whose cookie jar the Cookies tab shows. */
  jarId: string;
  /** What transaction mode did not undo in the last answer (UrlBar). */
  notUndone?: TraceNotUndone;
  /** The authorization the application's document declares, whose note the Auth tab shows. */
  authNote?: DocumentedAuthorization;
  /** What the last answer gave the Tests tab's assertions to check (absent before a Send). */
  testResponse?: AssertionResponse;
  /** The schemes the API's document declares for this route (model/auth/document-schemes). */
  declaredAuths?: DeclaredAuth[];
}

type Tab = 'params' | 'headers' | 'body' | 'auth' | 'cookies' | 'capture' | 'tests';

/**
 * Whether the call is running reaches the Send button through a context, and an answer's tests
 * input only a request with tests: the builder under it is memoised, so a Send and its answer
 * re-render the button, not the URL bar, tabs and editors (issue 31: 28 components at the floor).
 */
export function RequestBuilder({ pending, testResponse, onSend, ...props }: RequestBuilderProps) {
  // Enter in the URL field submits the form while the call runs too (Cancel is no submit button).
  const pendingNow = useRef(pending);
  useLayoutEffect(() => {
    pendingNow.current = pending;
  });
  const sendUnlessPending = useCallback(() => {
    if (!pendingNow.current) onSend();
  }, [onSend]);
  return (
    <SendingContext value={pending}>
      <RequestBuilderParts {...props} onSend={sendUnlessPending} testResponse={props.state.assertions.length > 0 ? testResponse : undefined} />
    </SendingContext>
  );
}

const RequestBuilderParts = memo(function RequestBuilderParts(props: Omit<RequestBuilderProps, 'pending'>) {
  const { state, update, route, baseUrl, globalHeaders } = props;
  const [tab, setTab] = useState<Tab>(() => (methodHasBody(state.method) ? 'body' : 'params'));
  const [seedText, setSeedText] = useState('');
  const [codeOpen, setCodeOpen] = useState(false);
  const [fields, setFields] = useAtom(autofillFieldsAtom);
  const setBranches = useSetAtom(autofillBranchesAtom);
  const choices = useAtomValue(autofillChoicesAtom);
  useEffect(() => whenIdle(loadTabEditors, 'body editor'), []);
  // Loading another route opens the tab where its input goes.
  useEffect(() => {
    if (state.routeId) setTab(methodHasBody(state.method) ? 'body' : 'params');
    setSeedText('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the route changes
  }, [state.routeId]);
  const invalid = useFieldErrors(state);
  const queryDocs = rowDocs(route, 'query');
  const queryRows = <KeyValueEditor rows={state.query} onChange={(query) => update({ query })} noun="query parameter" addLabel="Add parameter" rowDoc={queryDocs} />;
  const pathNames = pathParamNames(state.url);
  const seedShown = seedText !== '' ? seedText : state.autofillSeed === null ? '' : String(state.autofillSeed);
  const preview = finalUrl(baseUrl, state.url, state.pathParams, state.query);
  const missing = missingPathParams(splitUrl(state.url).path, state.pathParams);
  const jarSize = withoutExpired(useAtomValue(cookieJarsAtom)[props.jarId] ?? []).length;
  const inheritanceOf = useAtomValue(builderInheritanceAtom);
  const results = useAssertionResults(state.assertions, props.testResponse, route?.responses);
  const enabledGlobal = globalHeaders.filter((header) => !state.disabledGlobalHeaders.includes(header.name)).length;
  const counts: Record<Tab, string> = {
    params: String(activeRows(state.query).length || ''),
    headers: String(activeRows(state.headers).length + enabledGlobal || ''),
    body: state.bodyType === 'none' ? '' : state.bodyType === 'json' ? 'JSON' : state.bodyType,
    auth: '',
    cookies: String(jarSize || ''),
    capture: String(state.captures.length || ''),
    tests: results ? `${results.filter((result) => result.passed).length}/${results.length}` : String(state.assertions.length || ''),
  };
  const tabs: Array<{ id: Tab; label: string }> = [
    { id: 'params', label: 'Params' },
    { id: 'headers', label: 'Headers' },
    { id: 'body', label: 'Body' },
    { id: 'auth', label: 'Auth' },
    { id: 'cookies', label: 'Cookies' },
    { id: 'capture', label: 'Capture' },
    { id: 'tests', label: 'Tests' },
  ];
  const authLabel = authorizationLabel(state.auth.type);
  const seedValue = Number(seedShown);
  const seedValid = seedShown !== '' && Number.isInteger(seedValue) && seedValue >= 0;

  return (
    <div className="kite-builder">
      <div className="kite-builder-head">
        {route && (
          <div className="kite-builder-title">
            <span className="kite-builder-route">{route.summary || route.name || route.uri}</span>
            {route.name && route.summary && <span className="kite-muted kite-mono">{route.name}</span>}
          </div>
        )}
        {route && route.extractionErrors.length > 0 && (
          <div className="kite-builder-warning" role="alert">
            <AlertTriangle size={14} aria-hidden="true" />
            <span>
              The schema of this route could not be read: {route.extractionErrors.map((error) => error.message).join('; ')}.{' '}
              {route.extractionErrors.map((error, i) =>
                error.fix ? (
                  <span key={i}>
                    <CodeSpans text={error.fix} />{' '}
                  </span>
                ) : null,
              )}
              <Link to="/status">Open Status</Link>
            </span>
          </div>
        )}
        <UrlBar state={state} update={update} baseUrl={baseUrl} route={route} onSend={props.onSend} onCancel={props.onCancel} onSendAs={props.onSendAs} notUndone={props.notUndone} />
        <div className="kite-url-preview">
          <span className="kite-url-preview-text kite-mono" aria-label="Final URL" title={preview}>
            {preview || 'Pick a route or type a URL'}
          </span>
          {missing.length > 0 && <span className="kite-url-missing">Missing: {missing.join(', ')}</span>}
          <div className="kite-url-tools">
            <EnvironmentPicker />
            <button type="button" className="kite-button kite-button-sm" data-variant="ghost" onClick={props.onCopyCurl} title="Copy as cURL">
              <Copy size={13} aria-hidden="true" /> <span className="kite-tool-label">Copy as cURL</span>
            </button>
            <button type="button" className="kite-button kite-button-sm" data-variant="ghost" onClick={() => setCodeOpen(true)} title="Code: the request in other languages">
              <Code2 size={13} aria-hidden="true" /> <span className="kite-tool-label">Code</span>
            </button>
            {codeOpen && (
              <Suspense fallback={null}>
                <CodeExportDialog open={codeOpen} onOpenChange={setCodeOpen} describe={props.describeRequest} />
              </Suspense>
            )}
            {props.onReset && (
              <button
                type="button"
                className="kite-button kite-button-sm"
                data-variant="ghost"
                title="Put the route's fresh request back; what was typed for it is dropped"
                onClick={props.onReset}
              >
                <Eraser size={13} aria-hidden="true" /> <span className="kite-tool-label">Reset</span>
              </button>
            )}
          </div>
        </div>
      </div>
      <div className="kite-tabs-bar">
        <div className="kite-tabs" role="tablist" aria-label="Request parts">
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`kite-request-tab-${item.id}`}
              aria-selected={tab === item.id}
              aria-controls={`kite-request-panel-${item.id}`}
              className="kite-tab"
              onClick={() => setTab(item.id)}
            >
              {item.label}
              {counts[item.id] && (
                <span className="kite-tab-count" data-failed={item.id === 'tests' && results?.some((result) => !result.passed) ? '' : undefined}>
                  {counts[item.id]}
                </span>
              )}
            </button>
          ))}
        </div>
        {/* Auto-fill writes the body and the query: elsewhere its tools would act on nothing in view. */}
        {(tab === 'params' || tab === 'body') && (
          <div className="kite-autofill" role="group" aria-label="Auto-fill">
            <button
              type="button"
              className="kite-button kite-button-sm"
              title="Fill the body (and the query of a GET) from the route's schema with a new seed"
              onClick={() => {
                setSeedText('');
                props.onAutofill();
              }}
            >
              <Dices size={13} aria-hidden="true" /> Auto-fill
            </button>
            <select
              className="kite-select kite-autofill-fields"
              aria-label="Fields to fill"
              title="Which optional fields auto-fill fills"
              value={fields}
              onChange={(event) => setFields(event.target.value as FieldsMode)}
            >
              <option value="some">Some fields</option>
              <option value="required">Required only</option>
              <option value="all">All fields</option>
            </select>
            <label className="kite-seed">
              <span className="sr-only">Seed</span>
              <input
                className="kite-input kite-seed-input"
                inputMode="numeric"
                aria-label="Seed"
                value={seedShown}
                placeholder="seed"
                title="The seed of the last auto-fill: the same seed fills the same values"
                onChange={(event) => setSeedText(event.target.value.replace(/[^0-9]/g, ''))}
              />
            </label>
            <button
              type="button"
              className="kite-tool-button"
              aria-label="Fill again with this seed"
              title="Fill again with this seed"
              disabled={!seedValid}
              onClick={() => props.onAutofill(seedValue)}
            >
              <RotateCcw size={13} aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
      {route && choices.routeId === route.id && choices.noValue && (
        <div className="kite-autofill-choices kite-autofill-novalue" role="note">
          <AlertTriangle size={13} aria-hidden="true" />
          <span>This schema accepts no value: {choices.noValue}</span>
        </div>
      )}
      {route && choices.routeId === route.id && choices.choices.length > 0 && (
        <div className="kite-autofill-choices" role="group" aria-label="Auto-fill branches">
          {choices.choices.map((choice) => (
            <label key={choice.path} className="kite-inline-field" title={`The schema at ${choice.path} allows ${choice.keyword === 'oneOf' ? 'one' : 'any'} of ${choice.count} shapes`}>
              <span className="kite-muted kite-mono">{choice.path}</span>
              <select
                className="kite-select"
                aria-label={`Branch at ${choice.path}`}
                value={choice.index}
                onChange={(event) => {
                  const index = Number(event.target.value);
                  setBranches((all) => ({ ...all, [route.id]: { ...all[route.id], [choice.path]: index } }));
                  props.onAutofill(state.autofillSeed ?? undefined);
                }}
              >
                {choice.labels.map((_, index) => (
                  <option key={index} value={index}>
                    {branchLabel({ ...choice, index })}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      <div className="kite-tab-panel" role="tabpanel" id={`kite-request-panel-${tab}`} aria-labelledby={`kite-request-tab-${tab}`}>
        {tab === 'params' && (
          <section>
            {pathNames.length > 0 && (
              <>
                <h3 className="kite-section-title">Path parameters</h3>
                <PathParamRows names={pathNames} values={state.pathParams} update={update} route={route} />
              </>
            )}
            <h3 className="kite-section-title">Query parameters</h3>
            {invalid ? (
              <Suspense fallback={queryRows}>
                <QueryRowsWithProblems rows={state.query} onChange={(query) => update({ query })} invalid={invalid} schema={route?.schema.query} rowDoc={queryDocs} />
              </Suspense>
            ) : (
              queryRows
            )}
          </section>
        )}
        {tab === 'headers' && (
          <section>
            {globalHeaders.length > 0 && (
              <>
                <h3 className="kite-section-title">Global headers from the host</h3>
                <div className="kite-kv" role="group" aria-label="Global headers">
                  {globalHeaders.map((header) => {
                    const enabled = !state.disabledGlobalHeaders.includes(header.name);
                    const generator = header.value.startsWith(GENERATOR_PREFIX) ? header.value.slice(GENERATOR_PREFIX.length) : null;
                    return (
                      <div className="kite-kv-row kite-kv-row-static" key={header.name} data-disabled={!enabled || undefined}>
                        <input
                          type="checkbox"
                          className="kite-kv-toggle"
                          checked={enabled}
                          aria-label={`Enable global header ${header.name}`}
                          onChange={(event) =>
                            update((previous) => ({
                              ...previous,
                              disabledGlobalHeaders: event.target.checked
                                ? previous.disabledGlobalHeaders.filter((name) => name !== header.name)
                                : [...previous.disabledGlobalHeaders, header.name],
                            }))
                          }
                        />
                        <span className="kite-kv-static kite-mono">{header.name}</span>
                        <span className="kite-kv-static kite-mono">
                          {generator ? <span className="kite-generated">generated: {generator}</span> : header.value}
                        </span>
                      </div>
                    );
                  })}
                </div>
              </>
            )}
            <h3 className="kite-section-title">Headers</h3>
            <KeyValueEditor rows={state.headers} onChange={(headers) => update({ headers })} noun="header" addLabel="Add header" rowDoc={rowDocs(route, 'header')} />
          </section>
        )}
        {tab === 'body' && (
          <Suspense fallback={<p className="kite-muted" role="status">Loading the body editor…</p>}>
            <BodyEditor state={state} update={update} schema={route?.schema.body} />
          </Suspense>
        )}
        {tab === 'auth' && (
          <Suspense fallback={null}>
            <AuthEditor auth={state.auth} onChange={(auth) => update({ auth })} documented={props.authNote} declared={props.declaredAuths} inherited={inheritanceOf(state.auth)} />
          </Suspense>
        )}
        {tab === 'cookies' && (
          <Suspense fallback={null}>
            <CookiesPanel application={props.jarId} />
          </Suspense>
        )}
        {tab === 'capture' && (
          <Suspense fallback={null}>
            <CaptureEditor rules={state.captures} onChange={(captures) => update({ captures })} />
          </Suspense>
        )}
        {tab === 'tests' && (
          <Suspense fallback={null}>
            <TestsEditor assertions={state.assertions} onChange={(assertions) => update({ assertions })} results={results} />
          </Suspense>
        )}
      </div>
      <div className="kite-builder-foot kite-muted">
        <span>Auth: {authLabel}</span>
        <span>
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd> to send
        </span>
      </div>
    </div>
  );
});

/** A documented parameter's docs under its row; nothing while their chunk loads. */
function LazyParamDoc(props: ParamDocProps) {
  return (
    <Suspense fallback={null}>
      <ParamDoc {...props} />
    </Suspense>
  );
}

/** The docs under the rows the route documents at `place`; none without a route. */
function rowDocs(route: RouteInfo | undefined, place: ParameterPlace): KeyValueEditorProps['rowDoc'] {
  if (!route) return undefined;
  return (row, setValue) => {
    if (!documentsParameter(route, place, row.name)) return undefined;
    const id = `kite-param-doc-${row.id}`;
    return {
      id,
      node: <LazyParamDoc key="doc" route={route} place={place} name={row.name} id={id} value={row.value} onPick={setValue} />,
    };
  };
}

/**
 * The URL's `{placeholders}` as rows of the Params table, each with its docs: the same values as
 * the fields under the URL, in a table with room for what the route says about them.
 */
function PathParamRows({ names, values, update, route }: { names: string[]; values: Record<string, string>; update: (update: RequestUpdate) => void; route?: RouteInfo }) {
  const setValue = (name: string, value: string) => update((previous) => ({ ...previous, pathParams: { ...previous.pathParams, [name]: value } }));
  return (
    <div className="kite-kv" role="group" aria-label="path parameters">
      {names.map((name) => {
        const doc = documentsParameter(route, 'path', name);
        const id = `kite-param-doc-path-${name}`;
        return (
          <div className="kite-kv-row kite-kv-row-static" key={name}>
            <span aria-hidden="true" />
            <span className="kite-kv-static kite-mono">{name}</span>
            <TextField
              value={values[name] ?? ''}
              onValue={(value) => setValue(name, value)}
              placeholder="Value"
              aria-label={`Value of {${name}}`}
              aria-describedby={doc ? id : undefined}
              data-missing={!values[name] || undefined}
            />
            <span aria-hidden="true" />
            {doc && <LazyParamDoc route={route!} place="path" name={name} id={id} value={values[name] ?? ''} onPick={(value) => setValue(name, value)} />}
          </div>
        );
      })}
    </div>
  );
}
