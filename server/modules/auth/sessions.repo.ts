import { sql } from 'kysely';
import { SECURITY } from '../../../shared/limits';
import type { SignInMethod } from '../../../shared/schemas/sessions';
import type { Db } from '../../db/client';
import { PREPARE_MARK } from '../../db/prepared';

/** A session's user as a request sees it, with whether the session is live and was seen long ago. */
export interface SessionUserRow {
  id: number;
  username: string;
  role: 'USER' | 'ADMIN';
  is_active: boolean;
  token_version: number;
  session_id: number;
  second_factor: boolean;
  session_live: boolean;
  seen_long_ago: boolean;
}

/**
 * A session's user as a request sees it: one statement on two primary keys, run on every
 * authenticated request, so it is a prepared statement (PREPARE_MARK): planning the join on each
 * call cost more than running it.
 */
export async function findSessionUser(db: Db, userId: number, sessionId: number): Promise<SessionUserRow | undefined> {
  const { rows } = await sql<SessionUserRow>`${sql.raw(PREPARE_MARK)} select u.id, u.username, u.role, u.is_active, u.token_version,
      s.id as session_id, s.second_factor,
      s.ended_at is null and s.expires_at > now() as session_live,
      s.last_seen_at < now() - make_interval(secs => ${SECURITY.sessionSeenEverySeconds}) as seen_long_ago
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId} and s.user_id = ${userId}`.execute(db);
  return rows[0];
}

export function touchSession(db: Db, sessionId: number, ip: string) {
  return db.updateTable('sessions').set({ last_seen_at: sql`now()`, ip }).where('id', '=', sessionId).execute();
}

export function insertSession(db: Db, values: { user_id: number; expires_at: Date; ip: string; user_agent: string; second_factor: boolean; sign_in_method: SignInMethod }) {
  return db.insertInto('sessions').values(values).returning(['id']).executeTakeFirstOrThrow();
}

/** The user's live sessions, newest first (at most `limit`). */
export function listLiveSessions(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at', 'second_factor', 'sign_in_method'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Ends one live session of the user; undefined when there is none with that id. */
export function endSession(db: Db, userId: number, sessionId: number) {
  return db
    .updateTable('sessions')
    .set({ ended_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
}

/** Ends the user's live sessions but `keepId` (every one when null); answers how many. */
export async function endSessionsExcept(db: Db, userId: number, keepId: number | null): Promise<number> {
  let query = db.updateTable('sessions').set({ ended_at: sql`now()` }).where('user_id', '=', userId).where('ended_at', 'is', null);
  if (keepId !== null) query = query.where('id', '<>', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * At a sign-in: ends the user's oldest live sessions beyond `keep` (so one account holds a bounded
 * number), and deletes its sessions that ended or expired more than `forgetAfterDays` ago.
 */
export async function boundSessions(db: Db, userId: number, keep: number, forgetAfterDays: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('id', 'not in', (eb) => eb.selectFrom('sessions').select('id').where('user_id', '=', userId).where('ended_at', 'is', null).orderBy('id', 'desc').limit(keep))
    .execute();
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where(sql<boolean>`coalesce(ended_at, expires_at) < now() - make_interval(days => ${forgetAfterDays})`)
    .execute();
}
