import { sql } from 'kysely';
import type { NotificationKind } from '../../../shared/schemas/notification-settings';
import type { Db } from '../../db/client';
import { OUTBOUND_EVENT_TYPES, outboundCandidates, outboundRecipientAllowed } from '../../policy';

/** One person to tell about one event, with what the message needs (all of it visible to them). */
export interface OutboundRow {
  event_id: number;
  kind: NotificationKind;
  user_id: number;
  actor_name: string | null;
  stack_id: number | null;
  stack_is_twist: boolean | null;
  stack_name: string | null;
  group_id: number | null;
  group_name: string | null;
  notification_data: Record<string, unknown> | null;
}

/**
 * The cursor, locked for this transaction; undefined when another instance holds it (it is
 * dispatching: SKIP LOCKED, so nobody waits).
 */
export async function lockCursor(trx: Db): Promise<number | undefined> {
  const { rows } = await sql<{ last_event_id: string }>`select last_event_id from outbound_cursor where id = 1 for update skip locked`.execute(trx);
  return rows[0] === undefined ? undefined : Number(rows[0].last_event_id);
}

export async function moveCursor(trx: Db, to: number): Promise<void> {
  await trx.updateTable('outbound_cursor').set({ last_event_id: to }).where('id', '=', 1).execute();
}

/**
 * How far the next batch reaches: the id of the `limit`-th event after `after` that may tell
 * someone, or the newest event when fewer are left (events of other types are passed over).
 * Undefined when nothing new was logged.
 */
export async function batchEnd(db: Db, after: number, limit: number): Promise<number | undefined> {
  const row = await db
    .selectNoFrom([
      sql<string | null>`(select max(id) from (select id from events where id > ${after}
        and type in (${sql.join(OUTBOUND_EVENT_TYPES)}) order by id limit ${limit}) b)`.as('relevant'),
      sql<number>`(select count(*)::int from (select 1 from events where id > ${after}
        and type in (${sql.join(OUTBOUND_EVENT_TYPES)}) limit ${limit}) k)`.as('count'),
      sql<string | null>`(select max(id) from events)`.as('newest'),
    ])
    .executeTakeFirstOrThrow();
  const end = row.count >= limit ? row.relevant : row.newest;
  return end === null || Number(end) <= after ? undefined : Number(end);
}

/** The people told about the events in (after, upTo], in event order: one statement per batch. */
export async function recipients(db: Db, after: number, upTo: number): Promise<OutboundRow[]> {
  const { rows } = await sql<OutboundRow & { event_id: string }>`
    select e.id as event_id, c.kind, u.id as user_id,
      case when e.type <> 'notification.created' then a.username end as actor_name,
      s.id as stack_id, s.parent_id is not null as stack_is_twist, s.name as stack_name,
      g.id as group_id, g.name as group_name, n.data as notification_data
    from events e
    cross join lateral ${outboundCandidates} c
    join users u on u.id = c.user_id
    left join users a on a.id = e.user_id
    left join stacks s on s.id = e.stack_id
    left join groups g on g.id = s.group_id
    left join notifications n on n.id = e.notification_id
    where e.id > ${after} and e.id <= ${upTo} and e.type in (${sql.join(OUTBOUND_EVENT_TYPES)})
      and ${outboundRecipientAllowed}
    order by e.id, u.id`.execute(db);
  return rows.map((row) => ({ ...row, event_id: Number(row.event_id) }));
}
