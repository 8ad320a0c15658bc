// The cookie jars, one per application, under one localStorage key. Read back cookie by cookie:
// a corrupt entry yields empty jars (or drops the one bad cookie), never a crash, and its text is
// set aside (lib/storage.ts).
import { readStored, writeStored, type StorageLike, type StoredKey } from '../../lib/storage';
import type { CookieJar, JarCookie } from '../../model/request/cookie-jar';

export const COOKIE_JARS_STORAGE_KEY = 'kite:cookies';

/** Jars by application id. */
export type CookieJars = Record<string, CookieJar>;

function readCookie(value: unknown): JarCookie | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  if (typeof item.name !== 'string' || item.name === '' || typeof item.value !== 'string' || typeof item.domain !== 'string') return null;
  return {
    name: item.name,
    value: item.value,
    domain: item.domain,
    hostOnly: item.hostOnly !== false,
    path: typeof item.path === 'string' && item.path.startsWith('/') ? item.path : '/',
    expires: typeof item.expires === 'number' && Number.isFinite(item.expires) ? item.expires : null,
    secure: item.secure === true,
    httpOnly: item.httpOnly === true,
    ...(typeof item.sameSite === 'string' ? { sameSite: item.sameSite } : {}),
    created: typeof item.created === 'number' ? item.created : 0,
  };
}

/** The jars' localStorage key, read back cookie by cookie (lib/storage.ts sets aside what does not read). */
export const cookieJarsStoredKey: StoredKey<CookieJars> = {
  key: COOKIE_JARS_STORAGE_KEY,
  label: 'the cookie jars',
  fallback: () => ({}),
  read: (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('it is not an object');
    const jars: CookieJars = {};
    for (const [application, jar] of Object.entries(value)) {
      if (Array.isArray(jar)) jars[application] = jar.map(readCookie).filter((cookie): cookie is JarCookie => cookie !== null);
    }
    return jars;
  },
};

export function loadCookieJars(storage: StorageLike | undefined): CookieJars {
  return readStored(cookieJarsStoredKey, storage);
}

export function saveCookieJars(storage: StorageLike | undefined, jars: CookieJars): boolean {
  return writeStored(cookieJarsStoredKey, jars, storage);
}
