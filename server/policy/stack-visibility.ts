import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Viewer } from '../viewer';
import { notBlockedBetween } from './blocks';
import { isGroupMember } from './groups';
import type { IsAdminSql, ViewerIdSql } from './sql-viewer';

export interface CanSeeStackOptions {
  /**
   * When true, a sandboxed stack is treated as not sandboxed: live events lift it for the change
   * that sandboxed or unsandboxed a stack, so that those who saw it before (or see it after) hear of it.
   */
  sandboxLifted?: Expression<boolean>;
}

/** The audience rule for the stack row aliased `a`. */
function audienceAllows(a: string, viewerId: ViewerIdSql, isAdmin: IsAdminSql, options: CanSeeStackOptions): RawBuilder<boolean> {
  const t = sql.raw(a);
  const sandboxed = options.sandboxLifted ? sql<boolean>`(${t}.is_sandboxed and not ${options.sandboxLifted})` : sql<boolean>`${t}.is_sandboxed`;
  return sql<boolean>`(
    (${t}.mode = 'friend' and (${t}.owner_id = ${viewerId} or ${t}.friend_id = ${viewerId})
      and ${notBlockedBetween(sql<number>`${t}.owner_id`, sql<number>`${t}.friend_id`)})
    or (${t}.mode = 'group'
      and exists (select 1 from groups g where g.id = ${t}.group_id and g.retired_at is null)
      and (${isAdmin}
        or (${isGroupMember(sql<number>`${t}.group_id`, viewerId)}
          and not exists (select 1 from stack_hides hf
            where hf.stack_id = ${t}.id and hf.user_id = ${viewerId} and hf.hidden_by is distinct from ${viewerId})
          and (not ${sandboxed} or ${t}.owner_id = ${viewerId}
            or exists (select 1 from stack_responses sr where sr.stack_id = ${t}.id and sr.user_id = ${viewerId})))))
  )`;
}

/**
 * Who may see stack row `s` (DESIGN §3 Stacks), as one SQL condition:
 * - a friend stack: its owner and its friend, unless one has blocked the other;
 * - a group stack: current members of a live group, minus those an admin hid it for; a sandboxed
 *   one only its owner and those who already answered; admins see every group stack (moderation);
 * - a twisted stack (parent_id set): whoever may see the original and either twisted it or
 *   answered the original.
 * The viewer is a value or an SQL expression (ViewerIdSql); REST reads and live events share this.
 * Two restatements are held equal to it by property tests: the feed's per-source form
 * (feed-visibility.ts) and the deleted stack's snapshot (deletedStackVisible below).
 */
export function canSeeStack(viewerId: ViewerIdSql, isAdmin: IsAdminSql, options: CanSeeStackOptions = {}): RawBuilder<boolean> {
  return sql<boolean>`(
    (s.parent_id is null and ${audienceAllows('s', viewerId, isAdmin, options)})
    or (s.parent_id is not null
      and exists (select 1 from stacks ps where ps.id = s.parent_id and ${audienceAllows('ps', viewerId, isAdmin, options)})
      and (s.owner_id = ${viewerId} or (${isAdmin} and s.mode = 'group')
        or exists (select 1 from stack_responses pr where pr.stack_id = s.parent_id and pr.user_id = ${viewerId})))
  )`;
}

const snapshotInt = (key: string) => sql<number>`(e.snapshot->>${sql.lit(key)})::int`;
const snapshotHas = (key: string, userId: ViewerIdSql) => sql<boolean>`coalesce(e.snapshot->${sql.lit(key)} @> jsonb_build_array(${userId}::int), false)`;

/** Whether the snapshot of event row `e` lists the user (`responders`, `hidden_for`). */
export const snapshotLists = snapshotHas;

/**
 * Who could see a deleted stack just before, from the snapshot of its `stack.deleted` event row
 * `e` (the trigger of migrations/2026_11_24_100000_create_events.ts keeps the original's audience,
 * its answerers and admin hides): canSeeStack's rule restated over the snapshot, since the rows
 * it reads are gone; and the deleted stack's owner, always. tests/api/policy-deleted-stack.test.ts
 * holds it equal to canSeeStack (or owner) just before the deletion.
 */
export function deletedStackVisible(viewerId: ViewerIdSql, isAdmin: IsAdminSql): RawBuilder<boolean> {
  const audienceOwner = snapshotInt('audience_owner_id');
  const friend = snapshotInt('friend_id');
  const group = snapshotInt('group_id');
  const twistReached = sql<boolean>`(e.snapshot->>'parent_id' is null or ${snapshotHas('responders', viewerId)})`;
  return sql<boolean>`(
    ${snapshotInt('owner_id')} = ${viewerId}
    or (e.snapshot->>'mode' = 'friend' and (${audienceOwner} = ${viewerId} or ${friend} = ${viewerId})
      and ${notBlockedBetween(audienceOwner, friend)}
      and ${twistReached})
    or (e.snapshot->>'mode' = 'group'
      and exists (select 1 from groups g where g.id = ${group} and g.retired_at is null)
      and (${isAdmin}
        or (${isGroupMember(group, viewerId)}
          and not ${snapshotHas('hidden_for', viewerId)}
          and (not (e.snapshot->>'is_sandboxed')::boolean or ${audienceOwner} = ${viewerId} or ${snapshotHas('responders', viewerId)})
          and ${twistReached}))))`;
}

/**
 * Whether the viewer is in the stack's audience (row `s`): what they may see as a plain user, and
 * so answer and comment. Admins see more (moderation) but act only where a plain user could.
 */
export const inStackAudience = (viewer: Viewer): RawBuilder<boolean> => (viewer.isAdmin ? canSeeStack(viewer.id, false) : sql<boolean>`true`);

/**
 * Comment row `c` (on a stack the viewer may see) is readable by the viewer: not sandboxed, unless
 * it is theirs or they are an admin, and not by someone either of them blocked.
 */
export const commentReadableBy = (viewer: Viewer): RawBuilder<boolean> =>
  sql<boolean>`((not c.is_sandboxed or c.user_id = ${viewer.id} or ${viewer.isAdmin}) and ${notBlockedBetween(viewer.id, sql<number>`c.user_id`)})`;

/** The sandbox half of commentReadableBy, for a comment row already read: a sandboxed comment is its author's and the admins'. */
export const sandboxedCommentVisible = (comment: { is_sandboxed: boolean; user_id: number }, viewer: Viewer): boolean =>
  !comment.is_sandboxed || comment.user_id === viewer.id || viewer.isAdmin;
