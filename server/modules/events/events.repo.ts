import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client';
import { canSeeStack, type IsAdminSql, type ViewerIdSql } from '../stacks/visibility.sql';
import { notBlockedBetween, notMutedBy } from '../users/relations.sql';

/** An event row as the hub sends it: `data` is the JSON of shared/schemas/events.ts (without `unread`). */
export interface EventRow {
  id: number;
  type: string;
  user_id: number | null;
  data: Record<string, unknown>;
}

const authorOf = sql<number>`e.user_id`;
const snapshotInt = (key: string) => sql<number>`(e.snapshot->>${sql.lit(key)})::int`;
const snapshotHas = (key: string, userId: ViewerIdSql) => sql<boolean>`coalesce(e.snapshot->${sql.lit(key)} @> jsonb_build_array(${userId}::int), false)`;

/**
 * The stack of event row `e` as the viewer may see it now, by the REST reads' rule (canSeeStack),
 * minus stacks the viewer hid for themselves (gone from their feed). The change that sandboxed or
 * unsandboxed it is told to everyone who saw it on either side of the change.
 */
function stackVisible(viewerId: ViewerIdSql, isAdmin: IsAdminSql): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from stacks s where s.id = e.stack_id
    and ${canSeeStack(viewerId, isAdmin, { sandboxLifted: sql<boolean>`coalesce((e.snapshot->>'sandbox_changed')::boolean, false)` })}
    and not exists (select 1 from stack_hides oh where oh.stack_id = s.id and oh.user_id = ${viewerId}))`;
}

/**
 * The stack of event row `e` was not written by a user the viewer muted, nor is it a twist of one
 * of theirs (README "Mute": such stacks are not in the viewer's feed, so no event about them is).
 */
function stackNotMuted(viewerId: ViewerIdSql): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from stacks ms join mutes mu on mu.muter_id = ${viewerId} and mu.muted_id in (ms.owner_id, ms.origin_owner_id)
    where ms.id = e.stack_id)`;
}

/** A notification.created whose notification comes from a user the viewer muted (not delivered, not listed). */
function notificationFromMuted(viewerId: ViewerIdSql): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from notifications n join mutes mu on mu.muter_id = ${viewerId} and mu.muted_id = (n.data->>'from_user_id')::int
    where n.id = e.notification_id)`;
}

/**
 * Who could see a deleted stack just before, from its snapshot (the trigger kept the original's
 * audience, its answerers and admin hides): canSeeStack's rule over the snapshot.
 */
function deletedStackVisible(viewerId: ViewerIdSql, isAdmin: IsAdminSql): RawBuilder<boolean> {
  const audienceOwner = snapshotInt('audience_owner_id');
  const friend = snapshotInt('friend_id');
  const group = snapshotInt('group_id');
  const twistReached = sql<boolean>`(e.snapshot->>'parent_id' is null or ${snapshotHas('responders', viewerId)})`;
  return sql<boolean>`(
    ${snapshotInt('owner_id')} = ${viewerId}
    or (e.snapshot->>'mode' = 'friend' and (${audienceOwner} = ${viewerId} or ${friend} = ${viewerId})
      and not exists (select 1 from blocks b
        where (b.blocker_id = ${audienceOwner} and b.blocked_id = ${friend}) or (b.blocker_id = ${friend} and b.blocked_id = ${audienceOwner}))
      and ${twistReached})
    or (e.snapshot->>'mode' = 'group'
      and exists (select 1 from groups g where g.id = ${group} and g.retired_at is null)
      and (${isAdmin}
        or (exists (select 1 from group_members m where m.group_id = ${group} and m.user_id = ${viewerId})
          and not ${snapshotHas('hidden_for', viewerId)}
          and (not (e.snapshot->>'is_sandboxed')::boolean or ${audienceOwner} = ${viewerId} or ${snapshotHas('responders', viewerId)})
          and ${twistReached}))))`;
}

/**
 * Whether the viewer may receive event row `e` now, by the rules of the REST reads:
 * - stack events: the stack is visible (canSeeStack) and not hidden by the viewer; an answer also
 *   needs its author not blocked either way;
 * - comment events: the stack is visible, the author not blocked either way, and a sandboxed
 *   comment only to its author and admins;
 * - mutes (README "Mute"): nothing about a stack written by a user the viewer muted (or a twist
 *   of one), no answer or comment by them, no notification from them; a deletion still goes out;
 * - stack.hidden: only the users it was hidden for (`snapshot.hidden_for`; rows written before
 *   2026_11_25_130000 name one user in `user_id`); notifications and feed.bulk_updated: only the
 *   user they are for;
 * - group member events: the group's current members, and the user who joined or left; not
 *   between users who blocked one another, either way (the member list leaves them out too);
 * - session.revoked: nobody (the hub acts on it, event-hub.ts).
 * The viewer is a value or a column (`u.id`), so one statement decides for many users.
 */
export function eventVisibleTo(viewerId: ViewerIdSql, isAdmin: IsAdminSql): RawBuilder<boolean> {
  return sql<boolean>`(case
    when e.type in ('stack.created', 'stack.updated') then ${stackVisible(viewerId, isAdmin)} and ${stackNotMuted(viewerId)}
    when e.type = 'stack.answered' then ${stackVisible(viewerId, isAdmin)} and ${notBlockedBetween(viewerId, authorOf)}
      and ${notMutedBy(viewerId, authorOf)} and ${stackNotMuted(viewerId)}
    when e.type in ('comment.created', 'comment.updated') then ${stackVisible(viewerId, isAdmin)} and ${notBlockedBetween(viewerId, authorOf)}
      and ${notMutedBy(viewerId, authorOf)} and ${stackNotMuted(viewerId)}
      and (not e.restricted or e.user_id = ${viewerId} or ${isAdmin})
    when e.type = 'stack.deleted' then ${deletedStackVisible(viewerId, isAdmin)}
    when e.type = 'stack.hidden' then coalesce(e.user_id = ${viewerId}, false) or ${snapshotHas('hidden_for', viewerId)}
    when e.type = 'notification.created' then e.user_id = ${viewerId} and not ${notificationFromMuted(viewerId)}
    when e.type = 'feed.bulk_updated' then e.user_id = ${viewerId}
    when e.type in ('group.member_joined', 'group.member_left') then e.user_id = ${viewerId}
      or (exists (select 1 from group_members gm where gm.group_id = e.group_id and gm.user_id = ${viewerId})
        and ${notBlockedBetween(viewerId, authorOf)})
    else false end)`;
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
): Promise<(Omit<EventRow, 'data'> & { data_json: string; recipients: number[] })[]> {
  const rows = await db
    .selectFrom('events as e')
    .select([
      'e.id',
      'e.type',
      'e.user_id',
      sql<string>`e.data::text`.as('data_json'),
      sql<number[]>`array(select u.id from users u where u.id = any(${sql.val(userIds)}::int[]) and u.is_active
        and ${eventVisibleTo(sql<number>`u.id`, sql<boolean>`(u.role = 'ADMIN')`)} order by u.id)`.as('recipients'),
    ])
    .where('e.id', '>', afterId)
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The events after `afterId` that the user may receive now, in cursor order (Last-Event-ID replay). */
export async function replayForUser(db: Db, userId: number, afterId: number, limit: number): Promise<EventRow[]> {
  const rows = await db
    .selectFrom('events as e')
    .innerJoin('users as u', (join) => join.on('u.id', '=', userId))
    .select(['e.id', 'e.type', 'e.user_id', 'e.data'])
    .where('e.id', '>', afterId)
    .where(eventVisibleTo(sql<number>`u.id`, sql<boolean>`(u.role = 'ADMIN')`))
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

/** The user's token version and whether the account is active (undefined: no such user). */
export function tokenState(db: Db, userId: number) {
  return db.selectFrom('users').select(['token_version', 'is_active']).where('id', '=', userId).executeTakeFirst();
}
