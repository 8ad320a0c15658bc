// The three screens, each in its own lazily loaded chunk; any other path redirects to `/`.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';

const ClientScreen = lazy(() => import('../features/client/ClientScreen'));
const SettingsScreen = lazy(() => import('../features/settings/SettingsScreen'));
const StatusScreen = lazy(() => import('../features/status/StatusScreen'));

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
