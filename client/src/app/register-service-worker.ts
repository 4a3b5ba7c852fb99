import { Workbox } from 'workbox-window';

/** How often an open page asks the server whether sw.js changed (a reload or a new visit asks too). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** Coming back into view asks too, at most once in this long (switching tabs is frequent). */
const MIN_CHECK_GAP_MS = 60 * 1000;

/**
 * Registers the service worker (client/src/sw.ts, built to /sw.js) with workbox-window. This
 * module is loaded after the page (main.tsx), so neither is in the first bundle.
 *
 * A new version installs beside the running one and waits (vite-plugin-pwa's "prompt" mode, this
 * tab's update or another tab's): "A new version is available" offers Reload, which tells the
 * waiting worker to take over (SKIP_WAITING, sw.ts); when it controls the page, the page reloads.
 * Other tabs that showed the prompt reload with it. The first worker's taking charge of the page
 * (clients.claim) reloads nothing. Open pages look for a new version every hour and when they
 * come back into view.
 *
 * `announceUpdate` (app-update.ts) is passed in rather than imported: this chunk then shares no
 * module with the first bundle, so the build adds no extra shared chunk for it.
 */
export function registerServiceWorker(announceUpdate: (activate: () => Promise<void>) => void): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  let announced = false;
  wb.addEventListener('waiting', () => {
    announced = true;
    announceUpdate(async () => wb.messageSkipWaiting());
  });
  wb.addEventListener('controlling', () => {
    if (announced) window.location.reload();
  });
  wb.register({ immediate: true })
    .then((registration) => registration && checkForUpdates(registration))
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}

/** Asks for a new sw.js every UPDATE_CHECK_MS and on coming back into view, while online. */
function checkForUpdates(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  const check = () => {
    if (registration.installing || !navigator.onLine || Date.now() - lastCheck < MIN_CHECK_GAP_MS) return;
    lastCheck = Date.now();
    registration.update().catch((error: unknown) => console.warn('Service worker update check failed', error));
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
