import { sql, type Kysely } from 'kysely';

/**
 * The admin console (docs/admin.md, docs/decisions/0037-admin-audit-log.md):
 * - `admin_audit`: one row per admin action, from the app, REST or the CLI. Rows are only ever
 *   added: a trigger refuses UPDATE and DELETE, so neither the app nor a stray statement rewrites
 *   history (a restore with --force replaces the whole database, which is not an edit).
 * - `registration_codes.revoked_at`: a revoked code also expires at that moment, so every check of
 *   a code's use (registration, the invite states) refuses it without knowing about revocation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table admin_audit (
    id integer generated always as identity primary key,
    at timestamptz not null default now(),
    actor_id integer references users(id) on delete set null,
    source text not null check (source in ('web', 'rest', 'cli')),
    action text not null,
    target_type text,
    target_id text,
    outcome text not null check (outcome in ('success', 'failure')),
    detail text
  )`.execute(db);
  await sql`create index admin_audit_actor_idx on admin_audit (actor_id, id desc)`.execute(db);
  await sql`create index admin_audit_action_idx on admin_audit (action, id desc)`.execute(db);
  await sql`create function admin_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'admin_audit entries cannot be changed or deleted' using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`create trigger admin_audit_append_only before update or delete on admin_audit
    for each row execute function admin_audit_append_only()`.execute(db);
  await sql`alter table registration_codes add column revoked_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table registration_codes drop column revoked_at`.execute(db);
  await sql`drop table admin_audit`.execute(db);
  await sql`drop function admin_audit_append_only()`.execute(db);
}
