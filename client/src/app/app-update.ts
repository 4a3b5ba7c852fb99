import { useSyncExternalStore } from 'react';

/*
 * Whether a new version of the app is installed and waiting (docs/pwa.md): set by the service
 * worker's registration (register-service-worker.ts, loaded after the page), read by the "A new
 * version is available" prompt. The prompt does not import the registration, so it renders (and
 * is tested) where there is no service worker.
 */

/** Switches to the waiting version: its worker takes over and the page reloads. */
export type Activate = () => Promise<void>;

let waiting: Activate | null = null;
const listeners = new Set<() => void>();

/** A new version waits; `activate` switches to it. */
export function announceUpdate(activate: Activate): void {
  waiting = activate;
  listeners.forEach((listener) => listener());
}

/** Forgets a waiting version (tests). */
export function clearUpdate(): void {
  waiting = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting version's switch, or null when the app is current. */
export function useWaitingUpdate(): Activate | null {
  return useSyncExternalStore(
    subscribe,
    () => waiting,
    () => null,
  );
}
