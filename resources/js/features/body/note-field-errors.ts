// Loaded with the first 422: the answer's messages become the request's field errors.
import type { useStore } from 'jotai';
import { validationErrorsOf } from './field-errors';
import type { RequestState } from '../../model/request/request-state';
import { fieldErrorsAtom, requestKey } from '../tabs/tabs';

export function noteFieldErrors(store: ReturnType<typeof useStore>, sent: RequestState, body: ArrayBuffer): void {
  const errors = validationErrorsOf(new TextDecoder().decode(body));
  if (errors) store.set(fieldErrorsAtom, { key: requestKey(sent), errors, sent });
}
