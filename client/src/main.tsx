import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { announceUpdate } from './app/app-update';
import { applyTheme, storedTheme } from './lib/theme';
import './styles.css';

// Before the first paint, so the page never flashes in the wrong theme.
applyTheme(storedTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (docs/pwa.md) of a built app, registered once the page has loaded: its code
// and workbox-window are a chunk of their own, and its precaching does not compete with the page.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    import('./app/register-service-worker')
      .then(({ registerServiceWorker }) => registerServiceWorker(announceUpdate))
      .catch((error: unknown) => console.error('Failed to load the service worker registration', error));
  });
}
