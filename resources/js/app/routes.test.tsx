import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App, preloadMainScreen } from './routes';

// jsdom has no matchMedia; the theme (and sonner) ask it for the colour scheme.
// The screens' chunks, and those the main screen imports as it mounts (the workspace sync, the tab
// strip, the Saved pane with its import, export and auth editor, and what it loads when idle), are
// loaded before the tests: on a busy machine an import started by a test outlived it and failed
// after the environment was torn down.
beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} })) as unknown as typeof window.matchMedia;
  await Promise.all([
    preloadMainScreen(),
    import('../features/settings/SettingsScreen'),
    import('../features/status/StatusScreen'),
    import('../features/workspace/workspace-sync'),
    import('../features/tabs/TabStrip'),
    import('../features/workspace/SavedPane'),
    import('../features/import/import'),
    import('../features/auth/AuthEditor'),
    import('../features/docs/RouteDocs'),
    import('../features/history/HistoryPanel'),
    import('./Toasts'),
  ]);
}, 120_000);

describe('the screens on react-router', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  it('redirects any other path under the mount path to the main screen and highlights it', async () => {
    window.history.replaceState(null, '', '/kite/no/such/screen');
    render(<App basePath="/kite" />);
    await waitFor(() => expect(window.location.pathname).toBe('/kite'), { timeout: 5000 });
    const main = screen.getByRole('link', { name: 'HTTP Client' });
    expect(main.getAttribute('href')).toBe('/kite');
    await waitFor(() => expect(main.getAttribute('aria-current')).toBe('page'), { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBeNull();
  });

  it('navigates in place under the base path and moves the highlight', async () => {
    window.history.replaceState(null, '', '/kite/status');
    render(<App basePath="/kite" />);
    const settings = screen.getByRole('link', { name: 'Settings' });
    expect(settings.getAttribute('href')).toBe('/kite/settings');
    expect(screen.getByRole('link', { name: 'Status' }).getAttribute('aria-current')).toBe('page');
    await act(async () => {
      fireEvent.click(settings);
    });
    expect(window.location.pathname).toBe('/kite/settings');
    expect(settings.getAttribute('aria-current')).toBe('page');
    expect(settings.classList.contains('active')).toBe(true);
  });

  it('mounts at the site root when the base path is empty', async () => {
    window.history.replaceState(null, '', '/settings');
    render(<App basePath="" />);
    expect(screen.getByRole('link', { name: 'Status' }).getAttribute('href')).toBe('/status');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
  });
});
