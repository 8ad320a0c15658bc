// Entry of the browser bundle (dist/kite.js). Everything a screen needs loads lazily from there.
import '../css/kite.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { kiteConfig } from './lib/config';
import { isMainScreen, prefetchRoutes } from './lib/http/routes-prefetch';

if (isMainScreen(window.location.pathname, kiteConfig.basePath)) prefetchRoutes();

const mount = document.getElementById('kite') ?? document.body.appendChild(document.createElement('div'));
createRoot(mount).render(<App />);
