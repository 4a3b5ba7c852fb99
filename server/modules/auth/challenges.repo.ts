import { sql } from 'kysely';
import type { Db } from '../../db/client';

type Purpose = 'mfa' | 'passkey_register' | 'passkey_sign_in';

/** Expired challenges deleted per new one: the table stays as small as its live rows, in bounded steps. */
const SWEEP_BATCH = 50;

/**
 * Stores a single-use challenge (the hash of an mfa_token, or of a WebAuthn challenge) for
 * `ttlSeconds`, and sweeps a bounded batch of expired ones on the way.
 */
export async function insertChallenge(db: Db, values: { purpose: Purpose; tokenHash: string; userId: number | null; ttlSeconds: number }): Promise<void> {
  await db
    .deleteFrom('sign_in_challenges')
    .where('id', 'in', (eb) => eb.selectFrom('sign_in_challenges').select('id').where('expires_at', '<', sql<Date>`now()`).limit(SWEEP_BATCH))
    .execute();
  await db
    .insertInto('sign_in_challenges')
    .values({ purpose: values.purpose, token_hash: values.tokenHash, user_id: values.userId, expires_at: sql`now() + make_interval(secs => ${values.ttlSeconds})` })
    .execute();
}

/** A live challenge's user (null for a sign-in that names nobody yet), without using it up. */
export function findChallenge(db: Db, purpose: Purpose, tokenHash: string) {
  return db
    .selectFrom('sign_in_challenges')
    .select(['id', 'user_id'])
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Uses a live challenge up (deletes it); undefined when it is unknown, expired or already used. */
export function takeChallenge(db: Db, purpose: Purpose, tokenHash: string, userId?: number) {
  let query = db
    .deleteFrom('sign_in_challenges')
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.returning(['user_id']).executeTakeFirst();
}

/** Forgets every pending challenge of an account (its password changed). */
export async function forgetChallengesOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}
