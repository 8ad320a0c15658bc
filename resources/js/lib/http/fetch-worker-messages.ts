// The messages between the page and the fetch worker (./fetch-worker.ts), one place for both sides.

/**
 * The header the worker adds to an answer it sends on as lines of JSON (`routesInLines`,
 * ./routes-lines.ts): its body is no longer the host's JSON.
 */
export const ROUTES_LINES_HEADER = 'x-kite-routes-lines';

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
      /** A routes answer: an OK JSON answer is parsed in the worker and sent on as lines (ROUTES_LINES_HEADER). */
      routesInLines?: boolean;
    }
  | { type: 'abort'; id: number };

/**
 * Worker → page: that it runs (once, first); for a request, that its fetch was made (`sent`: the
 * request has left this thread, so the page's own requests after it cannot overtake it), the response's head with the body's
 * first piece, then its other pieces (transferred), then its end; or why it failed. A body that has
 * ended by the time its first piece is sent (most answers of a few KB) comes in the head alone:
 * each message is a task on the page, and on a busy machine each task waits for a core.
 */
export type FetchWorkerReply =
  | { type: 'ready' }
  | { type: 'sent'; id: number }
  | { type: 'head'; id: number; status: number; statusText: string; headers: [string, string][]; bytes?: ArrayBuffer; end?: true }
  | { type: 'chunk'; id: number; bytes: ArrayBuffer; end?: true }
  | { type: 'end'; id: number }
  | { type: 'error'; id: number; name: string; message: string };
