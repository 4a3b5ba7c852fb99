import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TIMINGS } from '../../../shared/limits';
import { useTRPC } from './trpc';

/**
 * GET /v1/users/notifications/unread-count, cached 30 s (spec 1 §7). Not polled: a live
 * notification.created event brings the new counts (app/live-events.ts).
 */
export function useUnreadCount(enabled = true) {
  const trpc = useTRPC();
  return useQuery(
    trpc.notifications.unreadCount.queryOptions(undefined, {
      staleTime: TIMINGS.notificationsCacheMs,
      enabled,
    }),
  );
}

/** Drops both notification caches (list and count) so they are fetched again. */
export function useRefreshNotifications() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.notifications.pathFilter());
}

/** POST /v1/users/notifications/mark-read; clears both caches (spec 1 §7). */
export function useMarkNotificationsRead() {
  const trpc = useTRPC();
  const refresh = useRefreshNotifications();
  return useMutation(trpc.notifications.markRead.mutationOptions({ onSettled: () => refresh() }));
}

/**
 * The list is cached for 30 s, the count kept live: when the count moves, the cached list is out of
 * date, so it is marked stale (fetched again at once if the panel is open, else when it opens).
 */
export function useListFollowsCount(unreadCount: number | undefined) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (unreadCount === undefined) return;
    void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
  }, [unreadCount, queryClient, trpc]);
}
