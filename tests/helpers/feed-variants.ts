import type { FeedFilters, FeedPageOptions } from '../../server/modules/stacks/feed-page.sql';

/** Every variant of the feed: 8 combinations of the filters x 2 orders x the feed and the twisted list. */
export function feedVariantsForTests(): (FeedFilters & Pick<FeedPageOptions, 'orderBy'>)[] {
  return [false, true].flatMap((onlyTwisted) =>
    (['updated_at', 'created_at'] as const).flatMap((orderBy) =>
      [0, 1, 2, 3, 4, 5, 6, 7].map((bits) => ({ filterNew: (bits & 1) !== 0, filterFriends: (bits & 2) !== 0, filterNoBots: (bits & 4) !== 0, orderBy, onlyTwisted })),
    ),
  );
}
