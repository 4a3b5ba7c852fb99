import { sql, type Kysely } from 'kysely';

/**
 * Sessions (docs/sessions.md, docs/decisions/0053-sessions.md): each sign-in is a row, and its access
 * token names it (`sid`). Checking a token reads the session and its user in one statement on two
 * primary keys. Ending a session writes a private `session.revoked` event naming it, so every
 * instance ends that session's streams (as a token-version change ends all of a user's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sessions (
    id integer generated always as identity primary key,
    user_id integer not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    ip text not null default '',
    user_agent text not null default '',
    second_factor boolean not null default false,
    ended_at timestamptz
  )`.execute(db);
  await sql`create index sessions_user_idx on sessions (user_id, id desc)`.execute(db);
  await sql`create function events_on_session_end() returns trigger language plpgsql as $$
    begin
      insert into events (type, user_id, data)
        values ('session.revoked', new.user_id, jsonb_build_object('session_id', new.id));
      return null;
    end $$`.execute(db);
  await sql`create trigger events_session_end after update of ended_at on sessions for each row
    when (old.ended_at is null and new.ended_at is not null)
    execute function events_on_session_end()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sessions`.execute(db);
  await sql`drop function events_on_session_end()`.execute(db);
}
