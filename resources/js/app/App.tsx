import { BrowserRouter } from 'react-router-dom';
import { kiteConfig } from '../lib/config';
import { ScreenRoutes } from './routes';

export function App() {
  return (
    <BrowserRouter basename={kiteConfig.basePath || undefined}>
      <ScreenRoutes />
    </BrowserRouter>
  );
}
