import { useQuery } from '@tanstack/react-query';
import { TIMINGS } from '../../../shared/limits';
import { useTRPC } from './trpc';

/** GET /v1/users/me, cached 60 s (spec 1 §7). */
export function useCurrentUser() {
  const trpc = useTRPC();
  return useQuery(trpc.users.me.queryOptions(undefined, { staleTime: TIMINGS.currentUserCacheMs }));
}
