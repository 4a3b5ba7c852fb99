import { sql, type Kysely } from 'kysely';

/**
 * Notification history (docs/notifications.md): GET /v1/users/notifications?order=unread_first
 * lists a user's unread notifications, newest first, then the read ones ("Earlier"), newest first.
 * This index reads that order as one range per user, page after page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index notifications_user_read_created_idx on notifications (user_id, is_read, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_user_read_created_idx`.execute(db);
}
