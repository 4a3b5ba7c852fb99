import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteSubscription, fetchPushKey, PushApiError, saveSubscription, sendTestPush } from './push-api';
import { activeRegistration, currentSubscription, pushSupport, subscribe, subscriptionBody } from './push-device';

/** Push on this device: checked on mount, then what the user did. */
export type PushState = 'checking' | 'on' | 'off' | 'blocked' | 'unsupported';

export const PUSH_STATE_TEXT: Record<PushState, string> = {
  checking: 'Checking push on this device…',
  on: 'Push is on for this device.',
  off: 'Push is off for this device.',
  blocked: "Notifications are blocked by the browser for this site. Allow them in the browser's site settings to turn push on.",
  unsupported: 'This browser does not support push notifications. On iPhone and iPad, add Stacks to the Home Screen and open it from there.',
};

export const TURN_ON_LABEL = 'Turn on push on this device';
export const TURN_OFF_LABEL = 'Turn off push on this device';
export const TEST_LABEL = 'Send a test notification';
export const TEST_SENT_TEXT = 'A test notification is on its way.';
export const PERMISSION_DISMISSED_TEXT = 'Push stays off: the browser did not get permission to show notifications.';
export const NO_WORKER_TEXT = 'Push cannot start: the app’s service worker is not running in this browser. Reload the page and try again.';

type Busy = 'on' | 'off' | 'test' | null;

/** The state the browser reports, without asking anything of the user. */
async function readState(): Promise<PushState> {
  if (pushSupport() === 'unsupported') return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  try {
    return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
  } catch (error) {
    // A browser that refuses to answer (private mode, a broken worker) has no usable subscription.
    console.error('Failed to read the push subscription', error);
    return 'off';
  }
}

/** The sentence an error shows: the API's or browser's own when it has one. */
function failureText(action: string, error: unknown): string {
  const detail = error instanceof PushApiError || error instanceof Error ? error.message : '';
  return detail ? `${action}: ${detail}` : `${action}.`;
}

/**
 * Turns on the server key's subscription: permission (asked now, on the user's click, never
 * before), the service worker, the key, the subscription, then the server. A subscription the
 * server did not take is dropped again, so the device never thinks push is on when it is not.
 */
async function turnOn(): Promise<PushState | 'dismissed'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const registration = await activeRegistration();
  if (!registration) throw new Error(NO_WORKER_TEXT);
  const subscription = await subscribe(registration, await fetchPushKey());
  try {
    await saveSubscription(subscriptionBody(subscription));
  } catch (error) {
    await subscription.unsubscribe().catch((dropError: unknown) => console.error('Failed to drop the push subscription', dropError));
    throw error;
  }
  return 'on';
}

/**
 * Turns off push here: the server forgets the subscription and the browser drops it. The browser's
 * side is dropped even when the server cannot be told (no more pushes reach this device either
 * way; the server forgets an endpoint the push service calls gone).
 */
async function turnOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    // 404: the server had already forgotten it.
    await deleteSubscription(subscription.endpoint).catch((error: unknown) => {
      if (!(error instanceof PushApiError && error.status === 404)) throw error;
    });
  } finally {
    await subscription.unsubscribe();
  }
}

/**
 * "Turn on push on this device" and its state (docs/pwa.md): on for this device, off, blocked by
 * the browser, or not supported; when on, "Send a test notification" and "Turn off push on this
 * device". The permission prompt comes only from the Turn on click.
 */
export function PushControls() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const firstButton = useRef<HTMLButtonElement>(null);
  const status = useRef<HTMLDivElement>(null);
  /** After an action, the focus goes to the first button of the new state (the one it was on may be gone), else to the state. */
  const refocus = useRef(false);

  const refresh = useCallback(() => {
    void readState().then(setState);
  }, []);

  // The permission can change in the browser's settings while the page is open: read again on return.
  useEffect(() => {
    refresh();
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [refresh]);

  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    (firstButton.current ?? status.current)?.focus();
  }, [busy, state]);

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>, failure: string) {
    setBusy(kind);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (caught) {
      console.error(failure, caught);
      setError(failureText(failure, caught));
      // Read before the focus moves: an action that failed half-way may have changed the state.
      setState(await readState());
    } finally {
      refocus.current = true;
      setBusy(null);
    }
  }

  const onTurnOn = () =>
    run(
      'on',
      async () => {
        const next = await turnOn();
        if (next === 'dismissed') setNotice(PERMISSION_DISMISSED_TEXT);
        else setState(next);
      },
      'Push could not be turned on',
    );
  const onTurnOff = () =>
    run(
      'off',
      async () => {
        await turnOff();
        setState(await readState());
      },
      'Push could not be turned off everywhere',
    );
  const onTest = () =>
    run(
      'test',
      async () => {
        await sendTestPush();
        setNotice(TEST_SENT_TEXT);
      },
      'The test notification could not be sent',
    );

  return (
    <div className="space-y-2" data-push-state={state}>
      <div ref={status} role="status" tabIndex={-1} className="space-y-1 text-sm outline-none">
        <p>{PUSH_STATE_TEXT[state]}</p>
        {notice && <p className="text-base-content/80">{notice}</p>}
      </div>
      {state === 'off' && (
        <button ref={firstButton} type="button" className="btn btn-sm btn-primary" onClick={() => void onTurnOn()} disabled={busy !== null}>
          {busy === 'on' ? 'Turning on…' : TURN_ON_LABEL}
        </button>
      )}
      {state === 'on' && (
        <div className="flex flex-wrap gap-2">
          <button ref={firstButton} type="button" className="btn btn-sm" onClick={() => void onTest()} disabled={busy !== null}>
            {busy === 'test' ? 'Sending…' : TEST_LABEL}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => void onTurnOff()} disabled={busy !== null}>
            {busy === 'off' ? 'Turning off…' : TURN_OFF_LABEL}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
