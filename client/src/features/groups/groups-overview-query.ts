import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { TIMINGS } from '../../../../shared/limits';
import type { GroupsOverview } from '../../../../shared/schemas/groups';
import { readOverviewCache, writeOverviewCache } from '../../lib/groups-cache';
import { useTRPC } from '../../lib/trpc';

export type GroupsOverviewData = z.infer<typeof GroupsOverview>;

/**
 * GET /v1/users/groups/overview, kept 30 s in session storage (spec 2 §4): a mount within 30 s of
 * the last answer, even after a reload, shows it without asking the server again.
 */
export function useGroupsOverview() {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.groups.overview.queryOptions(undefined, {
      staleTime: TIMINGS.groupsOverviewCacheMs,
      initialData: () => readOverviewCache<GroupsOverviewData>()?.data,
      initialDataUpdatedAt: () => readOverviewCache<GroupsOverviewData>()?.savedAt,
    }),
  );
  const { data, dataUpdatedAt, isStale } = query;
  useEffect(() => {
    // Stale data (old, or invalidated after a membership change) must not be stored as fresh.
    if (data && dataUpdatedAt > 0 && !isStale) writeOverviewCache(data, dataUpdatedAt);
  }, [data, dataUpdatedAt, isStale]);
  return query;
}
