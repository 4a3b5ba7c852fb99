import { expressionBuilder, sql, type Expression, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { ViewerIdSql } from './sql-viewer';

/**
 * Blocks (DESIGN §3 Social graph): a block hides each user from the other, both ways, everywhere:
 * lists, profiles (404), requests, invitations, answers and comments inside stacks, live events.
 * Every read of `blocks` for such a decision is here; friends.repo.ts only writes and lists one's own.
 */

/** True unless either user has blocked the other. */
export function notBlockedBetween(viewer: ViewerIdSql, other: Expression<number>): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from blocks b
    where (b.blocker_id = ${viewer} and b.blocked_id = ${other})
       or (b.blocker_id = ${other} and b.blocked_id = ${viewer}))`;
}

/**
 * True unless either user has blocked the other, checked against the viewer's blocked ids read
 * once per statement (blockedIdsOf, an InitPlan): no `blocks` probe per row, which the feed's
 * per-row checks (each responder, each card's comments) would otherwise pay. A bound viewer only.
 */
export function notBlockedAmong(viewerId: number, other: Expression<number>): RawBuilder<boolean> {
  // The cast makes the sub-select one array value, so `<> all` compares with its elements.
  return sql<boolean>`(${other} <> all((${blockedIdsOf(viewerId)})::int[]))`;
}

/** Of block row `b` that names the viewer, the other user. */
export const blockedOtherOf = (viewerId: number) => sql<number>`case when b.blocker_id = ${viewerId} then b.blocked_id else b.blocker_id end`;

/**
 * The viewer's block rows either way (`b`), the other user as `user_id`: a sub-select for a read
 * that must name whom it left out (the stack detail's `blocked_user_ids`).
 */
export function blocksOf(viewerId: number) {
  return expressionBuilder<Database, never>()
    .selectFrom('blocks as b')
    .select(blockedOtherOf(viewerId).as('user_id'))
    .where((w) => w.or([w('b.blocker_id', '=', viewerId), w('b.blocked_id', '=', viewerId)]));
}

/** The ids of the users the viewer blocked or was blocked by, as one sorted int[] (the feed's set). */
export function blockedIdsOf(viewerId: number): RawBuilder<number[]> {
  return sql<number[]>`select array(select b.blocked_id from blocks b where b.blocker_id = ${viewerId} union select b.blocker_id from blocks b where b.blocked_id = ${viewerId} order by 1)`;
}
