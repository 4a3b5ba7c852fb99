import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { ADMIN_ROLE, notFromMutedSender, recipientHasMuted, requestSenderNotMuted } from '../../policy';

export type NotificationData = Record<string, string | number | undefined>;

export function insertNotification(db: Db, userId: number, type: string, data: NotificationData) {
  return db
    .insertInto('notifications')
    .values({ user_id: userId, type, data: sql`${JSON.stringify(data)}::jsonb` as never })
    .execute();
}

/** One notification for each admin (e.g. NEW_USER when a code has no creator). */
export function insertForAdmins(db: Db, type: string, data: NotificationData, exceptUserId: number) {
  return db
    .insertInto('notifications')
    .columns(['user_id', 'type', 'data'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select(['id', sql.lit(type).as('type'), sql`${JSON.stringify(data)}::jsonb`.as('data')])
        .where('role', '=', ADMIN_ROLE)
        .where('is_active', '=', true)
        .where('id', '<>', exceptUserId),
    )
    .execute();
}

/** RELEASE_NOTES to every active user, in one statement. */
export async function insertForEveryone(db: Db, type: string, data: NotificationData): Promise<number> {
  const result = await db
    .insertInto('notifications')
    .columns(['user_id', 'type', 'data'])
    .expression((eb) =>
      eb.selectFrom('users').select(['id', sql.lit(type).as('type'), sql`${JSON.stringify(data)}::jsonb`.as('data')]).where('is_active', '=', true),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Whether notification row `notifications` can still be acted on by its recipient: a friend
 * request or group invitation still waiting for their answer (the sender's request active, the
 * group not retired). Read or not, it stays so until answered, withdrawn or cancelled.
 */
const stillActionable = sql<boolean>`case notifications.type
  when 'FRIEND_REQUEST' then exists (select 1 from friend_requests r join users f on f.id = r.from_user_id
    where r.id = (notifications.data->>'request_id')::int and r.to_user_id = notifications.user_id and r.status = 'PENDING' and f.is_active)
  when 'GROUP_INVITE' then exists (select 1 from group_requests r join groups g on g.id = r.group_id
    where r.id = (notifications.data->>'request_id')::int and r.to_user_id = notifications.user_id and r.status = 'PENDING' and g.retired_at is null)
  else false end`;

export function listNotifications(db: Db, userId: number, options: { unreadOnly: boolean; unreadFirst: boolean; offset: number; limit: number }) {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'type', 'data', 'is_read', 'created_at'])
    // Read only for the history order, which answers it.
    .$if(options.unreadFirst, (qb) => qb.select(stillActionable.as('actionable')))
    .where('user_id', '=', userId)
    .where(notFromMutedSender);
  if (options.unreadOnly) query = query.where('is_read', '=', false);
  // Unread first (false sorts before true), then "Earlier": along notifications_user_read_created_idx.
  if (options.unreadFirst) query = query.orderBy('is_read');
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(options.offset).limit(options.limit).execute();
}

/**
 * Unread notifications and the open friend requests and group invitations, in one statement.
 * What comes from a user the viewer muted is not counted (docs/mute.md): their notifications are
 * not listed, and their open requests do not light the red dot (the requests stay open).
 */
export function countUnread(db: Db, userId: number) {
  const senderNotMuted = requestSenderNotMuted(userId);
  return db
    .selectNoFrom([
      sql<number>`(case when ${recipientHasMuted(userId)}
        then (select count(*)::int from notifications where user_id = ${userId} and not is_read and ${notFromMutedSender})
        else (select count(*)::int from notifications where user_id = ${userId} and not is_read) end)`.as('unread_count'),
      // Counted as GET /v1/users/friends/requests lists them: a deactivated sender's request is not shown.
      sql<number>`(select count(*)::int from friend_requests r join users f on f.id = r.from_user_id
        where r.to_user_id = ${userId} and r.status = 'PENDING' and f.is_active and ${senderNotMuted})`.as('pending_friend_requests'),
      sql<number>`(select count(*)::int from group_requests r join groups g on g.id = r.group_id
        where r.to_user_id = ${userId} and r.status = 'PENDING' and g.retired_at is null and ${senderNotMuted})`.as('pending_group_requests'),
    ])
    .executeTakeFirstOrThrow();
}

/** Ids among `ids` that are not the user's. */
export async function foreignIds(db: Db, userId: number, ids: number[]): Promise<number[]> {
  const own = await db.selectFrom('notifications').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
  const ownSet = new Set(own.map((r) => r.id));
  return ids.filter((id) => !ownSet.has(id));
}

export async function markRead(db: Db, userId: number, ids: number[]): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks read the notifications about one request (after it was accepted or ignored). */
export function markReadByRequest(db: Db, userId: number, type: string, requestId: number) {
  return db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where(sql`(data->>'request_id')::int`, '=', requestId)
    .execute();
}
