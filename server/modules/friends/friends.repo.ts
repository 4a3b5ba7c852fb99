import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { lastLoginDate } from '../../db/dates';

/** Serialises every friend-graph change between two people (both sending at once, block vs accept). */
export async function lockPair(trx: Db, a: number, b: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`.execute(trx);
}

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db.selectFrom('friendships').select('user_id').where('user_id', '=', a).where('friend_id', '=', b).executeTakeFirst();
  return row !== undefined;
}

/**
 * The requests between two people still open for their sender, either way: pending, or ignored
 * (REJECTED: its sender still sees it pending until it is withdrawn or settled; docs/friend-requests.md).
 */
export function findOpenBetween(db: Db, a: number, b: number) {
  return db
    .selectFrom('friend_requests')
    .select(['id', 'from_user_id', 'to_user_id', 'status'])
    .where('status', 'in', ['PENDING', 'REJECTED'])
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]),
        eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)]),
      ]),
    )
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Seconds until `fromId` may send `toId` a new request after withdrawing one: the cooling-off time
 * counted from when the withdrawn request was sent; 0 when there is none to wait for.
 */
export async function coolingOffSeconds(db: Db, fromId: number, toId: number, days: number): Promise<number> {
  const row = await db
    .selectFrom('friend_requests')
    .select(sql<number>`ceil(extract(epoch from (max(created_at) + make_interval(days => ${days}) - now())))::int`.as('seconds'))
    .where('from_user_id', '=', fromId)
    .where('to_user_id', '=', toId)
    .where('withdrawn_at', 'is not', null)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Math.max(0, row?.seconds ?? 0);
}

/** The sender withdraws a request still open for them (pending or ignored); undefined when it is not. */
export function withdrawRequest(db: Db, id: number) {
  return db
    .updateTable('friend_requests')
    .set({ status: 'CANCELLED', withdrawn_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', ['PENDING', 'REJECTED'])
    .returning('id')
    .executeTakeFirst();
}

/** Ignored requests between two people end once something settles the pair (a friendship). */
export function closeIgnoredBetween(db: Db, a: number, b: number) {
  return db
    .updateTable('friend_requests')
    .set({ status: 'CANCELLED' })
    .where('status', '=', 'REJECTED')
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]),
        eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)]),
      ]),
    )
    .execute();
}

export function insertRequest(db: Db, fromUserId: number, toUserId: number) {
  return db.insertInto('friend_requests').values({ from_user_id: fromUserId, to_user_id: toUserId }).returning('id').executeTakeFirstOrThrow();
}

/** A request whose two people are both still active (requests of deactivated users are gone). */
export function findRequest(db: Db, id: number) {
  return db
    .selectFrom('friend_requests as r')
    .select(['r.id', 'r.from_user_id', 'r.to_user_id', 'r.status'])
    .where('r.id', '=', id)
    .where(sql<boolean>`exists (select 1 from users f where f.id = r.from_user_id and f.is_active)`)
    .where(sql<boolean>`exists (select 1 from users t where t.id = r.to_user_id and t.is_active)`)
    .executeTakeFirst();
}

export function setRequestStatus(db: Db, id: number, status: 'ACCEPTED' | 'REJECTED') {
  return db.updateTable('friend_requests').set({ status, responded_at: sql`now()` }).where('id', '=', id).execute();
}

export function insertFriendship(db: Db, a: number, b: number) {
  return db
    .insertInto('friendships')
    .values([
      { user_id: a, friend_id: b },
      { user_id: b, friend_id: a },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteFriendship(db: Db, a: number, b: number): Promise<number> {
  const result = await db
    .deleteFrom('friendships')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends open requests (pending or ignored) between two people and marks their FRIEND_REQUEST notifications read. */
export async function cancelPendingBetween(db: Db, a: number, b: number) {
  const cancelled = await db
    .updateTable('friend_requests')
    .set({ status: 'CANCELLED', responded_at: sql`coalesce(responded_at, now())` })
    .where('status', 'in', ['PENDING', 'REJECTED'])
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]),
        eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)]),
      ]),
    )
    .returning(['id', 'to_user_id'])
    .execute();
  if (cancelled.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('type', '=', 'FRIEND_REQUEST')
    .where('user_id', 'in', cancelled.map((c) => c.to_user_id))
    .where(sql`(data->>'request_id')::int`, 'in', cancelled.map((c) => c.id))
    .execute();
}

/**
 * Open requests to (incoming) or from (outgoing) the user, with both people's names. Outgoing
 * includes the ones the other person ignored, as PENDING: their sender is not told of an ignore.
 */
export function listPendingRequests(db: Db, userId: number, type: 'incoming' | 'outgoing') {
  return db
    .selectFrom('friend_requests as r')
    .innerJoin('users as f', 'f.id', 'r.from_user_id')
    .innerJoin('users as t', 't.id', 'r.to_user_id')
    .select([
      'r.id',
      'r.from_user_id',
      'f.username as from_username',
      'f.avatar_id as from_avatar_id',
      'r.to_user_id as user_id',
      't.username as username',
      't.avatar_id as avatar_id',
      sql<'PENDING'>`'PENDING'`.as('status'),
      'r.created_at',
    ])
    .where('r.status', 'in', type === 'incoming' ? ['PENDING'] : ['PENDING', 'REJECTED'])
    .where(type === 'incoming' ? 'r.to_user_id' : 'r.from_user_id', '=', userId)
    .where('f.is_active', '=', true)
    .where('t.is_active', '=', true)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export function listFriends(db: Db, userId: number) {
  return db
    .selectFrom('friendships as fs')
    .innerJoin('users as u', 'u.id', 'fs.friend_id')
    .select(['u.id', 'u.username', 'u.bio', 'u.avatar_id', sql<'friends'>`'friends'`.as('friend_status'), lastLoginDate(sql.ref('u.last_login_at')).as('last_login')])
    .where('fs.user_id', '=', userId)
    .where('u.is_active', '=', true)
    .orderBy(sql`lower(u.username)`)
    .execute();
}

export function insertBlock(db: Db, blockerId: number, blockedId: number) {
  return db.insertInto('blocks').values({ blocker_id: blockerId, blocked_id: blockedId }).onConflict((oc) => oc.doNothing()).execute();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<number> {
  const result = await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function listBlocked(db: Db, blockerId: number) {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.username', 'u.avatar_id', 'b.created_at'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy(sql`lower(u.username)`)
    .execute();
}
