/*
 * The service worker (docs/pwa.md), built by vite-plugin-pwa into dist/sw.js, which the build
 * gives the list of its files (`self.__WB_MANIFEST`).
 *
 * It caches the app shell and nothing else (docs/decisions/0052-service-worker-caches-only-the-shell.md):
 * the page, bundles, styles, icons and manifest of this build, precached at install. Every other
 * request (the API, tRPC, live events, avatars, share images) is not handled here and goes to the
 * network as if there were no worker. A page navigation is answered with the precached page, so
 * the app starts offline too; the server's own paths are left to the server.
 *
 * It also shows push notifications and opens the app where a clicked one leads (sw-notifications.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { FILE_PATH, SERVER_PATHS } from '../../shared/server-paths';
import { clickTarget, notificationOptions, openFromNotification, parsePushPayload, type ClientsLike } from './sw-notifications';

/** The few members of the Service Worker API's events and scope used here (the page's DOM types lack them). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: ClientsLike & { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** The click's work, for the browser tests (tests/e2e/pwa.e2e.test.ts): DevTools cannot click a notification. */
  stacksNotificationClicked?: (notification: Notification) => Promise<void>;
}
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
// Caches of earlier Workbox versions' formats; this build's precache is kept current by precacheAndRoute.
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [SERVER_PATHS, FILE_PATH] }));

// A worker takes charge of the open pages once active: after the first visit, that page already
// works offline. A new version becomes active only when the user asks (below).
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// registerType 'prompt': a new version waits until the user picks Reload in "A new version is
// available" (client/src/app/update-prompt.tsx), which sends this message through workbox-window.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const payload = parsePushPayload(event.data?.text());
  const shown = self.registration.showNotification(payload.title, notificationOptions(payload)).catch((error: unknown) => {
    console.error('Failed to show a push notification', error);
    throw error;
  });
  event.waitUntil(shown);
});

/** Closes the notification and shows where it leads in a window of the app. */
async function notificationClicked(notification: Notification): Promise<void> {
  notification.close();
  const url = (notification.data as { url?: unknown } | null)?.url;
  await openFromNotification(clickTarget(url, self.location.origin), self.clients);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(notificationClicked(event.notification));
});

self.stacksNotificationClicked = notificationClicked;
