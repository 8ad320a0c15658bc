// The Filter above a JSON body: the expression as typed (remembered per request), and the body
// it selects. The filter runs where the body lives (the worker for large ones), debounced while
// typing; an empty expression shows the whole body at once (its source was never replaced).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BodySource } from './body-source';
import { writeWhenRested } from '../../lib/storage';
import { FILTER_MEMORY_KEY, rememberFilter, rememberedFilter } from './filter-memory';

/** Typing pauses this long before a filter runs. */
export const FILTER_DEBOUNCE_MS = 250;

export interface BodyFilter {
  expression: string;
  setExpression: (expression: string) => void;
  /** The matches as a body of their own while a valid filter is on. */
  filtered: { source: BodySource; count: number; text: string } | null;
  error: string | null;
  running: boolean;
}

export function useBodyFilter(source: BodySource | null, url: string, enabled: boolean): BodyFilter {
  const [expression, setExpressionState] = useState(() => rememberedFilter(url));
  // A body handed another request's answer (the viewer's rehearsal, then the first answer) takes
  // up that request's remembered filter.
  const [filterFor, setFilterFor] = useState(url);
  if (filterFor !== url) {
    setFilterFor(url);
    setExpressionState(rememberedFilter(url));
  }
  const [filtered, setFiltered] = useState<BodyFilter['filtered']>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  const setExpression = (next: string) => {
    setExpressionState(next);
    // Clearing is forgotten at once; an expression is remembered once typing settles.
    writeWhenRested(FILTER_MEMORY_KEY, next.trim() === '' ? 0 : FILTER_DEBOUNCE_MS, () => rememberFilter(url, next));
  };

  // The result on screen stays until the next one replaces it (no flash of the whole body while
  // typing); a replaced or abandoned result is closed, in the worker too.
  const shown = useRef<BodySource | null>(null);
  const show = useCallback((next: BodyFilter['filtered']) => {
    if (shown.current && shown.current !== next?.source) shown.current.dispose();
    shown.current = next?.source ?? null;
    setFiltered(next);
  }, []);
  useEffect(() => () => show(null), [source, show]);

  useEffect(() => {
    setError(null);
    if (!source || !enabled || expression.trim() === '') {
      show(null);
      setRunning(false);
      return;
    }
    let current = true;
    setRunning(true);
    const timer = window.setTimeout(() => {
      source.filter(expression).then(
        (outcome) => {
          if (!current) {
            if (outcome.ok) outcome.source.dispose();
            return;
          }
          setRunning(false);
          if (outcome.ok) {
            show({ source: outcome.source, count: outcome.count, text: outcome.text });
          } else {
            // An expression that cannot run shows the whole body beside what is wrong with it.
            show(null);
            setError(outcome.error);
          }
        },
        (failure: unknown) => {
          if (!current) return;
          setRunning(false);
          setError(failure instanceof Error ? failure.message : String(failure));
        },
      );
    }, FILTER_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [source, expression, enabled, show]);

  return { expression, setExpression, filtered, error, running };
}
