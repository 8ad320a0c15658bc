// The Body section: Pretty (JSON, folded and highlighted), Raw, Preview (HTML in a sandboxed frame,
// images, a download offer for binary), search within the body, Copy and Download.
import { matchesShortcut } from '../../lib/keyboard-shortcuts';
import { ArrowDown, ArrowUp, Check, Copy, Download, FoldVertical, UnfoldVertical, WrapText } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RelayResult } from '../../lib/http/relay-result';
import { COPIED_INDICATOR_MS, copyText } from '../../lib/clipboard';
import { copyBody, downloadBody } from './body-actions';
import type { BodyView } from './body-document';
import { MAX_MATCHES, decodeBody } from './body-document';
import { CodeView, type ValueAction } from './CodeView';
import { bodyKind, charsetOf, downloadFileName, headerValue, isInertImageType, mediaType, type BodyKind } from '../../model/response/content-type';
import { blobToDataUrl } from '../../lib/data-url';
import { formatSize } from '../../lib/format';
import { holdIdleWork } from '../../lib/idle';
import { useBodySource, useSourceState } from './use-body-source';
import { useBodyFilter, type BodyFilter } from './use-body-filter';
import type { BodySource } from './body-source';
import type { LineValue } from '../../model/response/line-value';
import { toast } from '../../lib/toast';
import { useStore } from 'jotai';
import { loadSetVariableDialog } from '../workspace/workspace';
import { loadAddFromLine } from '../tests/tests';

// "Set as variable…" on a value: the dialog (and the workspace code it writes with) loads on first use.
const SetVariableDialog = lazy(() => loadSetVariableDialog());

type BodyTab = 'pretty' | 'raw' | 'preview';

/** HTML above this is not previewed: decoding and laying it out would stall the page. */
const MAX_PREVIEW_BYTES = 5 * 1024 * 1024;

const TAB_LABELS: Record<BodyTab, string> = { pretty: 'Pretty', raw: 'Raw', preview: 'Preview' };

function tabsFor(kind: BodyKind, jsonUsable: boolean): BodyTab[] {
  switch (kind) {
    case 'json':
      return jsonUsable ? ['pretty', 'raw'] : ['raw'];
    case 'html':
      return ['preview', 'raw'];
    case 'text':
      return ['raw'];
    case 'image':
    case 'binary':
      return ['preview'];
    case 'empty':
      return [];
  }
}

export function ResponseBody({ result }: { result: RelayResult }) {
  const contentType = headerValue(result.meta.headers, 'content-type');
  const charset = charsetOf(contentType);
  const kind = useMemo(() => {
    const head = new Uint8Array(result.body, 0, Math.min(1024, result.body.byteLength));
    return bodyKind(contentType, head, result.body.byteLength);
  }, [result.body, contentType]);
  const textual = kind === 'json' || kind === 'html' || kind === 'text';
  const body = useBodySource(textual ? result.body : null, kind === 'json', charset);
  const jsonUsable = kind === 'json' && body.status?.jsonError == null;
  // Prefetches wait while a large body is formatted: the answer on screen comes first.
  const formatting = body.status?.indexing === true;
  useEffect(() => (formatting ? holdIdleWork() : undefined), [formatting]);
  const tabs = tabsFor(kind, jsonUsable);
  const [chosen, setChosen] = useState<BodyTab | null>(null);
  const [wrapRaw, setWrapRaw] = useState(false);
  const tab: BodyTab | null = chosen && tabs.includes(chosen) ? chosen : (tabs[0] ?? null);
  const view: BodyView = tab === 'pretty' ? 'pretty' : 'raw';
  // While a filter is on, its matches are the body shown, searched, folded and copied.
  const filter = useBodyFilter(body.source, result.meta.url, jsonUsable && body.status !== null && !body.status.indexing);
  const filtered = useSourceState(filter.filtered?.source ?? null);
  const { source, status, failure, revision } = filter.filtered ? filtered : body;
  const lineCount = status ? (view === 'pretty' ? status.prettyLines : status.rawLines) : 0;
  const searchable = textual && tab !== 'preview';

  const search = useBodySearch(source, view, searchable);
  const onFold = useCallback((line: number) => void source?.fold({ line }), [source]);
  const [picked, setPicked] = useState<LineValue | null>(null);
  const onValueAction = useValueAction(source, setPicked);

  return (
    <div className="kite-body" onKeyDown={search.onShortcut}>
      <div className="kite-body-toolbar">
        {tabs.length > 0 ? (
          <div role="tablist" aria-label="Body view" className="kite-body-tabs">
            {tabs.map((id) => (
              <button key={id} type="button" role="tab" aria-selected={tab === id} className="kite-body-tab" onClick={() => setChosen(id)}>
                {TAB_LABELS[id]}
              </button>
            ))}
          </div>
        ) : null}
        <span className="kite-body-spacer" />
        {searchable ? <SearchBox search={search} /> : null}
        {tab === 'pretty' ? (
          <>
            <button type="button" className="kite-icon-button" aria-label="Collapse all" title="Collapse all" onClick={() => void source?.fold('collapse-all')}>
              <FoldVertical size={15} />
            </button>
            <button type="button" className="kite-icon-button" aria-label="Expand all" title="Expand all" onClick={() => void source?.fold('expand-all')}>
              <UnfoldVertical size={15} />
            </button>
          </>
        ) : null}
        {tab === 'raw' ? (
          <button
            type="button"
            className="kite-icon-button"
            aria-label="Wrap lines"
            aria-pressed={wrapRaw}
            title={wrapRaw ? 'Do not wrap long lines' : 'Wrap long lines'}
            onClick={() => setWrapRaw((wrap) => !wrap)}
          >
            <WrapText size={15} />
          </button>
        ) : null}
        {kind !== 'empty' ? <BodyActions result={result} contentType={contentType} charset={charset} canCopy={textual} filteredText={filter.filtered?.text} /> : null}
      </div>
      {jsonUsable ? <FilterField filter={filter} /> : null}
      {kind === 'json' && status?.jsonError ? (
        <div className="kite-body-notice" role="note">
          Not valid JSON: {status.jsonError}
          {result.meta.truncated ? ' (the body was truncated)' : ''}. Showing the raw body.
        </div>
      ) : null}
      {status?.indexing ? (
        <div className="kite-body-indexing" role="progressbar" aria-label="Formatting body" aria-valuenow={Math.round(status.progress * 100)}>
          <span style={{ width: `${Math.round(status.progress * 100)}%` }} />
        </div>
      ) : null}
      <div className="kite-body-main">
        {kind === 'empty' ? <p className="kite-response-empty">The response has no body.</p> : null}
        {failure ? <p className="kite-response-empty" role="alert">The body could not be read: {failure}</p> : null}
        {textual && tab !== 'preview' && source && status ? (
          <CodeView
            source={source}
            view={view}
            lineCount={lineCount}
            version={`${revision}:${search.revision}`}
            currentMatch={search.current}
            reveal={search.reveal}
            onFold={onFold}
            label={filter.filtered ? 'Filtered body' : view === 'pretty' ? 'Pretty body' : 'Raw body'}
            wrap={tab === 'raw' && wrapRaw}
            indexed={!status.indexing}
            onValueAction={onValueAction}
          />
        ) : null}
        {textual && tab !== 'preview' && source && !status && !failure ? <div className="kite-body-loading">Formatting {formatSize(result.body.byteLength)}…</div> : null}
        {tab === 'preview' && kind === 'html' ? <HtmlPreview bytes={result.body} charset={charset} /> : null}
        {tab === 'preview' && kind === 'image' ? <ImagePreview bytes={result.body} contentType={mediaType(contentType)} /> : null}
        {tab === 'preview' && kind === 'binary' ? <BinaryOffer result={result} contentType={contentType} /> : null}
      </div>
      {picked ? (
        <Suspense fallback={null}>
          <SetVariableDialog picked={picked} onClose={() => setPicked(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * A value line's actions: its value and path are asked of the source (the worker for a large body)
 * only now, then the dialog opens or the path is copied.
 */
function useValueAction(source: BodySource | null, open: (value: LineValue) => void) {
  const store = useStore();
  return useCallback(
    (line: number, action: ValueAction) => {
      if (!source) return;
      source
        .valueAt(line)
        .then(async (value) => {
          if (!value) {
            toast.warning('This value’s place in the body could not be worked out', { description: 'Clear the filter and pick it in the whole body.' });
            return;
          }
          if (action === 'set-variable') return open(value);
          if (action === 'add-assertion') return (await loadAddFromLine()).addAssertionFromLine(store, value);
          const { formatJsonPath } = await import('../../model/workspace/capture');
          const path = formatJsonPath(value.steps);
          if (await copyText(path)) toast.success(`Copied ${path}`);
          else toast.error('The browser refused to copy to the clipboard');
        })
        .catch((error: unknown) => toast.error('The value could not be read', { description: error instanceof Error ? error.message : String(error) }));
    },
    [source, open, store],
  );
}

interface SearchState {
  query: string;
  setQuery: (query: string) => void;
  count: number;
  capped: boolean;
  current: number;
  step: (delta: 1 | -1) => void;
  reveal: { line: number } | null;
  revision: number;
  input: React.RefObject<HTMLInputElement | null>;
  onShortcut: (event: React.KeyboardEvent) => void;
}

/** Search runs where the body lives (the worker for large ones), debounced while typing. */
function useBodySearch(source: ReturnType<typeof useBodySource>['source'], view: BodyView, enabled: boolean): SearchState {
  const [query, setQuery] = useState('');
  const [summary, setSummary] = useState({ count: 0, capped: false, revision: 0 });
  const [current, setCurrent] = useState(-1);
  const [reveal, setReveal] = useState<{ line: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const searched = useRef(false);
  useEffect(() => {
    if (!source || !enabled) return;
    // Nothing to clear before the first search (and a search waits for the whole index).
    if (query === '' && !searched.current) return;
    searched.current = true;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      source
        .search(query, false)
        .then((found) => {
          if (cancelled) return;
          setSummary((previous) => ({ ...found, revision: previous.revision + 1 }));
          setCurrent(found.count > 0 ? 0 : -1);
        })
        .catch(() => {});
    }, 150);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [source, query, enabled]);

  // Whenever the current match or the view changes, bring the match into view.
  useEffect(() => {
    if (!source || current < 0) return;
    let cancelled = false;
    source
      .locate(view, current)
      .then((line) => {
        if (!cancelled && line >= 0) setReveal({ line });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [source, view, current, summary.revision]);

  const step = useCallback(
    (delta: 1 | -1) => {
      if (summary.count === 0) return;
      setCurrent((index) => (index + delta + summary.count) % summary.count);
    },
    [summary.count],
  );

  const onShortcut = useCallback((event: React.KeyboardEvent) => {
    if (matchesShortcut('search-response', event) && input.current) {
      event.preventDefault();
      input.current.focus();
      input.current.select();
    }
  }, []);

  return { query, setQuery, count: summary.count, capped: summary.capped, current, step, reveal, revision: summary.revision, input, onShortcut };
}

function SearchBox({ search }: { search: SearchState }) {
  const countText =
    search.query === '' ? '' : search.count === 0 ? 'No matches' : `${search.current + 1} of ${search.count.toLocaleString('en-US')}${search.capped ? '+' : ''}`;
  return (
    <div className="kite-body-search">
      <input
        ref={search.input}
        type="search"
        className="kite-input"
        placeholder="Search body"
        aria-label="Search body"
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            search.step(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') search.setQuery('');
        }}
      />
      <span className="kite-body-search-count" data-empty={countText === '' ? '' : undefined} aria-live="polite" title={search.capped ? `Counting stops at ${MAX_MATCHES.toLocaleString('en-US')}` : undefined}>
        {countText}
      </span>
      <button type="button" className="kite-icon-button" aria-label="Previous match" disabled={search.count === 0} onClick={() => search.step(-1)}>
        <ArrowUp size={14} />
      </button>
      <button type="button" className="kite-icon-button" aria-label="Next match" disabled={search.count === 0} onClick={() => search.step(1)}>
        <ArrowDown size={14} />
      </button>
    </div>
  );
}

/** The JSONPath filter above a JSON body; what is wrong with an expression shows where it is typed. */
function FilterField({ filter }: { filter: BodyFilter }) {
  const errorId = 'kite-body-filter-error';
  return (
    <div className="kite-body-filter">
      <input
        type="text"
        className="kite-input kite-mono"
        aria-label="Filter"
        placeholder="Filter with JSONPath, e.g. $.data[*].email"
        spellCheck={false}
        value={filter.expression}
        aria-invalid={filter.error ? true : undefined}
        aria-describedby={filter.error ? errorId : undefined}
        onChange={(event) => filter.setExpression(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') filter.setExpression('');
        }}
      />
      <span className="kite-body-filter-status" aria-live="polite">
        {filter.running ? 'Filtering…' : filter.filtered ? `${filter.filtered.count.toLocaleString('en-US')} ${filter.filtered.count === 1 ? 'match' : 'matches'}` : ''}
      </span>
      {filter.error ? (
        <p id={errorId} className="kite-body-filter-error" role="alert">
          {filter.error}
        </p>
      ) : null}
    </div>
  );
}

function BodyActions({ result, contentType, charset, canCopy, filteredText }: { result: RelayResult; contentType?: string; charset?: string; canCopy: boolean; filteredText?: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = window.setTimeout(() => setCopied('idle'), COPIED_INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const fileName = downloadFileName(result.meta.url, contentType, headerValue(result.meta.headers, 'content-disposition'));
  return (
    <>
      {canCopy ? (
        <button
          type="button"
          className="kite-button kite-body-action"
          data-variant="ghost"
          title={filteredText === undefined ? 'Copy the body as received' : "Copy the filter's matches"}
          onClick={() =>
            (filteredText === undefined ? copyBody(result.body, charset) : copyText(filteredText).then((done) => (done ? undefined : Promise.reject(new Error('refused'))))).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            )
          }
        >
          {copied === 'copied' ? <Check size={14} /> : <Copy size={14} />}
          <span aria-live="polite">{copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}</span>
        </button>
      ) : null}
      <button
        type="button"
        className="kite-icon-button"
        aria-label="Download"
        title={`Download as ${fileName}`}
        onClick={() => downloadBody(result.body, fileName)}
      >
        <Download size={15} />
      </button>
    </>
  );
}

/** HTML runs with every sandbox restriction: no scripts, no forms, no same-origin access. */
function HtmlPreview({ bytes, charset }: { bytes: ArrayBuffer; charset?: string }) {
  const tooLarge = bytes.byteLength > MAX_PREVIEW_BYTES;
  const html = useMemo(() => (tooLarge ? '' : decodeBody(bytes, charset)), [bytes, charset, tooLarge]);
  if (tooLarge) {
    return <p className="kite-response-empty">This page is {formatSize(bytes.byteLength)}, too large to preview here; the Raw tab shows it.</p>;
  }
  return <iframe className="kite-body-frame" title="HTML preview" sandbox="" srcDoc={html} />;
}

/**
 * Images show as <img>, which never runs script. Its address is what the browser's "Open image in
 * new tab" opens: a `blob:` URL (Kite's origin) only for types that can only be drawn; SVG and
 * unknown types get a `data:` URL, whose document has an opaque origin, so a script in them can
 * never reach Kite's storage or cookies.
 */
function ImagePreview({ bytes, contentType }: { bytes: ArrayBuffer; contentType: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const blob = new Blob([bytes], { type: contentType });
    setSize(null);
    if (isInertImageType(contentType)) {
      const created = URL.createObjectURL(blob);
      setUrl(created);
      return () => URL.revokeObjectURL(created);
    }
    let current = true;
    setUrl(null);
    blobToDataUrl(blob).then(
      (dataUrl) => current && setUrl(dataUrl),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [bytes, contentType]);
  return (
    <div className="kite-body-image">
      {url ? <img src={url} alt="Response image" onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })} /> : null}
      <p className="kite-muted">
        {contentType}
        {size ? ` · ${size.width} × ${size.height} px` : ''} · {formatSize(bytes.byteLength)}
      </p>
    </div>
  );
}

function BinaryOffer({ result, contentType }: { result: RelayResult; contentType?: string }) {
  const fileName = downloadFileName(result.meta.url, contentType, headerValue(result.meta.headers, 'content-disposition'));
  return (
    <div className="kite-body-binary">
      <p>
        Binary body · {formatSize(result.body.byteLength)} · {mediaType(contentType) || 'no Content-Type'}
      </p>
      <button type="button" className="kite-button" data-variant="primary" onClick={() => downloadBody(result.body, fileName)}>
        <Download size={14} /> Download {fileName}
      </button>
    </div>
  );
}
