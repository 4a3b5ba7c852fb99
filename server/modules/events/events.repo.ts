import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { eventVisibleTo, isAdminSql } from '../../policy';

/** An event row as the hub sends it: `data` is the JSON of shared/schemas/events.ts (without `unread`). */
export interface EventRow {
  id: number;
  type: string;
  user_id: number | null;
  data: Record<string, unknown>;
}

/** The newest cursor handed out (its event may be pruned), or 0 before the first event. */
export async function latestEventId(db: Db): Promise<number> {
  const row = await db
    .selectNoFrom(sql<number | null>`coalesce((select max(id) from events), (select last_value from events_cursor_seq where is_called), 0)`.as('id'))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The oldest cursor still kept; when every event was pruned, the next cursor to come (all before
 * it are gone); undefined when no event was ever made.
 */
export async function oldestEventId(db: Db): Promise<number | undefined> {
  const row = await db
    .selectNoFrom(
      sql<number | null>`coalesce((select min(id) from events), (select last_value + 1 from events_cursor_seq where is_called))`.as('id'),
    )
    .executeTakeFirstOrThrow();
  return row.id === null ? undefined : Number(row.id);
}

/**
 * Events after `afterId` (in cursor order, at most `limit`), each with those of `userIds` who may
 * receive it now: one statement for a batch of events, whatever the number of listening users.
 * `data_json` is the event's JSON as text: the hub sends it as it is, with no parse and stringify.
 */
export async function eventsWithRecipients(
  db: Db,
  afterId: number,
  userIds: number[],
  limit: number,
): Promise<(Omit<EventRow, 'data'> & { data_json: string; recipients: number[]; admins_as_users: number[] })[]> {
  const rows = await db
    .selectFrom('events as e')
    .select([
      'e.id',
      'e.type',
      'e.user_id',
      sql<string>`e.data::text`.as('data_json'),
      sql<number[]>`array(select u.id from users u where u.id = any(${sql.val(userIds)}::int[]) and u.is_active
        and ${eventVisibleTo(sql<number>`u.id`, isAdminSql('u'))} order by u.id)`.as('recipients'),
      // The admins among them who would see it without admin powers too (REQUIRE_ADMIN_2FA: a
      // stream of a session without a second factor gets only these; docs/two-factor.md).
      sql<number[]>`array(select u.id from users u where u.id = any(${sql.val(userIds)}::int[]) and u.is_active and ${isAdminSql('u')}
        and ${eventVisibleTo(sql<number>`u.id`, sql<boolean>`false`)} order by u.id)`.as('admins_as_users'),
    ])
    .where('e.id', '>', afterId)
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The events after `afterId` that the user may receive now, in cursor order (Last-Event-ID replay). */
export async function replayForUser(db: Db, userId: number, afterId: number, limit: number, withAdminPowers = true): Promise<EventRow[]> {
  const rows = await db
    .selectFrom('events as e')
    .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
    .select(['e.id', 'e.type', 'e.user_id', 'e.data'])
    .where('e.id', '>', afterId)
    .where(eventVisibleTo(sql<number>`u.id`, withAdminPowers ? isAdminSql('u') : sql<boolean>`false`))
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Drops events older than `minutes`, but always keeps the newest `minCount`. Idempotent: every
 * instance may run it.
 */
export async function pruneEvents(db: Db, minutes: number, minCount: number): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .where(sql<boolean>`id < (select k.id from events k where k.id is not null order by k.id desc offset ${minCount - 1} limit 1)`)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/**
 * Turns the triggers' events off until resumeTriggerEvents or the end of the transaction (`db`
 * must be one): the gate of migrations/2026_11_25_130000_bound_event_fanout.ts drops their rows.
 */
export async function suppressTriggerEvents(db: Db): Promise<void> {
  await sql`select set_config('stacks.events', 'off', true)`.execute(db);
}

export async function resumeTriggerEvents(db: Db): Promise<void> {
  await sql`select set_config('stacks.events', 'on', true)`.execute(db);
}

/** An event for one user only (feed.bulk_updated), written by a service rather than a trigger. */
export async function insertUserEvent(db: Db, type: 'feed.bulk_updated', userId: number, data: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('events')
    .values({ type, user_id: userId, data: sql`${JSON.stringify(data)}::jsonb` as never })
    .execute();
}

/** The user's token version, whether the account is active and the session live (undefined: no such session of the user). */
export function tokenState(db: Db, userId: number, sessionId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select(['u.token_version', 'u.is_active', sql<boolean>`s.ended_at is null and s.expires_at > now()`.as('session_live')])
    .where('u.id', '=', userId)
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}
