import type { BeforeRequestHook } from 'ky';

// A host call's text body (ky's `json` option, stringified), kept beside the Request ky built from
// it, so that the fetch worker's transport posts the text as it is instead of reading the
// Request's body back: reading a body takes a task at least, and on a first Send the page's thread
// then renders the pending state before the call leaves (issue 31).
const texts = new WeakMap<Request, string>();

/** Keeps the call's body text (runs last: a hook that returned a new Request would end the hooks before it). */
export const keepRequestText: BeforeRequestHook = (request, options) => {
  if (typeof options.body === 'string') texts.set(request, options.body);
};

/** The text body `keepRequestText` kept for this Request, if any. */
export function requestText(request: Request): string | undefined {
  return texts.get(request);
}
