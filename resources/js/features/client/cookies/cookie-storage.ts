// The cookie jars, one per application, under one localStorage key. Read back cookie by cookie:
// a corrupt entry yields empty jars (or drops the one bad cookie), never a crash.
import type { CookieJar, JarCookie } from './cookie-jar';

export const COOKIE_JARS_STORAGE_KEY = 'kite:cookies';

/** Jars by application id. */
export type CookieJars = Record<string, CookieJar>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

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

export function loadCookieJars(storage: StorageLike | undefined): CookieJars {
  try {
    const value: unknown = JSON.parse(storage?.getItem(COOKIE_JARS_STORAGE_KEY) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const jars: CookieJars = {};
    for (const [application, jar] of Object.entries(value)) {
      if (Array.isArray(jar)) jars[application] = jar.map(readCookie).filter((cookie): cookie is JarCookie => cookie !== null);
    }
    return jars;
  } catch (error) {
    console.warn('Kite: the saved cookies could not be read; starting with empty jars.', error);
    return {};
  }
}

export function saveCookieJars(storage: StorageLike | undefined, jars: CookieJars): boolean {
  try {
    storage?.setItem(COOKIE_JARS_STORAGE_KEY, JSON.stringify(jars));
    return true;
  } catch (error) {
    console.warn('Kite: the cookies could not be saved for the next visit.', error);
    return false;
  }
}
