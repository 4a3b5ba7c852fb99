/*
 * This browser's side of Web Push (docs/pwa.md): what it supports, its permission, and its
 * subscription at the push service, through the app's service worker registration.
 */

/** What this device can say about push for the app. */
export type PushSupport = 'supported' | 'unsupported';

/** Push needs a service worker, the Push API and notifications; iOS has them only in an installed app. */
export function pushSupport(): PushSupport {
  const ok = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return ok ? 'supported' : 'unsupported';
}

/** How long to wait for the service worker before saying push cannot start (it registers after the page's load). */
export const SERVICE_WORKER_WAIT_MS = 10_000;

/** The app's active service worker registration, or null when none is running within the wait. */
export async function activeRegistration(waitMs = SERVICE_WORKER_WAIT_MS): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's current subscription, without waiting for a worker that may never come (null when none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A base64url string (the VAPID key's form) as bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether `subscription` was made for `key` (a subscription made for another server key cannot be reused). */
function madeFor(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (!own) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/**
 * This device's subscription for the server key `publicKey`: the current one when it was made for
 * that key, else a new one (an older one for another key is dropped first, or subscribing fails).
 * Every push shows a notification (`userVisibleOnly`, which Chromium requires).
 */
export async function subscribe(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && madeFor(existing, key)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The subscription as the server stores it: `{endpoint, keys: {p256dh, auth}}` (its toJSON, without expirationTime). */
export function subscriptionBody(subscription: PushSubscription): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('The browser gave a push subscription without its keys.');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}
