import type { Notification, NotificationType, UnreadCount } from '../../../shared/schemas/users';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { notFound } from '../../errors';
import * as repo from './notifications.repo';

/**
 * GET /v1/users/notifications: newest first (`order=newest`, the default), or the unread ones
 * newest first and then the read ones newest first (`order=unread_first`: the panel's "Earlier"
 * below the new ones), one page either way. In that order each also says whether it can still be
 * acted on (`actionable`); the default call answers exactly as before.
 */
export async function list(db: Db, userId: number, options: { unreadOnly: boolean; unreadFirst: boolean; offset: number; limit: number }): Promise<Notification[]> {
  const rows = await repo.listNotifications(db, userId, options);
  return rows.map(({ actionable, ...row }) => ({
    ...row,
    data: row.data as Notification['data'],
    created_at: toIso(row.created_at),
    ...(actionable === undefined ? {} : { actionable }),
  }));
}

/** Unread notifications, plus the open friend requests and group invitations (the red dot). */
export function unreadCount(db: Db, userId: number): Promise<UnreadCount> {
  return repo.countUnread(db, userId);
}

/** Marks the caller's notifications read; idempotent. Any id that is not the caller's refuses all. */
export async function markRead(db: Db, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const foreign = await repo.foreignIds(db, userId, unique);
  if (foreign.length > 0) throw notFound(`Notification not found: ${foreign[0]}`, 'NOTIFICATION_NOT_FOUND');
  const marked = await repo.markRead(db, userId, unique);
  const { unread_count } = await repo.countUnread(db, userId);
  return { marked, unread_count };
}

/** `npm run cli -- notes:broadcast "text"`: RELEASE_NOTES for every active user. */
export function broadcastReleaseNotes(db: Db, message: string) {
  return repo.insertForEveryone(db, 'RELEASE_NOTES', { message });
}

// For other domains (friend requests, group invitations, registration): they notify through here.

/** One notification for one user; `db` may be the caller's transaction. */
export function notify(db: Db, userId: number, type: NotificationType, data: repo.NotificationData) {
  return repo.insertNotification(db, userId, type, data);
}

/** One notification for each active admin but `exceptUserId` (NEW_USER when a code has no creator). */
export function notifyAdmins(db: Db, type: NotificationType, data: repo.NotificationData, exceptUserId: number) {
  return repo.insertForAdmins(db, type, data, exceptUserId);
}

/** Marks read a user's notifications about one request, once it was answered or withdrawn. */
export function markRequestRead(db: Db, userId: number, type: NotificationType, requestId: number) {
  return repo.markReadByRequest(db, userId, type, requestId);
}
