import { sql, type Kysely } from 'kysely';
import { dropFeedMarkTriggers, installFeedMarkTriggers } from './2026_11_25_140000_cover_feed_sources';

/**
 * feed_marks keeps a range of stack ids where a user's marks are dense as a bitmap
 * (docs/decisions/0055-dense-feed-marks.md, docs/feed.md).
 *
 * A row covers 2^16 stack ids. It holds sorted ids (`ids`) until it has DENSE_FROM of them, then
 * a bitmap of its range (`bits`, 8,192 bytes: bit `id & 65535`, as get_bit counts), never more
 * bytes than the ids it replaces. Why: the feed reads a viewer's whole answered or hidden set in
 * every "new only" and twisted page (and the hidden one in every page), and joining many rows of
 * ids copied them again for each row (array_cat: 0.85 ms of a 4.3 ms statement for a viewer with
 * 86,536 answers); bitmaps are joined by string_agg, which copies each once, and looked up by
 * get_bit instead of bisection. Sparse ranges stay ids, so a viewer's set never takes more memory
 * than their ids, however many stacks exist. A dense row stays dense when ids leave it.
 */
export const DENSE_FROM = 2_048;
/** Stack ids per row: a range of 2^CHUNK_BITS (as 2026_11_26_120000_widen_feed_marks made them); the feed reads rows by it. */
export const CHUNK_BITS = 16;
const RANGE = 1 << CHUNK_BITS;

/** An empty bitmap of one range, as SQL. */
const NO_BITS = `decode(repeat('00', ${RANGE / 8}), 'hex')`;

/**
 * The statement triggers (the functions the triggers of 2026_11_25_140000 call, replaced):
 * adding, an upsert per (user, range) in key order as before, ids appended or merged into a sparse
 * row and set in a dense one, then the sparse rows that reached DENSE_FROM turned into bitmaps;
 * removing, ids taken out of a sparse row or cleared in a dense one.
 */
function triggerBodies() {
  const groups = (rows: string) =>
    `(select r.user_id, r.stack_id >> ${CHUNK_BITS} as chunk, array_agg(distinct r.stack_id order by r.stack_id) as ids from ${rows} r group by 1, 2)`;
  const add = (kind: string, rows: string) => `
    insert into feed_marks (user_id, kind, chunk, ids)
    select g.user_id, '${kind}', g.chunk, g.ids from ${groups(rows)} g order by 1, 3
    on conflict (user_id, kind, chunk) do update set
      ids = case when feed_marks.bits is not null then null
        when cardinality(feed_marks.ids) = 0 or excluded.ids[1] > feed_marks.ids[cardinality(feed_marks.ids)] then feed_marks.ids || excluded.ids
        else array(select distinct v from unnest(feed_marks.ids || excluded.ids) v order by v) end,
      bits = case when feed_marks.bits is not null then feed_bits_set(feed_marks.bits, excluded.ids, 1) end;
    update feed_marks f set bits = feed_bits_set(${NO_BITS}, f.ids, 1), ids = null
    from ${groups(rows)} g
    where f.user_id = g.user_id and f.kind = '${kind}' and f.chunk = g.chunk and cardinality(f.ids) >= ${DENSE_FROM};`;
  const remove = (kind: string, rows: string) => `
    update feed_marks f set
      ids = case when f.bits is null then array(select v from unnest(f.ids) v where v <> all(g.ids) order by v) end,
      bits = case when f.bits is not null then feed_bits_set(f.bits, g.ids, 0) end
    from ${groups(rows)} g
    where f.user_id = g.user_id and f.kind = '${kind}' and f.chunk = g.chunk;`;
  const bodies: { name: string; body: string }[] = [];
  for (const [table, kind] of [['stack_responses', 'a'], ['stack_hides', 'h']] as const) {
    bodies.push({ name: `feed_marks_${table}_insert`, body: add(kind, 'new_rows') });
    bodies.push({ name: `feed_marks_${table}_delete`, body: remove(kind, 'old_rows') });
    bodies.push({ name: `feed_marks_${table}_update`, body: `${remove(kind, 'old_rows')} ${add(kind, 'new_rows')}` });
  }
  return bodies;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table feed_marks add column bits bytea, alter column ids drop not null`.execute(db);
  await sql`alter table feed_marks add constraint feed_marks_one_form check ((ids is null) <> (bits is null))`.execute(db);
  // Sets (bit 1) or clears (bit 0) the bits of `ids` (all in one range) in bitmap `b`.
  await sql`create function feed_bits_set(b bytea, ids integer[], value integer) returns bytea language plpgsql immutable as $$
    declare x integer;
    begin
      foreach x in array ids loop b := set_bit(b, x & ${sql.lit(RANGE - 1)}, value); end loop;
      return b;
    end $$`.execute(db);
  // Which joined bitmap is a range's, for the feed (feed-page.sql.ts `among`): two bytes per range
  // up to the last dense one, the place (from 1) of its bitmap among `ranges` (sorted), or 0.
  await sql`create function feed_range_map(ranges integer[]) returns bytea language plpgsql immutable strict as $$
    declare m bytea := decode(repeat('00', 2 * (ranges[cardinality(ranges)] + 1)), 'hex');
    begin
      for i in 1 .. cardinality(ranges) loop
        m := set_byte(set_byte(m, 2 * ranges[i], i >> 8), 2 * ranges[i] + 1, i & 255);
      end loop;
      return m;
    end $$`.execute(db);
  for (const { name, body } of triggerBodies()) {
    await sql`create or replace function ${sql.raw(name)}() returns trigger language plpgsql as $$ begin ${sql.raw(body)} return null; end $$`.execute(db);
  }
  // The ranges already dense.
  await sql`update feed_marks set bits = feed_bits_set(${sql.raw(NO_BITS)}, ids, 1), ids = null where cardinality(ids) >= ${sql.lit(DENSE_FROM)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to ids only: the earlier triggers, and the marks made again from what is there.
  await dropFeedMarkTriggers(db);
  await sql`truncate feed_marks`.execute(db);
  await sql`alter table feed_marks drop constraint feed_marks_one_form`.execute(db);
  await sql`alter table feed_marks drop column bits, alter column ids set not null`.execute(db);
  await sql`drop function feed_bits_set(bytea, integer[], integer)`.execute(db);
  await sql`drop function feed_range_map(integer[])`.execute(db);
  await installFeedMarkTriggers(db, CHUNK_BITS);
}
