import { useTRPC } from '../../lib/trpc';

/** Long enough that a detail opened right after `StackView` resolved it does not fetch it again. */
const FRESH_MS = 2_000;

/** GET /v1/stacks/{id}?mark_viewed=true: opening a stack marks it viewed (spec 2 §7). */
export function useStackQueryOptions() {
  const trpc = useTRPC();
  return {
    stack: (id: number) => ({ ...trpc.stacks.get.queryOptions({ id, mark_viewed: 'true' }), staleTime: FRESH_MS }),
    twisted: (id: number) => ({ ...trpc.twistedStacks.get.queryOptions({ id, mark_viewed: 'true' }), staleTime: FRESH_MS }),
  };
}
