// The cookie jars as one jotai atom, saved on every write.
import { atom } from 'jotai';
import { storedAtom } from '../../lib/storage';
import type { CookieJar } from '../../model/request/cookie-jar';
import { cookieJarsStoredKey } from './cookie-storage';

const jarsAtom = storedAtom(cookieJarsStoredKey);

export const cookieJarsAtom = atom(
  (get) => get(jarsAtom),
  (get, set, application: string, change: (jar: CookieJar) => CookieJar) => {
    const jars = get(jarsAtom);
    const next = { ...jars, [application]: change(jars[application] ?? []) };
    set(jarsAtom, next);
  },
);
