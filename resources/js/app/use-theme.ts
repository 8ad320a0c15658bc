// Applies the theme to <html> and, with the system preference, follows system changes live.
import { useAtomValue } from 'jotai';
import { useEffect, useSyncExternalStore } from 'react';
import { preferencesAtom } from '../lib/preferences/atoms';
import { DARK_SCHEME_QUERY, resolveTheme } from './theme';

function subscribeToSystemScheme(onChange: () => void) {
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemPrefersDark = () => window.matchMedia(DARK_SCHEME_QUERY).matches;

export function useAppliedTheme(): 'light' | 'dark' {
  const { theme } = useAtomValue(preferencesAtom);
  const systemDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark);
  const resolved = resolveTheme(theme, systemDark);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark');
    document.documentElement.dataset.theme = resolved;
  }, [resolved]);
  return resolved;
}
