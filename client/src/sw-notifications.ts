/*
 * What the service worker (sw.ts) does with a push message and a click on its notification
 * (docs/pwa.md), as plain functions: sw.ts ties them to the events, the unit tests call them.
 * The types are the few members of the Service Worker API used here, so this file needs no worker
 * types beside the page's DOM types.
 */

/** A push message's JSON, as the server sends it: `{title, body, url}`. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path on the app (`/dashboard/stacks/4`) or an absolute address on its origin. */
  url: string;
}

/** The app's name: the title of a push whose payload has none (the browser must show something). */
export const APP_NAME = 'Stacks';
/** Where a notification without a usable address leads: the app's root (the dashboard, or login). */
export const APP_ROOT = '/';
/** The notification's icon: the app's 192 px icon (client/public, precached). */
export const NOTIFICATION_ICON = '/pwa-192.png';

/**
 * Reads a push message's text. Chromium shows its own "updated in the background" notice for a
 * push that shows none (the subscription promises `userVisibleOnly`), so a payload that is not
 * the expected JSON still gives a notification: the app's name, leading to the app's root.
 */
export function parsePushPayload(text: string | null | undefined): PushPayload {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: shown as the fallback notification below.
    value = null;
  }
  const fields = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const title = typeof fields.title === 'string' && fields.title.trim() ? fields.title : APP_NAME;
  const body = typeof fields.body === 'string' ? fields.body : '';
  const url = typeof fields.url === 'string' && fields.url ? fields.url : APP_ROOT;
  return { title, body, url };
}

/** The options of the notification a push shows: its text, the app's icon, and where a click leads. */
export function notificationOptions(payload: PushPayload): NotificationOptions {
  return { body: payload.body, icon: NOTIFICATION_ICON, data: { url: payload.url } };
}

/**
 * The absolute address a click opens: `url` read against the app's origin when it stays on it (a
 * path, or an absolute address of the app), else the app's root. Another origin, `//other.host`,
 * `javascript:` or a value that is no string never leave the app.
 */
export function clickTarget(url: unknown, origin: string): string {
  const root = new URL(APP_ROOT, origin).href;
  if (typeof url !== 'string' || !url) return root;
  try {
    const target = new URL(url, origin);
    return target.origin === new URL(origin).origin ? target.href : root;
  } catch {
    // Not an address at all: the root.
    return root;
  }
}

/** The members of a WindowClient used here. */
export interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The members of the worker's `clients` used here. */
export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * After a click: a window of the app comes to the front showing `target` (the one already showing
 * it, else the first), or, with none open, a new window opens at `target`. Focusing and navigating
 * start together: the click's permission to raise a window is short-lived, and a refused focus
 * must not keep the window from showing the address. A window this worker does not control
 * cannot be navigated: a new window opens instead.
 */
export async function openFromNotification(target: string, clients: ClientsLike): Promise<void> {
  const origin = new URL(target).origin;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => new URL(client.url).origin === origin);
  const showing = windows.find((client) => client.url === target);
  if (showing) {
    await showing.focus();
    return;
  }
  const client = windows[0];
  if (!client) {
    await clients.openWindow(target);
    return;
  }
  const [, navigated] = await Promise.allSettled([client.focus(), client.navigate(target)]);
  if (navigated.status === 'rejected') await clients.openWindow(target);
}
