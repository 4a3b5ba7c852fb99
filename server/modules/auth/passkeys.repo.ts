import { sql } from 'kysely';
import type { Db } from '../../db/client';

export function listPasskeys(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'credential_id', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('passkeys').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

export function insertPasskey(db: Db, values: { user_id: number; credential_id: string; public_key: Buffer; counter: number; transports: string[]; name: string }) {
  return db.insertInto('passkeys').values(values).returning(['id', 'name', 'created_at', 'last_used_at']).executeTakeFirstOrThrow();
}

/** The passkey a sign-in presents, by its credential id (unique), with what verifying it needs. */
export function findByCredentialId(db: Db, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', sql<number>`counter::float8`.as('counter'), 'transports'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

export function recordUse(db: Db, id: number, counter: number) {
  return db.updateTable('passkeys').set({ counter, last_used_at: sql`now()` }).where('id', '=', id).execute();
}

export function deletePasskey(db: Db, userId: number, id: number) {
  return db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
}

/** Deletes every passkey of an account; answers how many went. */
export async function deletePasskeysOf(db: Db, userId: number): Promise<number> {
  const removed = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/** Locks the account's row until the transaction ends: two passkey adds at once cannot pass the limit together. */
export async function lockAccount(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}
