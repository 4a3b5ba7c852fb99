import { sql } from 'kysely';
import type { Db } from '../../db/client';

export function findTotp(db: Db, userId: number) {
  return db.selectFrom('totp_secrets').select(['secret', 'enabled_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
}

/** Whether sign-in asks this account for a second factor. */
export async function isTotpEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('totp_secrets').select('user_id').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** A new secret waiting for its first code (replaces an earlier unconfirmed one; never an enabled one). */
export async function savePendingSecret(db: Db, userId: number, secret: string): Promise<boolean> {
  const row = await db
    .insertInto('totp_secrets')
    .values({ user_id: userId, secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: 0, created_at: sql`now()` }).where('totp_secrets.enabled_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records that a code of time step `step` was used: only when no code of that step or a later one
 * was, so of two requests with the same code, one wins (replay protection).
 */
export async function advanceStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db.updateTable('totp_secrets').set({ last_step: step }).where('user_id', '=', userId).where('last_step', '<', step).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

export function enableTotp(db: Db, userId: number) {
  return db.updateTable('totp_secrets').set({ enabled_at: sql`now()` }).where('user_id', '=', userId).where('enabled_at', 'is', null).returning('user_id').executeTakeFirst();
}

export async function deleteTotp(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('totp_secrets').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses a recovery code up; false when it is not one of the user's or was used before. */
export async function useRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select(sql<number>`count(*)::int`.as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.left;
}
