import { describe, expect, it, vi } from 'vitest';
import { FILE_PATH, SERVER_PATHS } from '../../shared/server-paths';
import {
  APP_NAME,
  clickTarget,
  NOTIFICATION_ICON,
  notificationOptions,
  openFromNotification,
  parsePushPayload,
  type ClientsLike,
  type WindowClientLike,
} from '../../client/src/sw-notifications';

/*
 * The service worker's push and click handling (client/src/sw-notifications.ts, docs/pwa.md) as
 * plain functions; the browser test (tests/e2e/pwa.e2e.test.ts) runs them inside the real worker.
 */
const ORIGIN = 'http://localhost:3000';

describe('a push message', () => {
  it('shows its title and body, with the app icon, and keeps its address for the click', () => {
    const payload = parsePushPayload(JSON.stringify({ title: 'Alice answered', body: 'Best pizza toppings', url: '/dashboard/stacks/4' }));
    expect(payload).toEqual({ title: 'Alice answered', body: 'Best pizza toppings', url: '/dashboard/stacks/4' });
    expect(notificationOptions(payload)).toEqual({ body: 'Best pizza toppings', icon: NOTIFICATION_ICON, data: { url: '/dashboard/stacks/4' } });
    expect(NOTIFICATION_ICON).toBe('/pwa-192.png');
  });

  it('still shows a notification (the app name, to the root) for a payload that is missing, not JSON or of the wrong shape', () => {
    const fallback = { title: APP_NAME, body: '', url: '/' };
    expect(parsePushPayload(null)).toEqual(fallback);
    expect(parsePushPayload('')).toEqual(fallback);
    expect(parsePushPayload('not json')).toEqual(fallback);
    expect(parsePushPayload('[1,2]')).toEqual(fallback);
    expect(parsePushPayload('"text"')).toEqual(fallback);
    expect(parsePushPayload(JSON.stringify({ title: '  ', body: 7, url: 42 }))).toEqual(fallback);
    expect(parsePushPayload(JSON.stringify({ title: 'Hi' }))).toEqual({ title: 'Hi', body: '', url: '/' });
  });
});

describe('where a click leads', () => {
  it('opens a path or an absolute address of the app', () => {
    expect(clickTarget('/dashboard/stacks/4', ORIGIN)).toBe(`${ORIGIN}/dashboard/stacks/4`);
    expect(clickTarget('/dashboard/groups?x=1#top', ORIGIN)).toBe(`${ORIGIN}/dashboard/groups?x=1#top`);
    expect(clickTarget(`${ORIGIN}/users/7`, ORIGIN)).toBe(`${ORIGIN}/users/7`);
    expect(clickTarget('dashboard', ORIGIN)).toBe(`${ORIGIN}/dashboard`);
  });

  it('refuses any other origin, scheme or value, opening the app root instead', () => {
    for (const url of ['https://evil.example/phish', '//evil.example/x', 'http://localhost:3001/dashboard', 'https://localhost:3000/dashboard', 'javascript:alert(1)', 'data:text/html,hi', 'http://[::1', 42, null, undefined, '']) {
      expect(clickTarget(url, ORIGIN), String(url)).toBe(`${ORIGIN}/`);
    }
  });
});

/** A window of the app, recording what it was asked. */
function windowAt(url: string, options: { navigate?: 'fails' } = {}) {
  const client = {
    url,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (next: string) => {
      if (options.navigate === 'fails') throw new TypeError('This service worker is not the client’s active service worker.');
      client.url = next;
      return client;
    }),
  };
  return client;
}

function clientsWith(windows: WindowClientLike[]) {
  return { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) } satisfies ClientsLike;
}

describe('after a click', () => {
  const target = `${ORIGIN}/dashboard/stacks/4`;

  it('focuses an open window of the app and navigates it to the address', async () => {
    const other = windowAt('https://elsewhere.example/');
    const app = windowAt(`${ORIGIN}/dashboard`);
    const clients = clientsWith([other, app]);
    await openFromNotification(target, clients);
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(target);
    expect(other.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('only focuses a window already showing the address', async () => {
    const first = windowAt(`${ORIGIN}/dashboard`);
    const showing = windowAt(target);
    const clients = clientsWith([first, showing]);
    await openFromNotification(target, clients);
    expect(showing.focus).toHaveBeenCalled();
    expect(showing.navigate).not.toHaveBeenCalled();
    expect(first.navigate).not.toHaveBeenCalled();
  });

  it('opens a new window when none of the app is open, or the open one cannot be navigated', async () => {
    const none = clientsWith([windowAt('https://elsewhere.example/')]);
    await openFromNotification(target, none);
    expect(none.openWindow).toHaveBeenCalledWith(target);

    const uncontrolled = windowAt(`${ORIGIN}/login`, { navigate: 'fails' });
    const clients = clientsWith([uncontrolled]);
    await openFromNotification(target, clients);
    expect(clients.openWindow).toHaveBeenCalledWith(target);
  });

  it('navigates even when the browser refuses to raise the window', async () => {
    const app = windowAt(`${ORIGIN}/dashboard`);
    app.focus.mockRejectedValue(new DOMException('Not allowed to focus a window.', 'InvalidAccessError'));
    const clients = clientsWith([app]);
    await openFromNotification(target, clients);
    expect(app.navigate).toHaveBeenCalledWith(target);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });
});

describe('the pages the service worker answers offline', () => {
  it('are the app’s pages, not the server’s own paths or files', () => {
    const isPage = (path: string) => !SERVER_PATHS.test(path) && !FILE_PATH.test(path);
    for (const page of ['/', '/login', '/dashboard', '/dashboard/stacks/4', '/users/7', '/verify-email', '/terms-of-service']) expect(isPage(page), page).toBe(true);
    for (const path of ['/v1/users/me', '/v2/stacks', '/v1/events', '/trpc/users.me', '/openapi.json', '/docs', '/docs/index.css', '/healthz', '/avatars/users/1/a.svg', '/assets/3', '/robots.txt', '/sw.js', '/manifest.webmanifest', '/favicon.svg', '/static/index-abc.js']) {
      expect(isPage(path), path).toBe(false);
    }
  });
});
