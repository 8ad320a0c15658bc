import type { BeforeRequestHook } from 'ky';

/** Marks every host call as an XHR, so hosts (Laravel among them) answer errors as JSON, not HTML. */
export const markAsXhr: BeforeRequestHook = (request) => {
  request.headers.set('X-Requested-With', 'XMLHttpRequest');
};
