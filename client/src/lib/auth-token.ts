import { useSyncExternalStore } from 'react';
import { emit } from './events';

const TOKEN_KEY = 'token';

/**
 * Why the last session ended in this page: 'expired' when the server refused the token (a 401:
 * expired, revoked by a password reset or deactivation elsewhere), 'logout' when the user logged
 * out. Null until a session ends, and again after a login. The login page explains an expired
 * session; the guards keep the address to come back to unless the user chose to leave.
 */
export type SessionEnd = 'expired' | 'logout';
let sessionEnd: SessionEnd | null = null;

/** Spec 1 §8: what /login says after a 401 took the user there. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function sessionEndReason(): SessionEnd | null {
  return sessionEnd;
}

/**
 * Stores the token and tells every listener (spec 1 §2: login state follows the login event).
 * `silent` is for registration, which shows its success state and then reloads the whole page.
 */
export function storeToken(token: string, options: { silent?: boolean } = {}): void {
  sessionEnd = null;
  localStorage.setItem(TOKEN_KEY, token);
  if (!options.silent) emit('login');
}

/**
 * Removes the token and emits the logout event; the route guards then send the user to /login.
 * `reason` is 'logout' for the user's own Log Out (and deactivation), 'expired' when the server
 * answered 401 to a call made with the token.
 */
export function clearToken(reason: SessionEnd = 'logout'): void {
  if (localStorage.getItem(TOKEN_KEY) === null) return;
  sessionEnd = reason;
  localStorage.removeItem(TOKEN_KEY);
  emit('logout');
}

/** Ends the calling token's session on the server (docs/sessions.md). */
export const LOGOUT_PATH = '/v1/auth/logout';

/**
 * The user's own Log Out: the server ends this token's session, so a copy of the token is refused
 * too, and the page forgets the token at once, whether or not the server answers (keepalive: the
 * call outlives the move to /login). A failure is only logged: the token still expires with its
 * session, and the Sessions list can end it.
 */
export function signOut(): void {
  const token = getToken();
  if (token) {
    const ended = fetch(LOGOUT_PATH, { method: 'POST', keepalive: true, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    ended.catch((error: unknown) => console.error('Failed to end the session on the server', error));
  }
  clearToken('logout');
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
