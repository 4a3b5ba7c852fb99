import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from './trpc';

/**
 * Mute and unmute (docs/mute.md), for the profile's Mute button and Settings' muted users. After
 * either, everything a mute filters is read again: the feed and twisted stacks (and open stacks'
 * comments), notifications and their counts, profiles (their `muted` flag) and the muted list.
 */
export function useMuteActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mute = useMutation(trpc.mutes.mute.mutationOptions());
  const unmute = useMutation(trpc.mutes.unmute.mutationOptions());
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.mutes.pathFilter()),
        queryClient.invalidateQueries(trpc.users.get.pathFilter()),
        queryClient.invalidateQueries(trpc.stacks.pathFilter()),
        queryClient.invalidateQueries(trpc.twistedStacks.pathFilter()),
        queryClient.invalidateQueries(trpc.notifications.pathFilter()),
      ]),
    [queryClient, trpc],
  );
  return {
    mute: async (userId: number) => {
      await mute.mutateAsync({ user_id: userId });
      await refresh();
    },
    unmute: async (userId: number) => {
      await unmute.mutateAsync({ id: userId });
      await refresh();
    },
    busy: mute.isPending || unmute.isPending,
  };
}
