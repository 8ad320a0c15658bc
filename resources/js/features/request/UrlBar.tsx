// Method, URL and Send. The URL takes `{param}` placeholders (edited as fields below it); a pasted
// cURL command is imported instead of typed in; the query is the Params table's ticked rows, and
// typing one updates them (url-query.ts).
import { Users } from 'lucide-react';
import { createContext, Fragment, lazy, Suspense, use, useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import type { HttpMethod, RouteInfo, TraceNotUndone } from '../../../../protocol/types';
import { querySchema } from '../routes/routes';
import type { RequestUpdate } from '../tabs/tabs';
import { TextField } from '../../components/TextField';
import { HTTP_METHODS, type RequestState, pathParamNames } from '../../model/request/request-state';
import { TransactionToggle } from './TransactionToggle';
import { looksLikeCurl } from '../../model/request/url';
import { applyUrlText, urlFieldText } from '../../model/request/url-query';
import { loadDataPicker } from '../data/data';

// The search of a model-bound path parameter's rows: the data pickers' chunk, loaded for such routes only.
const BindingPicker = lazy(() => loadDataPicker().then((chunk) => ({ default: chunk.BindingPicker })));

/** Whether the request's call is running (RequestBuilder provides it): read by the Send button alone. */
export const SendingContext = createContext(false);

export interface UrlBarProps {
  state: RequestState;
  update: (update: RequestUpdate) => void;
  baseUrl: string;
  /** The route the request is for: its query parameters stay in the table when the URL drops them. */
  route?: RouteInfo;
  /** Sends; the builder ignores it while the call runs. */
  onSend: () => void;
  onCancel: () => void;
  /** Opens "Send as…" (the request sent as several identities). */
  onSendAs?: () => void;
  /** What transaction mode did not undo in the last answer, shown beside the Transaction box. */
  notUndone?: TraceNotUndone;
}

export function UrlBar({ state, update, baseUrl, route, onSend, onCancel, onSendAs, notUndone }: UrlBarProps) {
  const params = pathParamNames(state.url);
  const routeNames = useMemo(() => new Set(Object.keys((route && querySchema(route)?.properties) ?? {})), [route]);
  // While the field has focus it shows what was typed (a lone `?` or `&` included); otherwise the
  // path and the ticked rows.
  const [typed, setTyped] = useState<string | null>(null);
  const onPaste = (event: React.ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!looksLikeCurl(text)) return;
    event.preventDefault();
    // The cURL reader is its own chunk: most sessions never paste a command.
    void import('../../model/request/curl')
      .then(({ filesToChooseAgain, fromCurl }) => {
        const imported = fromCurl(text, baseUrl);
        update((previous) => ({ ...previous, ...imported }));
        setTyped(null);
        const files = filesToChooseAgain(imported);
        if (files.length > 0) {
          toast.warning('Imported the cURL command: choose the files again', {
            description: `A cURL command names a file but does not carry it: choose ${files.join(', ')} in the Body tab before sending.`,
          });
        } else toast.success('Imported the cURL command');
      })
      .catch((error: unknown) => {
        toast.error('This cURL command could not be imported', { description: error instanceof Error ? error.message : String(error) });
      });
  };
  return (
    <div className="kite-urlbar-wrap">
      <form
        className="kite-urlbar"
        onSubmit={(event) => {
          event.preventDefault();
          onSend();
        }}
      >
        <select
          className="kite-select kite-method-select kite-method"
          data-method={state.method}
          aria-label="Method"
          value={state.method}
          onChange={(event) => update({ method: event.target.value as HttpMethod })}
        >
          {HTTP_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
        <TextField
          wrapperClassName="kite-url-field"
          className="kite-url-input"
          aria-label="URL"
          placeholder="/path/{param} or paste cURL"
          value={typed ?? urlFieldText(state.url, state.query)}
          onValue={(text) => {
            setTyped(text);
            update((previous) => ({ ...previous, ...applyUrlText(text, previous.query, baseUrl, routeNames) }));
          }}
          onPaste={onPaste}
          onBlur={() => setTyped(null)}
        />
        <SendOrCancel onCancel={onCancel} />
        {onSendAs ? (
          // An icon beside Send: the URL field keeps its room (and its placeholder) at 800 px.
          <button type="button" className="kite-button kite-send-as" aria-label="Send as…" title="Send as… several identities, and compare the answers" onClick={onSendAs}>
            <Users size={15} aria-hidden="true" />
          </button>
        ) : null}
      </form>
      <TransactionToggle transaction={state.transaction} holdOutgoingHttp={state.holdOutgoingHttp} onChange={update} notUndone={notUndone} />
      {params.length > 0 && (
        <div className="kite-path-params" role="group" aria-label="Path parameters">
          {params.map((name) => {
            const setParam = (value: string) => update((previous) => ({ ...previous, pathParams: { ...previous.pathParams, [name]: value } }));
            const binding = route?.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.binding;
            return (
              <Fragment key={name}>
                <label className="kite-path-param">
                  <span className="kite-mono">{`{${name}}`}</span>
                  <TextField
                    value={state.pathParams[name] ?? ''}
                    onValue={setParam}
                    aria-label={`Path parameter ${name}`}
                    placeholder={name}
                    data-missing={!state.pathParams[name] || undefined}
                  />
                </label>
                {binding && (
                  <Suspense fallback={null}>
                    <BindingPicker parameter={name} binding={binding} onPick={setParam} />
                  </Suspense>
                )}
              </Fragment>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** Send, or Cancel while the call runs: the one part of the builder a Send and its answer change. */
function SendOrCancel({ onCancel }: { onCancel: () => void }) {
  // Distinct keys: reusing one element would let a Cancel click that settles the request turn into
  // a Send submit before the click's default action runs.
  return use(SendingContext) ? (
    <button key="cancel" type="button" className="kite-button kite-send" data-variant="danger" onClick={onCancel}>
      Cancel
    </button>
  ) : (
    <button key="send" type="submit" className="kite-button kite-send" data-variant="primary" title="Send (Ctrl+Enter)">
      Send
    </button>
  );
}
