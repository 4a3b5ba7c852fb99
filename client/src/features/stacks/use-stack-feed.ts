import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../../shared/limits';
import type { StackListItem } from '../../../../shared/schemas/stacks';
import { useTRPC } from '../../lib/trpc';
import type { StackFilters } from './stack-filters';

/** Spec 2 §9: 33 per page; more pages are assumed while a page comes back full. */
export const PAGE_SIZE = LIMITS.pageSizeStacks;

/** The offset of the next page, or undefined when the last page came back short (no more). */
export function nextFeedOffset(lastPage: readonly unknown[], allPages: readonly (readonly unknown[])[]): number | undefined {
  if (lastPage.length < PAGE_SIZE) return undefined;
  return allPages.reduce((sum, page) => sum + page.length, 0);
}

export const feedKey = (item: Pick<StackListItem, 'id' | 'type'>) => `${item.type}:${item.id}`;

/**
 * The pages joined, each stack once (by id and type): activity between two pages moves stacks up
 * the feed, so a later page may repeat one already shown.
 */
export function mergeFeedPages(pages: readonly (readonly StackListItem[])[]): StackListItem[] {
  const seen = new Set<string>();
  const items: StackListItem[] = [];
  for (const page of pages) {
    for (const item of page) {
      const key = feedKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

/** GET /v2/stacks page by page for the filters in force; the first page loads when they change. */
export function useStackFeed(filters: StackFilters) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    // Under the stacks.list path, so invalidating the stacks router refreshes the feed too.
    queryKey: [...trpc.stacks.list.pathKey(), { feed: filters }],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      queryClient.fetchQuery({
        ...trpc.stacks.list.queryOptions({
          offset: pageParam,
          limit: PAGE_SIZE,
          filter_new: String(filters.new),
          filter_friends: String(filters.friends),
          filter_no_bots: String(filters.noBots),
        }),
        staleTime: 0,
      }),
    getNextPageParam: (lastPage, allPages) => nextFeedOffset(lastPage, allPages),
  });
}
