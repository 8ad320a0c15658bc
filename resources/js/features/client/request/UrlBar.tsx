// Method, URL and Send. The URL takes `{param}` placeholders (edited as fields below it); a pasted
// cURL command is imported instead of typed in; a query string moves into the query rows.
import { toast } from '../../../lib/toast';
import type { HttpMethod } from '../../../../../protocol/types';
import type { RequestUpdate } from '../state/request-atoms';
import { TextField } from '../ui/TextField';
import { fromCurl, looksLikeCurl } from './curl';
import { HTTP_METHODS, type RequestState, emptyRow, pathParamNames } from './request-state';
import { relativeToBase, splitUrl } from './url';

export interface UrlBarProps {
  state: RequestState;
  update: (update: RequestUpdate) => void;
  baseUrl: string;
  pending: boolean;
  onSend: () => void;
  onCancel: () => void;
}

/** Moves `?a=1` from the URL into query rows and makes an absolute URL under the base relative. */
export function normalizeTypedUrl(state: RequestState, baseUrl: string): Partial<RequestState> | null {
  const relative = relativeToBase(state.url.trim(), baseUrl);
  const { path, query } = splitUrl(relative);
  if (query.length === 0 && relative === state.url) return null;
  return { url: path, query: [...state.query, ...query.map((item) => emptyRow(item.name, item.value))] };
}

export function UrlBar({ state, update, baseUrl, pending, onSend, onCancel }: UrlBarProps) {
  const params = pathParamNames(state.url);
  const onPaste = (event: React.ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!looksLikeCurl(text)) return;
    event.preventDefault();
    try {
      const imported = fromCurl(text, baseUrl);
      update((previous) => ({ ...previous, ...imported }));
      toast.success('Imported the cURL command');
    } catch (error) {
      toast.error('This cURL command could not be imported', { description: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="kite-urlbar-wrap">
      <form
        className="kite-urlbar"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSend();
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
          value={state.url}
          onValue={(url) => update({ url })}
          onPaste={onPaste}
          onBlur={() => {
            const patch = normalizeTypedUrl(state, baseUrl);
            if (patch) update(patch);
          }}
        />
        {/* Distinct keys: reusing one element would let a Cancel click that settles the request
            turn into a Send submit before the click's default action runs. */}
        {pending ? (
          <button key="cancel" type="button" className="kite-button kite-send" data-variant="danger" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button key="send" type="submit" className="kite-button kite-send" data-variant="primary" title="Send (Ctrl+Enter)">
            Send
          </button>
        )}
      </form>
      {params.length > 0 && (
        <div className="kite-path-params" role="group" aria-label="Path parameters">
          {params.map((name) => (
            <label key={name} className="kite-path-param">
              <span className="kite-mono">{`{${name}}`}</span>
              <TextField
                value={state.pathParams[name] ?? ''}
                onValue={(value) => update((previous) => ({ ...previous, pathParams: { ...previous.pathParams, [name]: value } }))}
                aria-label={`Path parameter ${name}`}
                placeholder={name}
                data-missing={!state.pathParams[name] || undefined}
              />
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
