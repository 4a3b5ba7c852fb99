import { sql, type Kysely } from 'kysely';

/**
 * Safety and ownership: mutes, reports and personal invites (docs/decisions/0021-mute.md,
 * docs/decisions/0027-reports.md, docs/decisions/0026-personal-invites.md).
 *
 * - `mutes` is one-way and private to the muter: the muted user's content leaves the muter's
 *   views; nothing changes for the muted user. Indexed both ways (lists by muter, filters by pair).
 * - `reports` keeps `snapshot`, the target's content as it was when reported, so the admin queue
 *   shows what was reported even after an edit or a deletion. No foreign key to the target.
 * - A personal invite is a registration code with `is_invite`: single use, 7-day expiry, made by
 *   `created_by`. The partial index keeps "my invites" and the unused-invite quota to an index scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table mutes (
    muter_id integer not null references users (id) on delete cascade,
    muted_id integer not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    constraint mutes_pk primary key (muter_id, muted_id),
    constraint mutes_not_self check (muter_id <> muted_id)
  )`.execute(db);
  await sql`create index mutes_muted_idx on mutes (muted_id)`.execute(db);

  await sql`create table reports (
    id serial primary key,
    reporter_id integer not null references users (id) on delete cascade,
    target_type text not null check (target_type in ('user', 'stack', 'comment', 'group')),
    target_id integer not null,
    reason text not null check (reason in ('spam', 'harassment', 'hate', 'sexual content', 'violence', 'other')),
    note text not null default '',
    snapshot jsonb not null,
    status text not null default 'open' check (status in ('open', 'resolved', 'dismissed')),
    resolution_note text,
    resolved_by integer references users (id) on delete set null,
    resolved_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index reports_status_idx on reports (status, id desc)`.execute(db);
  await sql`create index reports_reporter_idx on reports (reporter_id, id desc)`.execute(db);

  await sql`alter table registration_codes add column is_invite boolean not null default false`.execute(db);
  await sql`create index registration_codes_invites_idx on registration_codes (created_by, id desc) where is_invite`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index registration_codes_invites_idx`.execute(db);
  await sql`alter table registration_codes drop column is_invite`.execute(db);
  await sql`drop table reports`.execute(db);
  await sql`drop table mutes`.execute(db);
}
