import { sql, type RawBuilder } from 'kysely';

/**
 * The feed's restatement of canSeeStack (stack-visibility.ts), per source, for speed. The feed
 * (server/modules/stacks/feed-page.sql.ts) reads each of its sources along an index and tests the
 * rows it reads from that index alone (row `c`: id, parent_id, owner_id, origin_owner_id,
 * friend_id, bot_id, is_sandboxed), so the rule is restated with what the source already
 * guarantees taken out:
 * - 'o': friend stacks (and their twists) whose original the viewer owns (origin_owner_id);
 * - 'r': friend stacks (and their twists) addressed to the viewer (friend_id);
 * - 'g': one source per live group the viewer belongs to (feedGroupSources).
 * The viewer's sets (what they hid, who is blocked either way, whom they muted) and answers are
 * read by the feed as it sees fit (sorted arrays, probes): the rule names them through FeedLookups.
 * tests/api/policy-feed.test.ts holds it equal to canSeeStack for every (viewer, stack) of random
 * small worlds; tests/api/feed-property.test.ts holds the feed's pages equal to the plain query.
 */

/** The viewer's sets the rule reads: hidden for me (by anyone), hidden for me by someone else (an admin), blocked either way, muted. */
export type FeedSet = 'hidden' | 'hidden_by_others' | 'blocked' | 'muted';

export interface FeedLookups {
  /** Whether `x` is in the viewer's set. */
  among(x: RawBuilder<unknown>, set: FeedSet): RawBuilder<boolean>;
  /** Whether the viewer answered stack `x`. */
  answered(x: RawBuilder<unknown>): RawBuilder<boolean>;
}

export type FeedSourceKind = 'o' | 'r' | 'g';

/**
 * Row `c` is shown to the viewer at all: not hidden for them (by them or by an admin: never in
 * their feed), and (docs/mute.md) not a stack or twist a muted user wrote, nor a twist of a
 * stack they wrote.
 */
export function feedRowShown(l: FeedLookups): RawBuilder<boolean> {
  return sql<boolean>`not ${l.among(sql`c.id`, 'hidden')} and not ${l.among(sql`c.owner_id`, 'muted')} and not ${l.among(sql`c.origin_owner_id`, 'muted')}`;
}

/** The share of canSeeStack that a row `c` of a source of kind `kind` must still pass. */
export function feedSourceAllows(viewerId: number, kind: FeedSourceKind, l: FeedLookups): RawBuilder<boolean> {
  if (kind === 'g') {
    return sql<boolean>`case when c.parent_id is null
      then not c.is_sandboxed or c.owner_id = ${viewerId} or ${l.answered(sql`c.id`)}
      -- A twist: the viewer answered the original (so may see it, unless an admin hid it for them),
      -- or twisted it and may see the original.
      else not ${l.among(sql`c.parent_id`, 'hidden_by_others')}
        and (${l.answered(sql`c.parent_id`)}
          or (c.owner_id = ${viewerId} and (select not ps.is_sandboxed or ps.owner_id = ${viewerId} from stacks ps where ps.id = c.parent_id)))
      end`;
  }
  // A friend stack: the one on the other side is not blocked (either way). Its twist: the
  // viewer twisted it or answered the original.
  return sql<boolean>`not ${l.among(kind === 'o' ? sql`c.friend_id` : sql`c.origin_owner_id`, 'blocked')} and (c.parent_id is null or c.owner_id = ${viewerId} or ${l.answered(sql`c.parent_id`)})`;
}

/** The feed's group sources: one row ('g', group id, group name) per live group the viewer is a member of. */
export const feedGroupSources = (viewerId: number): RawBuilder<unknown> =>
  sql`select 'g', gm.group_id, g.name from group_members gm join groups g on g.id = gm.group_id and g.retired_at is null where gm.user_id = ${viewerId}`;

/**
 * Stack row `s` is in one of the viewer's feed sources (a friend stack of theirs, a stack of a
 * group they are in; friend stacks only when `friendsOnly`): a narrowing that lets a scan of the
 * whole feed follow the sources' indexes before canSeeStack decides.
 */
export function feedSourcesOf(viewerId: number, friendsOnly: boolean): RawBuilder<boolean> {
  const friendSource = sql<boolean>`(s.mode = 'friend' and (s.origin_owner_id = ${viewerId} or s.friend_id = ${viewerId}))`;
  return friendsOnly ? friendSource : sql<boolean>`(${friendSource} or s.group_id in (select gm.group_id from group_members gm where gm.user_id = ${viewerId}))`;
}
