import { sql } from 'kysely';
import type { EmailMode, NotificationKind } from '../../../shared/schemas/notification-settings';
import type { Db } from '../../db/client';

/** A stored difference from the defaults: null fields are the default. */
export interface StoredSetting {
  kind: string;
  push: boolean | null;
  email: EmailMode | null;
}

/** One user's stored differences, every kind. */
export function userSettings(db: Db, userId: number): Promise<StoredSetting[]> {
  return db.selectFrom('notification_settings').select(['kind', 'push', 'email']).where('user_id', '=', userId).execute();
}

/** These users' stored differences for one kind: one scan of the primary key (user_id, kind). */
export function settingsOfUsers(db: Db, userIds: readonly number[], kind: NotificationKind) {
  return db
    .selectFrom('notification_settings')
    .select(['user_id', 'push', 'email'])
    .where(sql<boolean>`user_id = any(${sql.val([...userIds])}::int[])`)
    .where('kind', '=', kind)
    .execute();
}

/** Locks the user's row, so two changes of one user's settings apply in turn (neither is lost). */
export async function lockUser(trx: Db, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
  return row !== undefined;
}

/** Writes the differences of these kinds (a row with both fields null is not kept). */
export async function writeSettings(trx: Db, userId: number, rows: StoredSetting[]): Promise<void> {
  const kept = rows.filter((row) => row.push !== null || row.email !== null);
  const dropped = rows.filter((row) => row.push === null && row.email === null).map((row) => row.kind);
  if (dropped.length > 0) await trx.deleteFrom('notification_settings').where('user_id', '=', userId).where('kind', 'in', dropped).execute();
  if (kept.length === 0) return;
  await trx
    .insertInto('notification_settings')
    .values(kept.map((row) => ({ user_id: userId, kind: row.kind, push: row.push, email: row.email })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ push: eb.ref('excluded.push'), email: eb.ref('excluded.email'), updated_at: new Date() })),
    )
    .execute();
}
