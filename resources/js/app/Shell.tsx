// The shell around every screen: sidebar, the current screen (the router's outlet), the toast
// area, the generator palette's mount, the "?" shortcuts sheet and the folder run dialog.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PaletteHost } from '../features/generators/PaletteHost';
import { RunHost } from '../features/runs/RunHost';
import { BUNDLE_VERSION, kiteConfig } from '../lib/config';
import { AppSidebar } from './AppSidebar';
import { SidebarInset, SidebarProvider } from './sidebar/Sidebar';
import { ShortcutsHost } from './shortcuts/ShortcutsHost';
import { staleAssetsMessage } from './stale-assets';
import { Toasts } from './Toasts';
import { useAppliedTheme } from './use-theme';

export function Shell() {
  const theme = useAppliedTheme();
  const stale = staleAssetsMessage(kiteConfig, BUNDLE_VERSION);
  return (
    <>
      <SidebarProvider>
        <AppSidebar />
        <SidebarInset>
          {stale && (
            <div className="kite-stale-notice" role="alert">
              {stale}
            </div>
          )}
          {/* A lazy screen suspends here, never the shell around it. */}
          <Suspense fallback={<div className="kite-screen-loading" role="status" aria-label="Loading" />}>
            <Outlet />
          </Suspense>
        </SidebarInset>
      </SidebarProvider>
      <Toasts theme={theme} />
      <PaletteHost />
      <ShortcutsHost />
      <RunHost />
    </>
  );
}
