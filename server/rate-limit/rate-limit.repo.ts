import { sql } from 'kysely';
import type { Db } from '../db/client';

export interface Window {
  key: string;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance sees the same counts.
 * Counts one event under a key (one atomic upsert; an expired window starts again at 1) and
 * returns the new count. One row per statement: a statement that locked several rows could
 * deadlock with another one locking them in another order.
 */
export function hit(db: Db, window: Window) {
  return db
    .insertInto('rate_limits')
    .values({ key: window.key, points: 1, expires_at: sql<Date>`now() + make_interval(secs => ${window.windowSeconds})` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        points: sql`case when rate_limits.expires_at <= now() then 1 else rate_limits.points + 1 end`,
        expires_at: sql`case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end`,
      }),
    )
    .returning(['key', 'points', sql<number>`extract(epoch from (expires_at - now()))::float8`.as('seconds_left')])
    .executeTakeFirstOrThrow();
}

/** Takes one event back from a key's current window (a refused or successful attempt). */
export function takeBack(db: Db, key: string) {
  return db
    .updateTable('rate_limits')
    .set({ points: sql`greatest(points - 1, 0)` })
    .where('key', '=', key)
    .where('expires_at', '>', sql<Date>`now()`)
    .execute();
}

export function clear(db: Db, key: string) {
  return db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Old windows are removed now and then so the table stays small. */
export function purgeExpired(db: Db) {
  return db.deleteFrom('rate_limits').where('expires_at', '<=', sql<Date>`now()`).execute();
}
