import type { BeforeRequestHook } from 'ky';
import { REQUESTED_WITH_HEADER } from '../../../../../protocol/endpoints.js';

/** Marks every host call as an XHR, so hosts (Laravel among them) answer errors as JSON, not HTML. */
export const markAsXhr: BeforeRequestHook = (request) => {
  request.headers.set(REQUESTED_WITH_HEADER, 'XMLHttpRequest');
};
