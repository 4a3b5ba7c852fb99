import { sql, type Kysely } from 'kysely';

/**
 * The feed reads each of its sources along an index, newest first (DESIGN "The feed"):
 * - a friend stack (or its twist) belongs to two people, the original's owner and its friend. A
 *   twist's owner_id is whoever twisted it, so the original's owner gets a column of its own,
 *   origin_owner_id, set by a trigger on insert (a stack never changes owner or parent);
 * - each source has an index per sort order, (source, sort column desc, id desc);
 * - feed_head is one source's next row while the feed merges them (feed-page.sql.ts);
 * - the page's details read responders (stack_id, created_at, user_id) and user cards
 *   (id, username, avatar_id) from covering indexes, without visiting the tables.
 * No foreign key on origin_owner_id: owner_id and parent_id already cascade when a user goes.
 * The old (owner_id, updated_at) index served the candidate scan this replaces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stacks add column origin_owner_id integer`.execute(db);
  await sql`update stacks s set origin_owner_id = coalesce((select p.owner_id from stacks p where p.id = s.parent_id), s.owner_id)`.execute(db);
  await sql`alter table stacks alter column origin_owner_id set not null`.execute(db);
  await sql`create function stacks_set_origin_owner() returns trigger language plpgsql as $$
    begin
      new.origin_owner_id := coalesce((select p.owner_id from stacks p where p.id = new.parent_id), new.owner_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger stacks_origin_owner before insert on stacks for each row execute function stacks_set_origin_owner()`.execute(db);

  await sql`create index stacks_group_created_idx on stacks (group_id, created_at desc, id desc) where group_id is not null`.execute(db);
  await sql`create index stacks_friend_created_idx on stacks (friend_id, created_at desc, id desc) where friend_id is not null`.execute(db);
  await sql`create index stacks_origin_feed_idx on stacks (origin_owner_id, updated_at desc, id desc) where mode = 'friend'`.execute(db);
  await sql`create index stacks_origin_created_idx on stacks (origin_owner_id, created_at desc, id desc) where mode = 'friend'`.execute(db);
  await sql`drop index stacks_owner_feed_idx`.execute(db);
  await sql`create index stacks_owner_idx on stacks (owner_id)`.execute(db);
  await sql`create index stack_responses_stack_time_idx on stack_responses (stack_id, created_at) include (user_id)`.execute(db);
  await sql`create unique index users_card_idx on users (id) include (username, avatar_id)`.execute(db);
  await sql`create type feed_head as (src "char", key integer, label text, at timestamptz, id integer, stack stacks)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop type feed_head`.execute(db);
  await sql`drop index users_card_idx`.execute(db);
  await sql`drop index stack_responses_stack_time_idx`.execute(db);
  await sql`drop index stacks_owner_idx`.execute(db);
  await sql`create index stacks_owner_feed_idx on stacks (owner_id, updated_at desc, id desc)`.execute(db);
  for (const name of ['stacks_origin_created_idx', 'stacks_origin_feed_idx', 'stacks_friend_created_idx', 'stacks_group_created_idx']) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
  }
  await sql`drop trigger stacks_origin_owner on stacks`.execute(db);
  await sql`drop function stacks_set_origin_owner()`.execute(db);
  await sql`alter table stacks drop column origin_owner_id`.execute(db);
}
