// Opens a body for viewing while the component shows it, and closes it afterwards.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { BodyStatus } from './body-document';
import { openBodySource, type BodySource } from './body-source';

export function useBodySource(bytes: ArrayBuffer | null, json: boolean, charset?: string): { source: BodySource | null; status: BodyStatus | null; failure: string | null; revision: number } {
  const source = useMemo(() => (bytes ? openBodySource(bytes, { json, charset }) : null), [bytes, json, charset]);
  useEffect(() => () => source?.dispose(), [source]);
  const subscribe = useMemo(() => (listener: () => void) => source?.subscribe(listener) ?? (() => {}), [source]);
  const status = useSyncExternalStore(subscribe, () => source?.status ?? null, () => null);
  const failure = useSyncExternalStore(subscribe, () => source?.failure ?? null, () => null);
  // Each new status object means fetched lines may be out of date (folds, more lines indexed).
  const revision = useRef({ status: null as BodyStatus | null, count: 0 });
  if (revision.current.status !== status) revision.current = { status, count: revision.current.count + 1 };
  return { source, status, failure, revision: revision.current.count };
}
