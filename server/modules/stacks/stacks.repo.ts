import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { LIMITS } from '../../../shared/limits';
import type { Db } from '../../db/client';
import { isoTimestamp } from '../../db/dates';
import { reusableStatement } from '../../db/reusable-statement';
import type { StackListItem } from '../../../shared/schemas/stacks';
import { blockedOtherOf, blocksOf, canSeeStack, commentReadableBy, inEditWindow, inStackAudience, isGroupMember, isInvitedTo, notBlockedAmong, notMutedAmong } from '../../policy';
import { bannerIs, commentsUnseen, responseUnseen } from './banner.sql';
import { FEED_SHAPES, feedPage, inFeed, type FeedFilters, type FeedPageOptions, type FeedShape } from './feed-page.sql';
import type { Viewer } from '../../viewer';

type StackAudience = { type: 'friend' | 'group'; user: { id: number; username: string; avatar_id: number } | null; group: { id: number; name: string } | null };

/** The friend of friend stack `s` as JSON, or null (no lookup for a group stack). */
const friendJson = sql`case when s.friend_id is null then null else
  (select json_build_object('id', fu.id, 'username', fu.username, 'avatar_id', fu.avatar_id) from users fu where fu.id = s.friend_id) end`;

/** The audience of `s` as JSON: {type, user, group}. */
const audienceJson = sql<StackAudience>`
  json_build_object(
    'type', s.mode,
    'user', ${friendJson},
    'group', (select json_build_object('id', ag.id, 'name', ag.name) from groups ag where ag.id = s.group_id))`;

/** The bot that posted `s`, or null (no lookup for a person's stack: bots is small enough to be scanned, per row). */
const botJson = sql<{ id: number; name: string; avatar_id: number } | null>`case when s.bot_id is null then null else
  (select json_build_object('id', sb.id, 'name', sb.name, 'avatar_id', sb.avatar_id) from bots sb where sb.id = s.bot_id) end`;

/** A twisted row (`s` itself) as its twist; null for an original stack, even one that was twisted. */
const twistOfRow = sql<{ id: number; twist_description: string; owner_id: number; owner_username: string } | null>`
  case when s.parent_id is null then null else
    json_build_object('id', s.id, 'twist_description', s.twist_description, 'owner_id', s.owner_id,
      'owner_username', (select tu.username from users tu where tu.id = s.owner_id)) end`;

/** A feed item as the statement builds it: the API's StackListItem but the viewer's own is_answered (feed.service.ts). */
export type FeedItemRow = Omit<StackListItem, 'me'> & { me: Omit<StackListItem['me'], 'is_answered'> };

/**
 * The feed (GET /v2/stacks): stacks and twisted stacks the viewer may see and has not hidden,
 * with responders, per-viewer flags and audience, in one statement whatever the page size, as
 * one JSON array of the API's items (the app only parses it: no row mapping, no date parsing).
 * The page is chosen first along the feed's indexes (feed-page.sql.ts), so the per-row details
 * are built for that page only. Built once per shape and reused (reusable-statement.ts).
 */
function feedItemsQuery(db: Db, viewerId: number, options: FeedPageOptions) {
  return db
    .with(
      (cte) => cte('page').materialized(),
      () => feedPage(viewerId, options),
    )
    .selectFrom('page as s')
    // A twist is listed under its original, so with the original's owner.
    .innerJoin('users as o', 'o.id', 's.origin_owner_id')
    .leftJoin('stack_views as v', (join) => join.onRef('v.stack_id', '=', 's.id').on('v.user_id', '=', viewerId))
    .select((eb) => {
      const users = jsonArrayFrom(
        eb
          .selectFrom('stack_responses as r')
          .innerJoin('users as ru', 'ru.id', 'r.user_id')
          .select(['r.user_id', 'ru.username', sql<boolean>`true`.as('is_answered'), sql<boolean>`not ${responseUnseen(viewerId)}`.as('is_viewed')])
          .whereRef('r.stack_id', '=', 's.id')
          .where(notBlockedAmong(viewerId, sql<number>`r.user_id`))
          .orderBy('r.created_at'),
      );
      // The group's name came with the page (from the viewer's group sources).
      const item = sql`json_build_object(
        'id', coalesce(s.parent_id, s.id),
        'type', case when s.parent_id is null then 'stack' else 'twisted' end,
        'name', s.name,
        'owner_id', o.id,
        'owner_username', o.username,
        'owner_avatar_id', o.avatar_id,
        'created_at', ${isoTimestamp(sql.ref('s.created_at'))},
        'updated_at', ${isoTimestamp(sql.ref('s.updated_at'))},
        'audience', json_build_object('type', s.mode, 'user', ${friendJson},
          'group', case when s.group_id is null then null else json_build_object('id', s.group_id, 'name', s.group_name) end),
        'bot', ${botJson},
        'twist', ${twistOfRow},
        'users', ${users},
        'me', json_build_object('viewed', v.viewed_at is not null, 'viewed_comments', not ${commentsUnseen(viewerId)}))`;
      return [sql<FeedItemRow[]>`coalesce(json_agg(${item} order by s.n), '[]'::json)`.as('items')];
    });
}

const feedStatement = reusableStatement({
  name: 'feed page',
  numbers: ['viewer', 'offset', 'limit'],
  shapeKey: (shape: FeedShape) => `${+shape.filterNew}${+shape.filterFriends}${+shape.filterNoBots}${+shape.onlyTwisted}${shape.orderBy}`,
  maxShapes: FEED_SHAPES.length,
  build: (db, shape, numbers: { viewer: number; offset: number; limit: number }) => feedItemsQuery(db, numbers.viewer, { ...shape, offset: numbers.offset, limit: numbers.limit }),
});

/** One page of the viewer's feed, in order. */
export async function listFeed(db: Db, viewer: Viewer, options: FeedPageOptions): Promise<FeedItemRow[]> {
  const { offset, limit, ...shape } = options;
  const [row] = await feedStatement.execute(db, shape, { viewer: viewer.id, offset, limit });
  return row.items;
}

/** A page of comments: `offset` counts back from the newest. */
export interface CommentsPage {
  offset: number;
  limit: number;
}

/**
 * One stack (or twisted stack) as the viewer may see it, with its responders, one page of
 * comments, hides and the original's responders (for twisted stacks), in one statement.
 * Undefined when not visible. The comments come newest first, `limit + 1` of them at most (the
 * extra one tells whether older ones exist), read along comments_stack_page_idx.
 */
export function findStackForViewer(db: Db, viewer: Viewer, id: number, kind: 'stack' | 'twisted', comments: CommentsPage = { offset: 0, limit: LIMITS.commentsPerCall }) {
  return db
    .selectFrom('stacks as s')
    .innerJoin('users as o', 'o.id', 's.owner_id')
    .select((eb) => [
      's.id',
      's.parent_id',
      's.name',
      's.positions',
      's.twist_description',
      's.owner_id',
      'o.username as owner_username',
      'o.avatar_id as owner_avatar_id',
      's.created_at',
      's.is_sandboxed',
      's.mode',
      's.friend_id',
      's.group_id',
      's.bot_id',
      botJson.as('bot'),
      audienceJson.as('audience'),
      inEditWindow.as('in_edit_window'),
      sql<{ id: number; twist_description: string; owner_id: number; owner_username: string } | null>`(
        select json_build_object('id', t.id, 'twist_description', t.twist_description, 'owner_id', t.owner_id, 'owner_username', tu.username)
        from stacks t join users tu on tu.id = t.owner_id where t.parent_id = s.id)`.as('twist'),
      jsonArrayFrom(
        eb
          .selectFrom('stack_responses as r')
          .innerJoin('users as ru', 'ru.id', 'r.user_id')
          .select(['r.user_id', 'ru.username', 'ru.avatar_id', 'r.ranking', 'r.created_at'])
          .whereRef('r.stack_id', '=', 's.id')
          .orderBy('r.created_at'),
      ).as('responses'),
      jsonArrayFrom(
        eb
          .selectFrom('stack_responses as pr')
          .innerJoin('users as pu', 'pu.id', 'pr.user_id')
          .select(['pr.user_id', 'pu.username', 'pu.avatar_id', 'pr.ranking', 'pr.created_at'])
          .whereRef('pr.stack_id', '=', 's.parent_id')
          .orderBy('pr.created_at'),
      ).as('parent_responses'),
      jsonArrayFrom(
        eb
          .selectFrom('comments as c')
          .innerJoin('users as cu', 'cu.id', 'c.user_id')
          .select(['c.id', 'c.user_id', 'cu.username', 'cu.avatar_id', 'c.description', 'c.created_at', 'c.updated_at', 'c.is_sandboxed', 'c.sandboxed_by_admin'])
          .whereRef('c.stack_id', '=', 's.id')
          // Filtered here, not after: a page must hold `limit` comments the viewer may read.
          .where(commentReadableBy(viewer))
          // Comments of users the viewer muted are not shown to the viewer (docs/mute.md).
          .where(notMutedAmong(viewer.id, sql<number>`c.user_id`))
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .offset(comments.offset)
          .limit(comments.limit + 1),
      ).as('comments'),
      jsonArrayFrom(eb.selectFrom('stack_hides as h').select('h.user_id').whereRef('h.stack_id', '=', 's.id').orderBy('h.user_id')).as('hides'),
      jsonArrayFrom(
        blocksOf(viewer.id).select(
          // Whether they left a comment the viewer could otherwise read, on any page.
          sql<boolean>`exists (select 1 from comments bc
            where bc.user_id = ${blockedOtherOf(viewer.id)}
              and bc.stack_id = s.id and (not bc.is_sandboxed or ${viewer.isAdmin}))`.as('commented'),
        ),
      ).as('blocked'),
      inStackAudience(viewer).as('in_audience'),
    ])
    .where('s.id', '=', id)
    .where('s.parent_id', kind === 'stack' ? 'is' : 'is not', null)
    .where(canSeeStack(viewer.id, viewer.isAdmin))
    .executeTakeFirst();
}

/** The bare row, for permission checks before writes. */
export function findStackRow(db: Db, viewer: Viewer, id: number, kind: 'stack' | 'twisted') {
  return db
    .selectFrom('stacks as s')
    .select([
      's.id',
      's.parent_id',
      's.owner_id',
      's.mode',
      's.friend_id',
      's.group_id',
      's.bot_id',
      's.is_sandboxed',
      inEditWindow.as('in_edit_window'),
      sql<number>`(select count(*)::int from stack_responses r where r.stack_id = s.id and r.user_id <> s.owner_id)`.as('other_responders'),
      sql<number>`(select count(*)::int from stack_responses r where r.stack_id = s.id)`.as('responders'),
      sql<boolean>`exists (select 1 from stack_responses r where r.stack_id = s.id and r.user_id = ${viewer.id})`.as('viewer_answered'),
      sql<boolean>`exists (select 1 from stacks t where t.parent_id = s.id)`.as('is_twisted'),
      inStackAudience(viewer).as('in_audience'),
    ])
    .where('s.id', '=', id)
    .where('s.parent_id', kind === 'stack' ? 'is' : 'is not', null)
    .where(canSeeStack(viewer.id, viewer.isAdmin))
    .executeTakeFirst();
}

export function insertStack(
  db: Db,
  values: { name: string | null; positions: string[]; owner_id: number; mode: 'friend' | 'group'; friend_id: number | null; group_id: number | null; bot_id?: number | null; parent_id?: number | null; twist_description?: string | null },
) {
  return db
    .insertInto('stacks')
    .values({ ...values, positions: sql`${JSON.stringify(values.positions)}::jsonb` as never })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** Copies a stack as its twisted stack. */
export function insertTwist(db: Db, parentId: number, ownerId: number, twistDescription: string) {
  return db
    .insertInto('stacks')
    .columns(['parent_id', 'name', 'positions', 'twist_description', 'owner_id', 'mode', 'friend_id', 'group_id', 'bot_id'])
    .expression((eb) =>
      eb
        .selectFrom('stacks')
        .select(['id', 'name', 'positions', sql.val(twistDescription).as('twist_description'), sql.val(ownerId).as('owner_id'), 'mode', 'friend_id', 'group_id', 'bot_id'])
        .where('id', '=', parentId),
    )
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export function updateStackContent(db: Db, id: number, values: { name?: string | null; positions?: string[]; twist_description?: string }) {
  const { positions, ...rest } = values;
  return db
    .updateTable('stacks')
    .set({ ...rest, ...(positions ? { positions: sql`${JSON.stringify(positions)}::jsonb` as never } : {}), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export function touchStack(db: Db, id: number) {
  return db.updateTable('stacks').set({ updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function insertResponse(db: Db, stackId: number, userId: number, ranking: number[]): Promise<boolean> {
  const result = await db
    .insertInto('stack_responses')
    .values({ stack_id: stackId, user_id: userId, ranking: sql`${JSON.stringify(ranking)}::jsonb` as never })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Marks the stack and its comments seen by the viewer now. */
export function markViewed(db: Db, stackId: number, userId: number) {
  return db
    .insertInto('stack_views')
    .values({ stack_id: stackId, user_id: userId })
    .onConflict((oc) => oc.columns(['stack_id', 'user_id']).doUpdateSet({ viewed_at: sql`now()`, comments_viewed_at: sql`now()` }))
    .execute();
}

/**
 * The viewer's feed rows (under `filters`) whose banner is in `kind`'s group (banner.sql.ts), as
 * stack ids: `s` is the stack, `v` the viewer's stack_views row.
 */
function feedStacksWithBanner(db: Db, viewerId: number, filters: FeedFilters, kind: 'new' | 'update') {
  return db
    .selectFrom('stacks as s')
    .leftJoin('stack_views as v', (join) => join.onRef('v.stack_id', '=', 's.id').on('v.user_id', '=', viewerId))
    .where(inFeed(viewerId, filters))
    .where(bannerIs(viewerId, kind));
}

/**
 * Hides for the viewer feed stacks whose banner is new (Hide New Stacks), at most `max` of them,
 * in one statement, all under `batchId` (so they can be shown again together); answers how many.
 */
export async function hideNewStacks(db: Db, viewerId: number, filters: FeedFilters, max: number, batchId: number): Promise<number> {
  const result = await db
    .insertInto('stack_hides')
    .columns(['stack_id', 'user_id', 'hidden_by', 'batch_id'])
    .expression(
      feedStacksWithBanner(db, viewerId, filters, 'new')
        .select(['s.id', sql.val(viewerId).as('user_id'), sql.val(viewerId).as('hidden_by'), sql.val(batchId).as('batch_id')])
        .limit(max),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Marks viewed, as markViewed does (responses and comments), feed stacks whose banner is new
 * responses or new comments (Clear Updates), at most `max` of them, in one statement; answers how many.
 */
export async function clearStackUpdates(db: Db, viewerId: number, filters: FeedFilters, max: number): Promise<number> {
  const result = await db
    .insertInto('stack_views')
    .columns(['stack_id', 'user_id'])
    .expression(feedStacksWithBanner(db, viewerId, filters, 'update').select(['s.id', sql.val(viewerId).as('user_id')]).limit(max))
    .onConflict((oc) => oc.columns(['stack_id', 'user_id']).doUpdateSet({ viewed_at: sql`now()`, comments_viewed_at: sql`now()` }))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export function insertHides(db: Db, stackId: number, userIds: number[], hiddenBy: number) {
  return db
    .insertInto('stack_hides')
    .values(userIds.map((user_id) => ({ stack_id: stackId, user_id, hidden_by: hiddenBy })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function setSandboxed(db: Db, id: number, sandboxed: boolean) {
  return db.updateTable('stacks').set({ is_sandboxed: sandboxed }).where('id', '=', id).execute();
}

export function deleteStack(db: Db, id: number) {
  return db.deleteFrom('stacks').where('id', '=', id).execute();
}

export function insertComment(db: Db, stackId: number, userId: number, description: string) {
  return db.insertInto('comments').values({ stack_id: stackId, user_id: userId, description }).returning(['id']).executeTakeFirstOrThrow();
}

export function findComment(db: Db, stackId: number, commentId: number) {
  return db.selectFrom('comments').select(['id', 'user_id', 'is_sandboxed', 'sandboxed_by_admin']).where('id', '=', commentId).where('stack_id', '=', stackId).executeTakeFirst();
}

export function updateComment(db: Db, commentId: number, values: { description?: string; is_sandboxed?: boolean; sandboxed_by_admin?: boolean }) {
  return db
    .updateTable('comments')
    .set({ ...values, ...(values.description !== undefined ? { updated_at: sql`now()` } : {}) })
    .where('id', '=', commentId)
    .execute();
}

export function deleteComment(db: Db, commentId: number) {
  return db.deleteFrom('comments').where('id', '=', commentId).execute();
}

/** Can `userId` create a stack in this group? One statement. */
export function findGroupForStack(db: Db, groupId: number, userId: number) {
  return db
    .selectFrom('groups as g')
    .select([
      'g.id',
      'g.owner_id',
      'g.is_readonly',
      'g.is_public',
      isGroupMember(sql<number>`g.id`, userId).as('is_member'),
      // Invitees may see a private group (as in the groups module), so they get 403, not 404.
      isInvitedTo(sql<number>`g.id`, userId).as('is_invited'),
    ])
    .where('g.id', '=', groupId)
    .where('g.retired_at', 'is', null)
    .executeTakeFirst();
}
