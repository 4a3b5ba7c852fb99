import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * SQL pieces about how two users relate, for the lists that show users. `viewer` is a bound user
 * id; `other` a column reference such as `users.id`. Who may see whom is server/policy (users.ts,
 * blocks.ts, mutes.ts).
 */

/**
 * The viewer's friend status towards `other`: friends, pending (viewer asked: still open, or
 * ignored by `other`, which its sender is not told; docs/friend-requests.md), incoming, not_friends.
 */
export function friendStatusOf(viewer: number, other: Expression<number>) {
  return sql<'friends' | 'pending' | 'incoming' | 'not_friends'>`case
    when exists (select 1 from friendships f where f.user_id = ${viewer} and f.friend_id = ${other}) then 'friends'
    when exists (select 1 from friend_requests r where r.status in ('PENDING', 'REJECTED') and r.from_user_id = ${viewer} and r.to_user_id = ${other}) then 'pending'
    when exists (select 1 from friend_requests r where r.status = 'PENDING' and r.from_user_id = ${other} and r.to_user_id = ${viewer}) then 'incoming'
    else 'not_friends' end`;
}

/** Sort rank of a friend status: friends, then pending or incoming, then the rest (spec 1 §2 Users tab). */
export function friendStatusRank(status: RawBuilder<string>) {
  return sql<number>`case ${status} when 'friends' then 0 when 'pending' then 1 when 'incoming' then 1 else 2 end`;
}

/** A LIKE pattern matching `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
