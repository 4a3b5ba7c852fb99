import { useEffect, useEffectEvent } from 'react';

export const autoShownKey = (userId: number) => `notifications_auto_shown_${userId}`;

/**
 * Spec 1 §2: the panel opens by itself once per browser session and user, the first time there
 * are unread notifications (session storage key notifications_auto_shown_{userId}). While `paused`
 * (the onboarding tour runs, or has not yet decided whether it runs) it waits, and opens when the
 * pause ends if it still should: the tour and the panel come one after the other.
 */
export function useNotificationsAutoOpen(userId: number | undefined, unreadCount: number | undefined, open: () => void, paused = false) {
  const openPanel = useEffectEvent(open);
  useEffect(() => {
    if (paused || userId === undefined || !unreadCount) return;
    const key = autoShownKey(userId);
    if (sessionStorage.getItem(key) !== null) return;
    sessionStorage.setItem(key, 'true');
    openPanel();
  }, [userId, unreadCount, paused]);
}
