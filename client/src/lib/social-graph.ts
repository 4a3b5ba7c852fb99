import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from './trpc';

/**
 * After a friend action (request, accept, ignore, unfriend, block): the users list, friends,
 * profiles and the notification counts all may have changed.
 */
export function useRefreshSocialGraph() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.users.list.pathFilter()),
        queryClient.invalidateQueries(trpc.users.get.pathFilter()),
        queryClient.invalidateQueries(trpc.users.shared.pathFilter()),
        queryClient.invalidateQueries(trpc.friends.pathFilter()),
        queryClient.invalidateQueries(trpc.notifications.pathFilter()),
      ]),
    [queryClient, trpc],
  );
}
