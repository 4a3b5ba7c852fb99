import { sql, type Kysely } from 'kysely';

/**
 * Where the outside-the-tab dispatcher has read the event log up to (server/modules/outbound,
 * docs/notifications-outside.md): one row, locked by the instance that dispatches a batch. It
 * starts at the newest event: nobody is told about what happened before the feature existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table outbound_cursor (
    id smallint primary key default 1 check (id = 1),
    last_event_id bigint not null
  )`.execute(db);
  await sql`insert into outbound_cursor (id, last_event_id)
    select 1, coalesce((select max(id) from events), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table outbound_cursor`.execute(db);
}
