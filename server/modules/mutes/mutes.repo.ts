import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { userVisibleTo } from '../../policy';

/** Idempotent: muting someone already muted keeps the first row (and its created_at). */
export function insertMute(db: Db, muterId: number, mutedId: number) {
  return db.insertInto('mutes').values({ muter_id: muterId, muted_id: mutedId }).onConflict((oc) => oc.doNothing()).execute();
}

/** Whether the muter muted this user already (muting again must not count against the limit). */
export async function isMuted(db: Db, muterId: number, mutedId: number): Promise<boolean> {
  const row = await db.selectFrom('mutes').select('muted_id').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).executeTakeFirst();
  return row !== undefined;
}

/** How many users the muter muted; the muter's row is locked first, so parallel mutes count in turn. */
export async function countMutesLocked(trx: Db, muterId: number): Promise<number> {
  await trx.selectFrom('users').select('id').where('id', '=', muterId).forNoKeyUpdate().executeTakeFirst();
  const row = await trx.selectFrom('mutes').select(sql<number>`count(*)::int`.as('n')).where('muter_id', '=', muterId).executeTakeFirstOrThrow();
  return row.n;
}

export async function deleteMute(db: Db, muterId: number, mutedId: number): Promise<number> {
  const result = await db.deleteFrom('mutes').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The users the muter muted, by username: active ones only, and not blocked either way (a block
 * hides them everywhere already; the mute row stays and counts again after an unblock).
 */
export function listMuted(db: Db, muterId: number) {
  return db
    .selectFrom('mutes as m')
    .innerJoin('users as u', 'u.id', 'm.muted_id')
    .select(['u.id', 'u.username', 'u.avatar_id', 'm.created_at'])
    .where('m.muter_id', '=', muterId)
    .where(userVisibleTo(muterId))
    .orderBy(sql`lower(u.username)`)
    .orderBy('u.id')
    .execute();
}
