import { useSyncExternalStore } from 'react';
import { emit } from './events';

const TOKEN_KEY = 'token';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/**
 * Stores the token and tells every listener (spec 1 §2: login state follows the login event).
 * `silent` is for registration, which shows its success state and then reloads the whole page.
 */
export function storeToken(token: string, options: { silent?: boolean } = {}): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (!options.silent) emit('login');
}

/** Removes the token and emits the logout event; the route guards then send the user to /login. */
export function clearToken(): void {
  if (localStorage.getItem(TOKEN_KEY) === null) return;
  localStorage.removeItem(TOKEN_KEY);
  emit('logout');
}

function subscribe(onChange: () => void): () => void {
  const events = ['login', 'logout', 'storage'];
  events.forEach((name) => window.addEventListener(name, onChange));
  return () => events.forEach((name) => window.removeEventListener(name, onChange));
}

/** The stored token, re-read on login, logout and storage events (other tabs too). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
