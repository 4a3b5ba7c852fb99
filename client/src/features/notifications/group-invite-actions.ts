import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRefreshGroups } from '../../lib/groups-cache';
import { useTRPC } from '../../lib/trpc';

export interface RespondToGroupInvite {
  /** PUT /v1/users/groups/requests/{id} with ACCEPTED: the viewer becomes a member. */
  accept(requestId: number): Promise<void>;
  /** The same call with REJECTED. */
  ignore(requestId: number): Promise<void>;
}

/**
 * Answers a GROUP_INVITE notification (spec 1 §2, spec 2 §4). Either answer changes what the
 * groups screens show, so the groups calls and the stored overview are dropped afterwards.
 * Failures are thrown to the caller, which shows its own message.
 */
export function useRespondToGroupInvite(): RespondToGroupInvite {
  const trpc = useTRPC();
  const refreshGroups = useRefreshGroups();
  const { mutateAsync } = useMutation(trpc.groups.respond.mutationOptions());
  return useMemo(() => {
    const answer = async (requestId: number, status: 'ACCEPTED' | 'REJECTED') => {
      await mutateAsync({ id: requestId, status });
      await refreshGroups();
    };
    return { accept: (requestId) => answer(requestId, 'ACCEPTED'), ignore: (requestId) => answer(requestId, 'REJECTED') };
  }, [mutateAsync, refreshGroups]);
}
