import { sql } from 'kysely';
import type { Db } from '../../db/client';

type Purpose = 'verify_email' | 'reset_password';

export function insertMailToken(db: Db, values: { user_id: number; purpose: Purpose; token_hash: string; expires_at: Date }) {
  return db.insertInto('user_tokens').values(values).execute();
}

/** Marks a token used and returns its user, only if it is unused and unexpired (atomic: single use). */
export function consumeMailToken(db: Db, purpose: Purpose, tokenHash: string) {
  return db
    .updateTable('user_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id'])
    .executeTakeFirst();
}

/** Why a token could not be consumed: unknown, used or expired. */
export function findMailToken(db: Db, purpose: Purpose, tokenHash: string) {
  return db
    .selectFrom('user_tokens')
    .select(['used_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export function expireUnusedTokens(db: Db, userId: number, purpose: Purpose) {
  return db
    .updateTable('user_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
