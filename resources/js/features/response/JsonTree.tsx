// A JSON value drawn by the body's own code view (pretty, foldable), sized to its lines up to a
// limit: the Trace tab shows each dump with it.
import { useCallback, useMemo } from 'react';
import { CodeView, LINE_HEIGHT } from './CodeView';
import { useBodySource } from './use-body-source';

const MAX_LINES = 18;

export function JsonTree({ value, label }: { value: unknown; label: string }) {
  const bytes = useMemo(() => new TextEncoder().encode(JSON.stringify(value) ?? 'null').buffer as ArrayBuffer, [value]);
  const { source, status, revision } = useBodySource(bytes, true);
  const onFold = useCallback((line: number) => void source?.fold({ line }), [source]);
  if (!source || !status) return null;
  const lines = status.prettyLines;
  return (
    <div className="kite-json-tree" style={{ height: Math.min(lines, MAX_LINES) * LINE_HEIGHT + 2 }}>
      <CodeView source={source} view="pretty" lineCount={lines} version={String(revision)} currentMatch={-1} reveal={null} onFold={onFold} label={label} />
    </div>
  );
}
