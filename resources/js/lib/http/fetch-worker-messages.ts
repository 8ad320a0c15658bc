// The messages between the page and the fetch worker (./fetch-worker.ts), one place for both sides.

/** Page → worker: send this request; or stop the one with this id (cancel, timeout, or its body is no longer read). */
export type FetchWorkerRequest =
  | {
      type: 'fetch';
      id: number;
      url: string;
      method: string;
      headers: [string, string][];
      /** Transferred, never copied. */
      body: ArrayBuffer | null;
      credentials: RequestCredentials;
    }
  | { type: 'abort'; id: number };

/**
 * Worker → page: that it runs (once, first); for a request, the response's head, then its body in
 * pieces (transferred), then its end; or why it failed.
 */
export type FetchWorkerReply =
  | { type: 'ready' }
  | { type: 'head'; id: number; status: number; statusText: string; headers: [string, string][] }
  | { type: 'chunk'; id: number; bytes: ArrayBuffer }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; name: string; message: string };
