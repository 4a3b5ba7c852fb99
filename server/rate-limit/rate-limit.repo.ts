import { sql } from 'kysely';
import type { Db } from '../db/client';

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance sees the same counts.
 * One atomic upsert per hit; an expired window starts again at 1.
 */
export async function hit(db: Db, key: string, windowSeconds: number) {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, points: 1, expires_at: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        points: sql`case when rate_limits.expires_at <= now() then 1 else rate_limits.points + 1 end`,
        expires_at: sql`case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end`,
      }),
    )
    .returning(['points', sql<number>`extract(epoch from (expires_at - now()))::float8`.as('seconds_left')])
    .executeTakeFirstOrThrow();
  return row;
}

/** Current counts of several keys (expired windows read as zero). */
export async function peek(db: Db, keys: string[]) {
  const rows = await db
    .selectFrom('rate_limits')
    .select(['key', 'points', sql<number>`extract(epoch from (expires_at - now()))::float8`.as('seconds_left')])
    .where('key', 'in', keys)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
  return rows;
}

export function clear(db: Db, key: string) {
  return db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Old windows are removed now and then so the table stays small. */
export function purgeExpired(db: Db) {
  return db.deleteFrom('rate_limits').where('expires_at', '<=', sql<Date>`now()`).execute();
}
