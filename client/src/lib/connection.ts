import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * Whether the server can be reached. Nothing here waits for the user to act: a call that
 * got no HTTP answer at all, the live event stream dropping, or the browser going offline makes the
 * monitor ask GET /healthz at once; if that gets no answer (or not a 200), the app is
 * 'reconnecting': the non-blocking "Reconnecting…" status shows, React Query pauses its queries and
 * holds new mutations, and /healthz is asked again with a growing delay until it answers 200. Then
 * the status goes, paused calls are sent, the queries on screen refetch and the live stream reopens,
 * with no reload. A 5xx that the server did send is not this: it raises the temporary-issue overlay
 * (spec 1 §8).
 */

export type ConnectionState = 'online' | 'reconnecting';

export const PROBE_PATH = '/healthz';
/** The first probe after a failure is at once; while down, 1 s, then doubling up to 10 s (±20 % jitter). */
export const PROBE_FIRST_DELAY_MS = 1_000;
export const PROBE_MAX_DELAY_MS = 10_000;
const PROBE_JITTER = 0.2;
/** A probe without an answer by then counts as failed (a server that accepts but never answers). */
export const PROBE_TIMEOUT_MS = 5_000;

export interface ConnectionMonitor {
  getState(): ConnectionState;
  subscribe(listener: () => void): () => void;
  /** A call got no HTTP answer, or the live stream dropped: check now (nothing happens if a check is under way or the app already knows it is down). */
  reportFailure(): void;
  /** The server answered something (a call, the live stream opening): it is reachable. */
  reportAnswer(): void;
  /** The browser says the network is gone: down at once, probing as usual. */
  reportOffline(): void;
  /** Worth asking at once, if down (the network came back, the tab is visible again). */
  checkNow(): void;
  /** Back to 'online' with no timer left (tests). */
  reset(): void;
}

export interface MonitorOptions {
  /** Answers whether the server is there: GET /healthz answered 200. */
  probe?: () => Promise<boolean>;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** GET /healthz, not from a cache, given up after PROBE_TIMEOUT_MS. */
export async function probeHealth(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(PROBE_PATH, { cache: 'no-store', signal: controller.signal });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The delay before probe number `attempt` (0-based) while down, jitter included. */
export function probeDelay(attempt: number, random = Math.random): number {
  const base = Math.min(PROBE_FIRST_DELAY_MS * 2 ** attempt, PROBE_MAX_DELAY_MS);
  return Math.round(base * (1 - PROBE_JITTER + 2 * PROBE_JITTER * random()));
}

export function createConnectionMonitor(options: MonitorOptions = {}): ConnectionMonitor {
  const probe = options.probe ?? probeHealth;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let state: ConnectionState = 'online';
  let checking = false;
  let attempt = 0;
  let timer: unknown;
  /** Bumped by reset: a probe still under way from before it is ignored. */
  let generation = 0;
  const listeners = new Set<() => void>();

  const set = (next: ConnectionState) => {
    if (state === next) return;
    state = next;
    listeners.forEach((listener) => listener());
  };
  const cancelTimer = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };
  const scheduleNext = () => {
    cancelTimer();
    timer = setTimer(() => {
      timer = undefined;
      void check();
    }, probeDelay(attempt, random));
    attempt += 1;
  };
  const recovered = () => {
    cancelTimer();
    attempt = 0;
    set('online');
  };

  async function check() {
    if (checking) return;
    checking = true;
    cancelTimer();
    const mine = generation;
    const reachable = await probe().catch(() => false);
    if (mine !== generation) return;
    checking = false;
    if (reachable) return recovered();
    set('reconnecting');
    scheduleNext();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportFailure() {
      if (state === 'online') void check();
    },
    reportAnswer() {
      if (state === 'reconnecting' && !checking) recovered();
    },
    reportOffline() {
      set('reconnecting');
      if (!checking && timer === undefined) scheduleNext();
    },
    checkNow() {
      if (state === 'reconnecting') void check();
    },
    reset() {
      generation += 1;
      checking = false;
      cancelTimer();
      attempt = 0;
      set('online');
    },
  };
}

/** The app's one monitor. */
export const connection = createConnectionMonitor();

let bound = false;

/**
 * Ties the monitor to React Query (its onlineManager follows the monitor instead of the browser's
 * online/offline events alone: paused queries and mutations go on when the server is back, and the
 * queries on screen refetch) and to the browser's signals. Idempotent; called with the query client.
 */
export function bindConnectionMonitor(): void {
  if (bound || typeof window === 'undefined') return;
  bound = true;
  onlineManager.setEventListener((setOnline) => {
    setOnline(connection.getState() === 'online');
    return connection.subscribe(() => setOnline(connection.getState() === 'online'));
  });
  window.addEventListener('offline', () => connection.reportOffline());
  window.addEventListener('online', () => connection.checkNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') connection.checkNow();
  });
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(connection.subscribe, connection.getState, () => 'online');
}
