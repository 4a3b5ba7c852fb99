import { useEffect, useEffectEvent, useRef } from 'react';

export const autoShownKey = (userId: number) => `notifications_auto_shown_${userId}`;

/** What the session storage key holds once this session's chance has been taken: opened, or nothing to open. */
export const AUTO_SHOWN = 'true';
export const AUTO_SKIPPED = 'false';

/**
 * Whether the panel should open by itself now. `stored` is the session storage value (null: not
 * decided yet this session); `unreadAtStart` whether the first unread count this session saw was
 * above zero. Answers the value to store (null: decide later) and whether to open.
 */
export function autoOpenDecision(args: { stored: string | null; unreadAtStart: boolean; unreadNow: number; paused: boolean }): { store: string | null; open: boolean } {
  const { stored, unreadAtStart, unreadNow, paused } = args;
  if (stored !== null) return { store: null, open: false };
  // Nothing unread when the session started: later arrivals only change the badge.
  if (!unreadAtStart) return { store: AUTO_SKIPPED, open: false };
  // The tour comes first; the panel follows it.
  if (paused) return { store: null, open: false };
  // Read elsewhere meanwhile (another tab, the envelope): nothing left to show.
  return unreadNow > 0 ? { store: AUTO_SHOWN, open: true } : { store: AUTO_SKIPPED, open: false };
}

/**
 * Spec 1 §2: the panel opens by itself once per browser session and user, when there are unread
 * notifications (session storage key notifications_auto_shown_{userId}). That is when the session
 * starts: the first unread count the session sees decides. With none unread then, notifications
 * arriving later (a friend request while a stack is open) only change the envelope's badge and
 * never open a dialog over the user's work. While `paused` (the onboarding tour runs,
 * or has not yet decided whether it runs) the panel waits, and opens when the pause ends: the tour
 * and the panel come one after the other.
 */
export function useNotificationsAutoOpen(userId: number | undefined, unreadCount: number | undefined, open: () => void, paused = false) {
  const openPanel = useEffectEvent(open);
  /** The first count seen for this user in this page: the session's start, unless an earlier page already decided. */
  const start = useRef<{ userId: number; unread: boolean } | null>(null);
  useEffect(() => {
    if (userId === undefined || unreadCount === undefined) return;
    if (start.current?.userId !== userId) start.current = { userId, unread: unreadCount > 0 };
    const key = autoShownKey(userId);
    const decision = autoOpenDecision({ stored: sessionStorage.getItem(key), unreadAtStart: start.current.unread, unreadNow: unreadCount, paused });
    if (decision.store !== null) sessionStorage.setItem(key, decision.store);
    if (decision.open) openPanel();
  }, [userId, unreadCount, paused]);
}
