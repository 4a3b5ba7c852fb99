import { sql } from 'kysely';
import type { NotificationKind } from '../../../shared/schemas/notification-settings';
import type { Db } from '../../db/client';

/** Where and whether a user can get e-mail, and their stored e-mail choice for one kind (null: the default). */
export function recipient(db: Db, userId: number, kind: NotificationKind) {
  return db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', (join) => join.onRef('s.user_id', '=', 'u.id').on('s.kind', '=', kind))
    .select(['u.email', 'u.username', 'u.is_active', 'u.email_verified_at', 's.email as setting'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export interface NewMail {
  user_id: number;
  dedupe_key: string;
  kind: NotificationKind;
  mode: 'instant' | 'daily';
  title: string;
  body: string;
  url: string;
  queued: boolean;
}

/** The mail's row, once per (user, dedupe key): undefined when the key was seen before. */
export async function insertMail(db: Db, mail: NewMail): Promise<number | undefined> {
  const { queued, ...values } = mail;
  const row = await db
    .insertInto('notification_mails')
    .values({ ...values, queued_at: queued ? new Date() : null })
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Instant mails no job was queued for (queued by an instance without the job queue): marked queued, ids answered. */
export async function takeUnqueued(trx: Db, limit: number): Promise<number[]> {
  const rows = await trx
    .updateTable('notification_mails')
    .set({ queued_at: new Date() })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notification_mails')
        .select('id')
        .where('mode', '=', 'instant')
        .where('sent_at', 'is', null)
        .where('queued_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes an instant mail to send: not sent, and not held by another worker. Held for `claimSeconds`;
 * answered with its recipient (whose state is checked again, as it may have changed since).
 */
export function claimInstant(db: Db, id: number, claimSeconds: number) {
  return db
    .with('c', (qb) =>
      qb
        .updateTable('notification_mails')
        .set({ claimed_until: sql`now() + make_interval(secs => ${claimSeconds})` })
        .where('id', '=', id)
        .where('mode', '=', 'instant')
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
        .returning(['id', 'user_id', 'kind', 'title', 'body', 'url']),
    )
    .selectFrom('c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.kind', 'c.title', 'c.body', 'c.url', 'u.email', 'u.username', 'u.is_active', 'u.email_verified_at'])
    .executeTakeFirst();
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db.updateTable('notification_mails').set({ sent_at: new Date(), claimed_until: null }).where('id', '=', id).execute();
}

/** A failed send lets go of its mail at once, so the job's retry can take it. */
export async function releaseClaim(db: Db, id: number): Promise<void> {
  await db.updateTable('notification_mails').set({ claimed_until: null }).where('id', '=', id).where('sent_at', 'is', null).execute();
}

/** Mails of these kinds not sent yet (the user turned their e-mail off): they will not be. */
export async function dropPendingMails(db: Db, userId: number, kinds: NotificationKind[]): Promise<void> {
  await db.deleteFrom('notification_mails').where('user_id', '=', userId).where('kind', 'in', kinds).where('sent_at', 'is', null).execute();
}

/** Users with digest items waiting and no digest on `day` yet, by id after `afterId`. */
export async function digestUsers(db: Db, day: string, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('notification_mails as m')
    .select('m.user_id')
    .distinct()
    .where('m.mode', '=', 'daily')
    .where('m.sent_at', 'is', null)
    .where('m.user_id', '>', afterId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('notification_digests as d').select('d.user_id').whereRef('d.user_id', '=', 'm.user_id').where('d.day', '=', day))))
    .orderBy('m.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Claims the user's digest of `day`: false when it was claimed already (another instance, an earlier run). */
export async function claimDigest(trx: Db, userId: number, day: string): Promise<boolean> {
  const row = await trx
    .insertInto('notification_digests')
    .values({ user_id: userId, day, items: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface DigestItem {
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  /** Every item taken, listed or not, and their kinds. */
  total: number;
  kinds: NotificationKind[];
}

/**
 * Marks every waiting digest item of the user sent in the digest of `day`, in one statement, and
 * answers the oldest `listed` of them, each with the count and the kinds of all taken.
 */
export async function takeDigestItems(trx: Db, userId: number, day: string, listed: number): Promise<DigestItem[]> {
  const result = await sql<DigestItem>`
    with taken as (
      update notification_mails set sent_at = now(), digest_day = ${day}::date
      where user_id = ${userId} and mode = 'daily' and sent_at is null
      returning id, kind, title, body, url
    )
    select kind, title, body, url, (select count(*)::int from taken) as total,
      array(select distinct kind from taken order by kind) as kinds
    from taken order by id limit ${listed}`.execute(trx);
  return result.rows;
}

export async function recordDigest(trx: Db, userId: number, day: string, items: number): Promise<void> {
  await trx.updateTable('notification_digests').set({ items }).where('user_id', '=', userId).where('day', '=', day).execute();
}

/** A digest that could not be sent: its claim goes and its items wait again, for the next run. */
export async function undoDigest(trx: Db, userId: number, day: string): Promise<void> {
  await trx.deleteFrom('notification_digests').where('user_id', '=', userId).where('day', '=', day).execute();
  await trx.updateTable('notification_mails').set({ sent_at: null, digest_day: null }).where('user_id', '=', userId).where('digest_day', '=', day).execute();
}

/** The user's address, if mail may go to it (active, verified). */
export function mailbox(db: Db, userId: number) {
  return db.selectFrom('users').select(['email', 'username']).where('id', '=', userId).where('is_active', '=', true).where('email_verified_at', 'is not', null).executeTakeFirst();
}

/** Sent mails, mails never sent (their send gave up) and digest records, past their keeping time. */
export async function purgeOld(db: Db, keptDays: number): Promise<void> {
  const cutoff = sql<Date>`now() - make_interval(days => ${keptDays})`;
  await db.deleteFrom('notification_mails').where('sent_at', '<', cutoff).execute();
  await db.deleteFrom('notification_mails').where('sent_at', 'is', null).where('created_at', '<', cutoff).execute();
  await db.deleteFrom('notification_digests').where('day', '<', sql<string>`current_date - ${keptDays}::int`).execute();
}
