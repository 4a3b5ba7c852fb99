import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../../shared/limits';
import type { Comment } from '../../../../shared/schemas/stacks';
import { useTRPC } from '../../lib/trpc';

/** A detail call's comment page: oldest first, and whether older comments remain. */
interface CommentPage {
  comments: Comment[];
  comments_has_more: boolean;
}

/**
 * The pages joined oldest first, each comment once: `olderPages` as loaded (each one older than
 * the one before), then the newest page the stack detail came with.
 */
export function joinCommentPages(newest: readonly Comment[], olderPages: readonly CommentPage[]): Comment[] {
  const seen = new Set<number>();
  const joined: Comment[] = [];
  for (const page of [...olderPages].reverse().map((p) => p.comments).concat([[...newest]])) {
    for (const comment of page) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      joined.push(comment);
    }
  }
  return joined;
}

/**
 * The comments of a stack detail beyond the newest page it came with (GET /v1/stacks/{id} with
 * comments_offset counting back from the newest). Nothing is fetched until `loadMore`; `refresh`
 * fetches the loaded pages again after a change, so that offsets, edits and deletions stay right.
 */
export function useCommentPages(kind: 'stack' | 'twisted', stackId: number, newest: readonly Comment[], newestHasMore: boolean) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = kind === 'stack' ? trpc.stacks : trpc.twistedStacks;
  const older = useInfiniteQuery({
    queryKey: [...router.get.pathKey(), { olderComments: stackId }],
    // The newest page is the detail's own; older pages start where it ends.
    initialPageParam: newest.length,
    queryFn: async ({ pageParam }): Promise<CommentPage> => {
      const input = { id: stackId, comments_offset: pageParam, comments_limit: LIMITS.commentsPerCall };
      const page =
        kind === 'stack'
          ? await queryClient.fetchQuery({ ...trpc.stacks.get.queryOptions(input), staleTime: 0 })
          : await queryClient.fetchQuery({ ...trpc.twistedStacks.get.queryOptions(input), staleTime: 0 });
      return { comments: page.comments, comments_has_more: page.comments_has_more };
    },
    getNextPageParam: (lastPage, _pages, lastOffset) => (lastPage.comments_has_more ? lastOffset + lastPage.comments.length : undefined),
    // Only on request: the first page comes with the stack.
    enabled: false,
    // Dropped with the detail: pages kept across visits would no longer line up with the newest page.
    gcTime: 0,
  });
  const pages = older.data?.pages ?? [];
  const loaded = pages.length > 0;
  return {
    comments: joinCommentPages(newest, pages),
    hasMore: newestHasMore && (loaded ? older.hasNextPage : true),
    loading: older.isFetching,
    loadMore: async () => {
      if (older.isFetching) return;
      const result = await older.fetchNextPage();
      if (result.error) console.error('Failed to load more comments', result.error);
    },
    refresh: async () => {
      if (loaded) await older.refetch();
    },
  };
}
