import { sql, type Kysely } from 'kysely';

/**
 * The feed's merge reads only its source indexes until the page is known (docs/feed.md,
 * feed-page.sql.ts):
 * - each source index (one per source and sort order) carries, after its key, every column the
 *   per-row tests read (parent_id, owner_id, origin_owner_id or friend_id, bot_id, is_sandboxed),
 *   so rows a filter rejects are skipped by an index-only scan, without visiting the table;
 * - the twisted list (only twists: a few in a hundred rows) reads twisted-only copies of the same
 *   indexes (partial, parent_id is not null), so it skips no originals;
 * - feed_marks keeps, per user, the ids of the stacks they answered ('a') and of those hidden for
 *   them ('h'), sorted, in one int[] per range of 16,384 stack ids, kept by statement triggers on
 *   stack_responses and stack_hides (one row write per statement and range, whatever the rows).
 *   The feed reads a viewer's whole set in a few rows (a heavy viewer: tens of thousands of ids in
 *   under a hundred rows) instead of one index entry per id;
 * - the hides an admin made for a user (hidden_by is not the user) get a partial index of their
 *   own, so the feed reads a viewer's few of them without reading their own (possibly many) hides;
 * - feed_head (one source's next row, whole) is no longer used: the merge keeps no rows between
 *   its steps.
 * Same index names and keys as before: only the INCLUDE lists are new.
 */
const SOURCES = [
  ['stacks_group_feed_idx', 'group_id', 'updated_at', 'parent_id, owner_id, origin_owner_id, bot_id, is_sandboxed', 'group_id is not null'],
  ['stacks_group_created_idx', 'group_id', 'created_at', 'parent_id, owner_id, origin_owner_id, bot_id, is_sandboxed', 'group_id is not null'],
  ['stacks_friend_feed_idx', 'friend_id', 'updated_at', 'parent_id, owner_id, origin_owner_id, bot_id', 'friend_id is not null'],
  ['stacks_friend_created_idx', 'friend_id', 'created_at', 'parent_id, owner_id, origin_owner_id, bot_id', 'friend_id is not null'],
  ['stacks_origin_feed_idx', 'origin_owner_id', 'updated_at', 'parent_id, owner_id, friend_id, bot_id', "mode = 'friend'"],
  ['stacks_origin_created_idx', 'origin_owner_id', 'created_at', 'parent_id, owner_id, friend_id, bot_id', "mode = 'friend'"],
] as const;

/** The twisted-only copy of source index `name`: stacks_group_feed_idx -> stacks_group_feed_twisted_idx. */
const twisted = (name: string) => name.replace(/_idx$/, '_twisted_idx');

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, key, sort, include, where] of SOURCES) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
    await sql`create index ${sql.raw(name)} on stacks (${sql.raw(key)}, ${sql.raw(sort)} desc, id desc) include (${sql.raw(include)}) where ${sql.raw(where)}`.execute(db);
  }
  for (const [name, key, sort, include, where] of SOURCES) {
    await sql`create index ${sql.raw(twisted(name))} on stacks (${sql.raw(key)}, ${sql.raw(sort)} desc, id desc) include (${sql.raw(include)}) where ${sql.raw(where)} and parent_id is not null`.execute(db);
  }
  await sql`create index stack_hides_by_others_idx on stack_hides (user_id, stack_id) where hidden_by is distinct from user_id`.execute(db);
  await sql`drop type feed_head`.execute(db);
  await createFeedMarks(db);
}

/** Stack ids per feed_marks row here: a range of 2^14 ids (`stack_id >> 14`); a later migration widens it. */
const CHUNK_BITS = 14;

async function createFeedMarks(db: Kysely<unknown>) {
  await sql`create table feed_marks (
    user_id integer not null references users (id) on delete cascade,
    kind "char" not null check (kind in ('a', 'h')),
    chunk integer not null,
    ids integer[] not null,
    primary key (user_id, kind, chunk))`.execute(db);
  // A user's ids of one kind in one array, in order: the rows' arrays joined, in chunk order.
  await sql`create aggregate feed_ids_cat(integer[]) (sfunc = array_cat, stype = integer[], initcond = '{}')`.execute(db);
  await installFeedMarkTriggers(db, CHUNK_BITS);
}

/**
 * The triggers that keep feed_marks, with ranges of 2^chunkBits ids, and the marks of what is
 * there already (feed_marks must be empty).
 */
export async function installFeedMarkTriggers(db: Kysely<unknown>, chunkBits: number) {
  // Statement triggers (one call per statement, however many rows), in PL/pgSQL so that their
  // plans are kept per connection. Adding: one upsert per (user, range), in key order (so that
  // concurrent writers lock rows in the same order); an id past the row's last is appended, else
  // the row is sorted again. Removing: the ids leave their row.
  const add = (kind: string, rows: string) => sql`
    insert into feed_marks (user_id, kind, chunk, ids)
    select r.user_id, ${sql.lit(kind)}, r.stack_id >> ${sql.lit(chunkBits)}, array_agg(distinct r.stack_id order by r.stack_id)
    from ${sql.raw(rows)} r group by 1, 3 order by 1, 3
    on conflict (user_id, kind, chunk) do update set ids = case
      when cardinality(feed_marks.ids) = 0 or excluded.ids[1] > feed_marks.ids[cardinality(feed_marks.ids)] then feed_marks.ids || excluded.ids
      else array(select distinct v from unnest(feed_marks.ids || excluded.ids) v order by v) end;`;
  const remove = (kind: string, rows: string) => sql`
    update feed_marks f set ids = array(select v from unnest(f.ids) v where v <> all(g.ids) order by v)
    from (select r.user_id, r.stack_id >> ${sql.lit(chunkBits)} as chunk, array_agg(r.stack_id) as ids from ${sql.raw(rows)} r group by 1, 2) g
    where f.user_id = g.user_id and f.kind = ${sql.lit(kind)} and f.chunk = g.chunk;`;
  for (const [table, kind] of [['stack_responses', 'a'], ['stack_hides', 'h']] as const) {
    for (const [event, body] of [
      ['insert', add(kind, 'new_rows')],
      ['delete', remove(kind, 'old_rows')],
      ['update', sql`${remove(kind, 'old_rows')} ${add(kind, 'new_rows')}`],
    ] as const) {
      const name = sql.raw(`feed_marks_${table}_${event}`);
      const tables = sql.raw(event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows');
      await sql`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`.execute(db);
      await sql`create trigger ${name} after ${sql.raw(event)} on ${sql.raw(table)} referencing ${tables} for each statement execute function ${name}()`.execute(db);
    }
    // The marks of what is there already.
    await sql`${add(kind, table)}`.execute(db);
  }
}

/** Drops what installFeedMarkTriggers made (the marks stay: truncate them before installing again). */
export async function dropFeedMarkTriggers(db: Kysely<unknown>) {
  for (const table of ['stack_responses', 'stack_hides']) {
    for (const event of ['insert', 'delete', 'update']) {
      const name = sql.raw(`feed_marks_${table}_${event}`);
      await sql`drop trigger ${name} on ${sql.raw(table)}`.execute(db);
      await sql`drop function ${name}()`.execute(db);
    }
  }
}

async function dropFeedMarks(db: Kysely<unknown>) {
  await dropFeedMarkTriggers(db);
  await sql`drop aggregate feed_ids_cat(integer[])`.execute(db);
  await sql`drop table feed_marks`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropFeedMarks(db);
  await sql`create type feed_head as (src "char", key integer, label text, at timestamptz, id integer, stack stacks)`.execute(db);
  await sql`drop index stack_hides_by_others_idx`.execute(db);
  for (const [name] of SOURCES) await sql`drop index ${sql.raw(twisted(name))}`.execute(db);
  for (const [name, key, sort, , where] of SOURCES) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
    await sql`create index ${sql.raw(name)} on stacks (${sql.raw(key)}, ${sql.raw(sort)} desc, id desc) where ${sql.raw(where)}`.execute(db);
  }
}
