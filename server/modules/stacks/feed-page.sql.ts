import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { StacksTable } from '../../db/schema';
import { mutedIdsOf } from '../users/relations.sql';
import { canSeeStack } from './visibility.sql';

/**
 * Which stacks make up one page of the feed, read along indexes (README "How the feed scales").
 *
 * Every row the viewer may see comes from one of a few sources, each kept newest first by an
 * index of (source, sort column desc, id desc):
 * - 'o': friend stacks (and their twists) whose original the viewer owns (origin_owner_id);
 * - 'r': friend stacks (and their twists) addressed to the viewer (friend_id);
 * - 'g': one source per live group the viewer belongs to (group_id).
 * A recursive CTE merges them the way a k-way merge does: it holds the next visible row of each
 * source (`feed_head`), emits the newest, and fetches only that source's next row. A page at
 * offset O of L rows so costs O + L + (number of sources) index probes, each stopping at the
 * first row that passes the visibility test; nothing depends on how many stacks the viewer can
 * see or how many exist.
 *
 * The per-source tests are canSeeStack (visibility.sql.ts) with what the source already
 * guarantees taken out (a group source is a live group the viewer is in; a friend source has the
 * viewer on one side), plus the feed's own "not hidden for me" and filters. The property test in
 * tests/api/feed-property.test.ts holds this page equal to the reference query over canSeeStack.
 * The sub-queries are written `(select true ... limit 1) is [not] null`, not EXISTS: PostgreSQL may
 * turn an EXISTS into a hash of every row of the viewer (all their answers, all their hides), which
 * grows with the viewer's history; a LIMIT keeps each test a single index probe.
 */

/** A placeholder head's id: above every stack id, so (+infinity, TOP) starts a source from its newest row. */
const TOP = sql.raw('2147483647');

/** A page row: the stack row itself, its place in the feed (n, 1-based) and its group's name. */
export type FeedPageRow = Selectable<StacksTable> & { n: number; group_name: string | null };

/** The feed's filters (GET /v2/stacks filter_new, filter_friends, filter_no_bots; the twisted list). */
export interface FeedFilters {
  filterNew: boolean;
  filterFriends: boolean;
  filterNoBots: boolean;
  onlyTwisted: boolean;
}

export interface FeedPageOptions extends FeedFilters {
  offset: number;
  limit: number;
  orderBy: 'updated_at' | 'created_at';
}

/** Whether the viewer answered stack `stackId` (an SQL expression), as one index probe. */
const answered = (viewerId: number, stackId: RawBuilder<unknown>) =>
  sql<boolean>`((select true from stack_responses r where r.stack_id = ${stackId} and r.user_id = ${viewerId} limit 1) is not null)`;

/**
 * The filters every source applies to its rows (`s`). `muted` is the int[] of the users the viewer
 * muted (read once per statement): a stack or twist they wrote, or a twist of a stack they wrote,
 * is not in my feed (README "Mute"); opened by id it still is.
 */
function filters(viewerId: number, options: FeedFilters, muted: RawBuilder<unknown>) {
  const parts: RawBuilder<unknown>[] = [
    // Hidden for me, by me or by an admin: never in my feed.
    // (The probe runs only for viewers who have hides at all: most have none.)
    sql`case when (select true from stack_hides ah where ah.user_id = ${viewerId} limit 1) then (select true from stack_hides h where h.stack_id = s.id and h.user_id = ${viewerId} limit 1) is null else true end`,
    sql`not (s.owner_id = any(${muted}) or s.origin_owner_id = any(${muted}))`,
  ];
  if (options.filterNew) parts.push(sql`not ${answered(viewerId, sql`s.id`)}`);
  if (options.filterNoBots) parts.push(sql`s.bot_id is null`);
  if (options.onlyTwisted) parts.push(sql`s.parent_id is not null`);
  return sql.join(parts, sql` and `);
}

/**
 * The next row of source (`src`, `key`) older than (`at`, `id`) in the sort order that the viewer
 * may see: at most one row {id, at}. Only the branch of the source's kind runs (the others stop at
 * their one-time filter).
 */
function nextRow(viewerId: number, options: FeedPageOptions, src: RawBuilder<unknown>, key: RawBuilder<unknown>, at: RawBuilder<unknown>, id: RawBuilder<unknown>) {
  const sort = sql.raw(`s.${options.orderBy}`);
  const after = sql`(${sort}, s.id) < (${at}, ${id})`;
  const order = sql`order by ${sort} desc, s.id desc limit 1`;
  const rest = filters(viewerId, options, sql`(select ids from muted)::int[]`);
  // Twists of a friend stack: the viewer twisted it or answered the original.
  const friendTwist = sql`(s.parent_id is null or s.owner_id = ${viewerId} or ${answered(viewerId, sql`s.parent_id`)})`;
  const friend = (column: string, other: string) => sql`
    (select s.id, ${sort} as at, s as stack from stacks s
      where ${src} = ${sql.lit(column === 'origin_owner_id' ? 'o' : 'r')} and s.${sql.raw(column)} = ${key} and s.mode = 'friend' and ${after}
        and not s.${sql.raw(other)} = any((select ids from blocked)::int[])
        and ${friendTwist} and ${rest}
      ${order})`;
  const branches = [friend('origin_owner_id', 'friend_id'), friend('friend_id', 'origin_owner_id')];
  if (!options.filterFriends) {
    branches.push(sql`
    (select s.id, ${sort} as at, s as stack from stacks s
      where ${src} = 'g' and s.group_id = ${key} and ${after} and ${rest}
        and case when s.parent_id is null
          then not s.is_sandboxed or s.owner_id = ${viewerId} or ${answered(viewerId, sql`s.id`)}
          -- A twist: the viewer twisted it or answered the original, and may see the original.
          else (s.owner_id = ${viewerId} or ${answered(viewerId, sql`s.parent_id`)})
            and (select true from stack_hides ph where ph.stack_id = s.parent_id and ph.user_id = ${viewerId} and ph.hidden_by is distinct from ${viewerId} limit 1) is null
            and (select not ps.is_sandboxed or ps.owner_id = ${viewerId} or ${answered(viewerId, sql`ps.id`)} from stacks ps where ps.id = s.parent_id)
          end
      ${order})`);
  }
  return sql.join(branches, sql` union all `);
}

/**
 * The page's stack rows (FeedPageRow), n in (offset, offset + limit], to be read in order of n.
 */
export function feedPage(viewerId: number, options: FeedPageOptions) {
  const groups = options.filterFriends
    ? sql``
    : sql`union all
      select 'g', gm.group_id, g.name from group_members gm join groups g on g.id = gm.group_id and g.retired_at is null where gm.user_id = ${viewerId}`;
  const next = nextRow(viewerId, options, sql`p.src`, sql`p.key`, sql`p.at`, sql`p.id`);
  // Each source starts as a placeholder head at (+infinity, TOP). Picking a placeholder emits
  // nothing and fetches the source's first row; picking a real head emits it and fetches the row
  // after it. One nextRow serves both, so the statement holds one copy of it (planning time).
  // A head carries its whole stacks row, read by the probe anyway, so the page needs no second
  // lookup per row; a group source carries its group's name for the same reason.
  return sql<FeedPageRow>`(
    with recursive
    sources (src, key, label) as (
      select 'o'::"char", ${viewerId}::int, null::text union all select 'r'::"char", ${viewerId}::int, null::text
      ${groups}),
    blocked as (
      select coalesce(array_agg(case when b.blocker_id = ${viewerId} then b.blocked_id else b.blocker_id end), '{}') as ids
      from blocks b where b.blocker_id = ${viewerId} or b.blocked_id = ${viewerId}),
    muted as (select ${mutedIdsOf(viewerId)} as ids),
    merge (n, heads, picked) as (
      select 0, array(select row(src, key, label, 'infinity'::timestamptz, ${TOP}, null)::feed_head from sources), null::feed_head
      union all
      select m.n + (p.id <> ${TOP})::int,
        array(select h from unnest(m.heads) h where (h.src, h.key) <> (p.src, p.key))
          || array(select row(p.src, p.key, p.label, nx.at, nx.id, nx.stack)::feed_head from (${next}) nx),
        p::feed_head
      from merge m cross join lateral (select h.* from unnest(m.heads) h order by h.at desc, h.id desc limit 1) p
      where m.n < ${options.offset}::int + ${options.limit}::int)
    select m.n, (m.picked).label as group_name, ((m.picked).stack).* from merge m
    where (m.picked).id <> ${TOP} and m.n > ${options.offset}::int)`;
}

/**
 * Every row of the feed, unpaged, as a condition on stack row `s`: for set-based writes over the
 * whole feed (Hide New Stacks, Clear Updates), which must reach past the pages the client loaded.
 * It is the feed's plain definition, the one the property test holds the merge to (canSeeStack,
 * not hidden for the viewer, the same filters), narrowed first to the feed's sources (a friend
 * stack of mine, a stack of a group I am in) so that the scan follows their indexes.
 */
export function inFeed(viewerId: number, options: FeedFilters): RawBuilder<boolean> {
  const friendSource = sql`(s.mode = 'friend' and (s.origin_owner_id = ${viewerId} or s.friend_id = ${viewerId}))`;
  const sources = options.filterFriends
    ? friendSource
    : sql`(${friendSource} or s.group_id in (select gm.group_id from group_members gm where gm.user_id = ${viewerId}))`;
  return sql<boolean>`(${sources} and ${canSeeStack(viewerId, false)} and ${filters(viewerId, options, mutedIdsOf(viewerId))})`;
}
