// Compare with… compares two bodies in the response viewer's body worker (decoding and diffing a
// large body off the page's thread). The viewer opens Compare with…, so the diff feature does not
// import the viewer: the screen that composes both hands the worker's client over through this
// context (app/client-screen/ClientScreen.tsx provides features/response's loadBodySource).
import { createContext } from 'react';
import type { DiffSettings, ResponseDiff } from '../../model/diff/response-diff';

/** A side as Compare with… hands it over: status, headers, the body's bytes and their charset. */
export interface BodyToCompare {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  charset?: string;
}

export type LoadBodyDiffer = () => Promise<{ diffBodies: (left: BodyToCompare, right: BodyToCompare, settings: DiffSettings) => Promise<ResponseDiff> }>;

const notProvided: LoadBodyDiffer = () => Promise.reject(new Error('no body worker was handed to Compare with… (BodyDifferContext)'));

export const BodyDifferContext = createContext<LoadBodyDiffer>(notProvided);
