import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * SQL pieces about how two users relate, shared by every list that shows users, stacks or groups.
 * `viewer` is a bound user id (or, for live events, a column); `other` a column reference such as `users.id`.
 */

/** True unless either user has blocked the other (DESIGN §3: a block hides both ways). */
export function notBlockedBetween(viewer: number | Expression<number>, other: Expression<number>): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from blocks b
    where (b.blocker_id = ${viewer} and b.blocked_id = ${other})
       or (b.blocker_id = ${other} and b.blocked_id = ${viewer}))`;
}

/** The viewer's friend status towards `other`: friends, pending (viewer asked), incoming, not_friends. */
export function friendStatusOf(viewer: number, other: Expression<number>) {
  return sql<'friends' | 'pending' | 'incoming' | 'not_friends'>`case
    when exists (select 1 from friendships f where f.user_id = ${viewer} and f.friend_id = ${other}) then 'friends'
    when exists (select 1 from friend_requests r where r.status = 'PENDING' and r.from_user_id = ${viewer} and r.to_user_id = ${other}) then 'pending'
    when exists (select 1 from friend_requests r where r.status = 'PENDING' and r.from_user_id = ${other} and r.to_user_id = ${viewer}) then 'incoming'
    else 'not_friends' end`;
}

/** Sort rank of a friend status: friends, then pending or incoming, then the rest (spec 1 §2 Users tab). */
export function friendStatusRank(status: RawBuilder<string>) {
  return sql<number>`case ${status} when 'friends' then 0 when 'pending' then 1 when 'incoming' then 1 else 2 end`;
}

export const lastLoginDate = (column: Expression<Date | null>) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** A LIKE pattern matching `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * True unless the viewer muted `other` (README "Mute"): one probe of the mutes primary key. A mute
 * is one-way and read-time only: it filters the muter's views, never the muted user's.
 */
export function notMutedBy(viewer: number | Expression<number>, other: Expression<number | null>): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from mutes mu where mu.muter_id = ${viewer} and mu.muted_id = ${other})`;
}

/** The ids the viewer muted, as one sorted int[] (empty when none; sorted for the feed's bisection): read once per statement. */
export function mutedIdsOf(viewer: number | Expression<number>): RawBuilder<number[]> {
  // The cast makes it one array value, so `x = any(...)` compares with its elements.
  return sql<number[]>`(select coalesce(array_agg(mu.muted_id order by mu.muted_id), '{}') from mutes mu where mu.muter_id = ${viewer})::int[]`;
}

/**
 * True unless the viewer muted `other` (a non-null user id column), checked against the viewer's
 * muted ids read once per statement (mutedIdsOf): no index probe per row, which the feed's and the
 * detail's per-row checks (responders, comments) would otherwise pay. A bound viewer only.
 */
export function notMutedAmong(viewer: number, other: Expression<number>): RawBuilder<boolean> {
  return sql<boolean>`(${other} <> all(${mutedIdsOf(viewer)}))`;
}
