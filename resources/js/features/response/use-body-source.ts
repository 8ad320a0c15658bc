// Opens a body for viewing while the component shows it, and closes it afterwards.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { BodyStatus } from './body-document';
import { openBodySource, type BodySource } from './body-source';

export interface SourceState {
  source: BodySource | null;
  status: BodyStatus | null;
  failure: string | null;
  /** Grows with each new status: lines fetched before may be out of date (folds, more indexed). */
  revision: number;
}

export function useBodySource(bytes: ArrayBuffer | null, json: boolean, charset?: string): SourceState {
  const source = useMemo(() => (bytes ? openBodySource(bytes, { json, charset }) : null), [bytes, json, charset]);
  useEffect(() => () => source?.dispose(), [source]);
  return useSourceState(source);
}

/** The live status of a source the caller owns. */
export function useSourceState(source: BodySource | null): SourceState {
  const subscribe = useMemo(() => (listener: () => void) => source?.subscribe(listener) ?? (() => {}), [source]);
  const status = useSyncExternalStore(subscribe, () => source?.status ?? null, () => null);
  const failure = useSyncExternalStore(subscribe, () => source?.failure ?? null, () => null);
  const revision = useRef({ status: null as BodyStatus | null, count: 0 });
  if (revision.current.status !== status) revision.current = { status, count: revision.current.count + 1 };
  return { source, status, failure, revision: revision.current.count };
}
