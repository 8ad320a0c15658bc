// The three screens, each in its own lazily loaded chunk; any other path redirects to `/`.
import { Suspense } from 'react';
import { Redirect, useRouter } from '../lib/router';
import { lazyScreen } from './lazy-screen';

const ClientScreen = lazyScreen(() => import('../features/client/ClientScreen'));
const SettingsScreen = lazyScreen(() => import('../features/settings/SettingsScreen'));
const StatusScreen = lazyScreen(() => import('../features/status/StatusScreen'));

/** The main screen, loaded before the first render when the page opens on it. */
export const preloadMainScreen = () => ClientScreen.preload();

const SCREENS: Record<string, () => ReturnType<typeof ClientScreen>> = {
  '/': ClientScreen,
  '/settings': SettingsScreen,
  '/status': StatusScreen,
};

export function ScreenRoutes() {
  const { path } = useRouter();
  const Screen = SCREENS[path];
  return (
    <Suspense fallback={<div className="kite-screen-loading" role="status" aria-label="Loading" />}>
      {Screen ? <Screen key={path} /> : <Redirect to="/" />}
    </Suspense>
  );
}
