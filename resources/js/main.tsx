// Entry of the browser bundle (dist/kite.js). Everything a screen needs loads lazily from there.
import '../css/kite.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const mount = document.getElementById('kite') ?? document.body.appendChild(document.createElement('div'));
createRoot(mount).render(<App />);
