// The three screens, each in its own lazily loaded chunk; any other path redirects to `/`.
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyScreen } from './lazy-screen';

const ClientScreen = lazyScreen(() => import('../features/client/ClientScreen'));
const SettingsScreen = lazyScreen(() => import('../features/settings/SettingsScreen'));
const StatusScreen = lazyScreen(() => import('../features/status/StatusScreen'));

/** The main screen, loaded before the first render when the page opens on it. */
export const preloadMainScreen = () => ClientScreen.preload();

export function ScreenRoutes() {
  return (
    <Suspense fallback={<div className="kite-screen-loading" role="status" aria-label="Loading" />}>
      <Routes>
        <Route path="/" element={<ClientScreen />} />
        <Route path="/settings" element={<SettingsScreen />} />
        <Route path="/status" element={<StatusScreen />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
