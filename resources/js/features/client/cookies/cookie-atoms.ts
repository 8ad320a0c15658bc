// The cookie jars as one jotai atom, saved on every write.
import { atom } from 'jotai';
import { browserStorage } from '../state/request-atoms';
import type { CookieJar } from './cookie-jar';
import { type CookieJars, loadCookieJars, saveCookieJars } from './cookie-storage';

const jarsAtom = atom<CookieJars>(loadCookieJars(browserStorage()));

export const cookieJarsAtom = atom(
  (get) => get(jarsAtom),
  (get, set, application: string, change: (jar: CookieJar) => CookieJar) => {
    const jars = get(jarsAtom);
    const next = { ...jars, [application]: change(jars[application] ?? []) };
    set(jarsAtom, next);
    saveCookieJars(browserStorage(), next);
  },
);
