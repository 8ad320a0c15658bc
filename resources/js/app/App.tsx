// The shell: sidebar, the lazily loaded screens, the toast area and the generator palette's mount.
import * as Tooltip from '@radix-ui/react-tooltip';
import { PaletteHost } from '../features/generators/PaletteHost';
import { BUNDLE_VERSION, kiteConfig } from '../lib/config';
import { Router } from '../lib/router';
import { AppSidebar } from './AppSidebar';
import { ScreenRoutes } from './routes';
import { SidebarInset, SidebarProvider } from './sidebar/Sidebar';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './sidebar/sidebar-state';
import { staleAssetsMessage } from './stale-assets';
import { Toasts } from './Toasts';
import { useAppliedTheme } from './useTheme';

export function App() {
  const theme = useAppliedTheme();
  const stale = staleAssetsMessage(kiteConfig, BUNDLE_VERSION);
  return (
    <Router basePath={kiteConfig.basePath}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <SidebarProvider>
          <AppSidebar />
          <SidebarInset>
            {stale && (
              <div className="kite-stale-notice" role="alert">
                {stale}
              </div>
            )}
            <ScreenRoutes />
          </SidebarInset>
        </SidebarProvider>
      </Tooltip.Provider>
      <Toasts theme={theme} />
      <PaletteHost />
    </Router>
  );
}
