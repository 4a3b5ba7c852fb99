import type pg from 'pg';
import { sql } from 'kysely';
import { SECURITY } from '../../shared/limits';
import type { Db } from '../../server/db/client';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';

/**
 * Benchmarks sign their viewers' tokens themselves (no login and its bcrypt in the way): each
 * token names a session (docs/sessions.md), so one is made per user first, in one statement.
 */
export async function sessionIdsFor(client: pg.Client, userIds: number[]): Promise<Map<number, number>> {
  const { rows } = await client.query<{ id: number; user_id: number }>(
    `insert into sessions (user_id, expires_at, user_agent) select unnest($1::int[]), now() + make_interval(secs => $2), 'bench' returning id, user_id`,
    [[...new Set(userIds)], SECURITY.accessTokenTtlSeconds],
  );
  return new Map(rows.map((row) => [row.user_id, row.id]));
}

/** The same, for every user of a database the bench opened itself. */
export async function sessionIdsForAll(db: Db): Promise<Map<number, number>> {
  const { rows } = await sql<{ id: number; user_id: number }>`insert into sessions (user_id, expires_at, user_agent)
    select id, now() + make_interval(secs => ${SECURITY.accessTokenTtlSeconds}), 'bench' from users returning id, user_id`.execute(db);
  return new Map(rows.map((row) => [row.user_id, row.id]));
}

/** A token for a user with a session from one of the maps above. */
export function benchToken(secret: string, user: { id: number; token_version: number }, sessions: Map<number, number>): string {
  const sessionId = sessions.get(user.id);
  if (sessionId === undefined) throw new Error(`no bench session for user ${user.id}`);
  return signAccessToken(secret, user, sessionId);
}
