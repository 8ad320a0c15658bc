// Entry of the browser bundle (dist/kite.js). Everything a screen needs loads lazily from there.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadMainScreen } from './app/routes';
import { kiteConfig } from './lib/config';
import { isMainScreenPath } from '../../protocol/endpoints.js';
import { prefetchRoutes } from './lib/http/routes-prefetch';
import { handOAuthCallbackBack } from './features/auth/oauth-callback';

// On the main screen, its routes (in the page, or on their way) and its chunk (announced as module
// preloads by the page) are there before the first render, so the screen appears with the shell.
const onMainScreen = isMainScreenPath(window.location.pathname, kiteConfig.basePath);
if (onMainScreen) prefetchRoutes();
const ready = onMainScreen ? preloadMainScreen().catch(() => undefined) : Promise.resolve();

// In the OAuth popup, the redirect page hands its address to Kite's window and closes.
if (!handOAuthCallbackBack(window, kiteConfig.basePath)) {
  const mount = document.getElementById('kite') ?? document.body.appendChild(document.createElement('div'));
  // The first render as a transition: React renders it in slices, yielding to the browser between
  // them, instead of one task of 100-300 ms on a loaded machine (a blocking render is never split;
  // issue 31, bench/start-profile.mjs). Nothing is on screen before it, so nothing is held back.
  void ready.then(() => {
    const root = createRoot(mount);
    startTransition(() => root.render(<App basePath={kiteConfig.basePath} />));
  });
}
