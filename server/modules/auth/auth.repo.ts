import { sql } from 'kysely';
import type { Db } from '../../db/client';

type Purpose = 'verify_email' | 'reset_password';

export function insertMailToken(db: Db, values: { user_id: number; purpose: Purpose; token_hash: string; expires_at: Date }) {
  return db.insertInto('user_tokens').values(values).execute();
}

/**
 * Marks a token used and returns its user, only if it is unused, unexpired and its account is
 * still active (atomic: single use).
 */
export function consumeMailToken(db: Db, purpose: Purpose, tokenHash: string) {
  return db
    .updateTable('user_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where((eb) => eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'user_tokens.user_id').where('users.is_active', '=', true)))
    .returning(['user_id'])
    .executeTakeFirst();
}

export interface MailTokenState {
  used_at: Date | null;
  expired: boolean;
  user_active: boolean;
  /** Unused, unexpired, and its account active: consumeMailToken would take it now. */
  usable: boolean;
}

/** A token's state (one indexed lookup): whether it can be used, and if not, why. */
export function findMailToken(db: Db, purpose: Purpose, tokenHash: string): Promise<MailTokenState | undefined> {
  return db
    .selectFrom('user_tokens')
    .innerJoin('users', 'users.id', 'user_tokens.user_id')
    .select([
      'user_tokens.used_at',
      sql<boolean>`user_tokens.expires_at <= now()`.as('expired'),
      'users.is_active as user_active',
      sql<boolean>`user_tokens.used_at is null and user_tokens.expires_at > now() and users.is_active`.as('usable'),
    ])
    .where('user_tokens.token_hash', '=', tokenHash)
    .where('user_tokens.purpose', '=', purpose)
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
