// A streamed relay answer while it arrives: the head the host sent at the first byte and the body
// pieces so far, each with its arrival time; the stream view subscribes to it.
import type { RelayStreamHead } from '../../../../protocol/types';

export interface LivePiece {
  bytes: Uint8Array;
  /** Ms since the request started. */
  at: number;
}

export interface LiveStream {
  readonly head: RelayStreamHead;
  readonly pieces: readonly LivePiece[];
  subscribe(listener: () => void): () => void;
  /** Changes with every piece (for useSyncExternalStore). */
  version(): number;
}

export function createLiveStream(head: RelayStreamHead) {
  const pieces: LivePiece[] = [];
  const listeners = new Set<() => void>();
  const stream: LiveStream & { push(piece: LivePiece): void } = {
    head,
    pieces,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => pieces.length,
    push(piece) {
      pieces.push(piece);
      for (const listener of listeners) listener();
    },
  };
  return stream;
}
