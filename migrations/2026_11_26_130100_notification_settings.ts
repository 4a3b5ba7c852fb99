import { sql, type Kysely } from 'kysely';

/**
 * Notification preferences and e-mail notifications (docs/notification-settings.md,
 * docs/decisions/0043-notification-settings-defaults.md, docs/decisions/0042-notification-mail-once.md).
 *
 * - `notification_settings` holds only what differs from the defaults (shared/schemas/
 *   notification-settings.ts `DEFAULT_NOTIFICATION_SETTINGS`): a null column means "the default".
 *   Its primary key (user_id, kind) serves "these users' settings for this kind" as one index scan.
 * - `notification_mails` is one row per (user, dedupe key): the unique key is what makes a mail
 *   happen exactly once across instances and repeated calls. `mode` 'instant' rows are sent by a
 *   job; 'daily' rows wait for the user's digest (`digest_day` names it). `sent_at` marks either as done; sent rows are
 *   kept a while (so a repeated call within that time still finds its key) and then purged.
 * - `notification_digests` is one row per user and UTC day: claimed before a digest is sent, so two
 *   instances or a re-run never send two digests on one day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notification_settings (
    user_id integer not null references users (id) on delete cascade,
    kind text not null,
    push boolean,
    email text check (email in ('off', 'instant', 'daily')),
    updated_at timestamptz not null default now(),
    constraint notification_settings_pk primary key (user_id, kind)
  )`.execute(db);

  await sql`create table notification_mails (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    dedupe_key text not null,
    kind text not null,
    mode text not null check (mode in ('instant', 'daily')),
    title text not null,
    body text not null,
    url text not null,
    created_at timestamptz not null default now(),
    queued_at timestamptz,
    claimed_until timestamptz,
    sent_at timestamptz,
    digest_day date,
    constraint notification_mails_once unique (user_id, dedupe_key)
  )`.execute(db);
  // What is still to send, by mode and user: the sweep, the digest's users and their items.
  await sql`create index notification_mails_pending_idx on notification_mails (mode, user_id, id) where sent_at is null`.execute(db);
  // The purge: sent rows past their keeping time, and unsent ones as old (a send that gave up).
  await sql`create index notification_mails_sent_idx on notification_mails (sent_at) where sent_at is not null`.execute(db);
  await sql`create index notification_mails_unsent_age_idx on notification_mails (created_at) where sent_at is null`.execute(db);

  await sql`create table notification_digests (
    user_id integer not null references users (id) on delete cascade,
    day date not null,
    items integer not null,
    created_at timestamptz not null default now(),
    constraint notification_digests_pk primary key (user_id, day)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notification_digests`.execute(db);
  await sql`drop table notification_mails`.execute(db);
  await sql`drop table notification_settings`.execute(db);
}
