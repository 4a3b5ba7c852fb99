import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Settings changes show on the current user (GET /v1/users/me), fetched again after each one. */
export function useRefreshMe() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.users.me.queryFilter());
}
