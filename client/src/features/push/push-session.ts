import { useEffect } from 'react';
import { sessionEndReason, useToken } from '../../lib/auth-token';
import { saveSubscription } from './push-api';
import { currentSubscription, pushSupport, subscriptionBody } from './push-device';

/**
 * Push follows the session (docs/push.md): a subscription is tied to the account's sign-in state on
 * the server (a password reset or deactivation ends it), so each sign-in hands the server this
 * browser's existing subscription again (idempotent; never a new one, and never a permission
 * prompt: turning push on is the user's own click in Settings). The user's own Log Out drops the
 * browser's subscription, so the next person on this device gets nothing meant for the last one;
 * the server forgets it at the push service's next 410.
 */
export async function resumePushSubscription(): Promise<void> {
  if (pushSupport() === 'unsupported' || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await saveSubscription(subscriptionBody(subscription));
}

export async function dropPushSubscriptionOnLogOut(): Promise<void> {
  if (pushSupport() === 'unsupported') return;
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}

/** Mounted once by the app shell: resumes push on sign-in, drops it on the user's own Log Out. */
export function usePushSession(): void {
  const token = useToken();
  useEffect(() => {
    if (token) {
      resumePushSubscription().catch((error: unknown) => console.error('Failed to resume push on this device', error));
    } else if (sessionEndReason() === 'logout') {
      dropPushSubscriptionOnLogOut().catch((error: unknown) => console.error('Failed to drop push on this device', error));
    }
  }, [token]);
}

/** usePushSession as an element of the app shell. */
export function PushSession(): null {
  usePushSession();
  return null;
}
