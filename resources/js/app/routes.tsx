// Kite's screens on react-router: `/`, `/settings` and `/status` under the mount path (the page
// config's `basePath`, "" when missing), each a lazily loaded chunk; any other path redirects to `/`.
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { lazyScreen } from './lazy-screen';
import { Shell } from './Shell';

const ClientScreen = lazyScreen(() => import('./client-screen/ClientScreen'));
const SettingsScreen = lazyScreen(() => import('../features/settings/SettingsScreen'));
const StatusScreen = lazyScreen(() => import('../features/status/StatusScreen'));

/** The main screen, loaded before the first render when the page opens on it. */
export const preloadMainScreen = () => ClientScreen.preload();

/** The screens under the router, inside the shell. */
export function ScreenRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<ClientScreen />} />
        <Route path="settings" element={<SettingsScreen />} />
        <Route path="status" element={<StatusScreen />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

/** The app: the browser router whose base is `basePath` (the mount path). */
export function App({ basePath }: { basePath: string }) {
  return (
    <BrowserRouter basename={basePath || '/'}>
      <ScreenRoutes />
    </BrowserRouter>
  );
}

