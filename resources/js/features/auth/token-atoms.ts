// The OAuth 2.0 tokens of this browser as one stored atom (lib/storage: kite:oauth-tokens).
import { atom } from 'jotai';
import { storedAtom, type StoredKey } from '../../lib/storage';
import { readTokenStore, type TokenStore } from '../../model/auth/token-store';

export const tokenStoredKey: StoredKey<TokenStore> = {
  key: 'kite:oauth-tokens',
  label: 'the OAuth 2.0 tokens',
  fallback: () => ({}),
  read: readTokenStore,
};

export const tokenStoreAtom = storedAtom(tokenStoredKey);

/** The last token request's failure per token key, shown under the settings until the next try. */
export const tokenErrorAtom = atom<Record<string, string>>({});
