import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed, groupWith } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { CHUNK_BITS, DENSE_FROM } from '../../migrations/2026_11_29_100000_dense_feed_marks';

/*
 * feed_marks (docs/feed.md): each viewer's answered and hidden stack ids, one row per range of
 * 65,536 ids, kept by statement triggers: sorted ids while the range has fewer than DENSE_FROM of
 * them, a bitmap of the range from then on. The feed joins the rows in range order and looks ids
 * up by bisection or by bit, so the rows must stay sorted and complete across ranges and forms,
 * after appends, writes out of order, several ranges in one statement, a range turning dense, and
 * deletions. Stack ids here are spread over several ranges on purpose (the property tests' ids
 * all fall in the first, and none is dense).
 */

let t: TestApp;
let owner: FactoryUser;
let viewer: FactoryUser;
let groupId: number;

/** One stack id per place: across range edges (65,535 | 65,536) and far apart. */
const IDS = [65_535, 65_536, 70_000, 70_001, 140_000, 200_000, 300_000, 300_002];

beforeAll(async () => {
  t = await createTestApp();
  [owner, viewer] = [await createUser(t.db), await createUser(t.db)];
  groupId = (await groupWith(t, owner, [viewer])).id;
  await sql`
    insert into stacks (id, name, positions, owner_id, mode, group_id, created_at, updated_at)
    select i, 'Range ' || i, '["a","b","c","d","e","f"]'::jsonb, ${owner.id}, 'group', ${groupId},
      timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second'
    from unnest(${IDS}::int[]) i`.execute(t.db);
});
afterAll(() => t.close());

/** The viewer's set of `kind`, in order: each row's ids, or the ids of its bitmap's set bits. */
async function marks(kind: 'a' | 'h', user: FactoryUser = viewer): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select x.id from feed_marks f cross join lateral (
      select unnest(f.ids) as id where f.bits is null
      union all
      select (f.chunk << ${CHUNK_BITS}) + i from generate_series(0, ${(1 << CHUNK_BITS) - 1}) i where f.bits is not null and get_bit(f.bits, i) = 1) x
    where f.user_id = ${user.id} and f.kind = ${kind} order by f.chunk, x.id`.execute(t.db);
  return rows.map((r) => r.id);
}

/** The viewer's rows of `kind`: range and form. */
async function forms(kind: 'a' | 'h', user: FactoryUser = viewer) {
  const { rows } = await sql<{ chunk: number; dense: boolean }>`
    select chunk, bits is not null as dense from feed_marks where user_id = ${user.id} and kind = ${kind} order by chunk`.execute(t.db);
  return rows;
}

const answer = (ids: number[]) =>
  sql`insert into stack_responses (stack_id, user_id, ranking) select unnest(${ids}::int[]), ${viewer.id}, '[0,1,2,3,4,5]'::jsonb`.execute(t.db);
const hide = (ids: number[]) => sql`insert into stack_hides (stack_id, user_id, hidden_by) select unnest(${ids}::int[]), ${viewer.id}, ${viewer.id}`.execute(t.db);

describe('feed_marks across ranges', () => {
  it('keeps the answered ids sorted and whole through appends, writes out of order, several ranges at once and deletions', async () => {
    await answer([200_000]);
    await answer([70_001]); // a lower range than the last write
    await answer([70_000]); // below the row's last id: the row is sorted again
    await answer([300_000, 65_535, 65_536]); // three ranges in one statement
    expect(await marks('a')).toEqual([65_535, 65_536, 70_000, 70_001, 200_000, 300_000]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from feed_marks where user_id = ${viewer.id} and kind = 'a'`.execute(t.db);
    expect(rows[0].n).toBe(4); // ranges 0 (65,535), 1 (65,536-70,001), 3 (200,000), 4 (300,000)

    await sql`delete from stack_responses where user_id = ${viewer.id} and stack_id in (70000, 300000)`.execute(t.db);
    expect(await marks('a')).toEqual([65_535, 65_536, 70_001, 200_000]);
  });

  it('"new only" shows exactly the stacks not answered, in every range', async () => {
    const shown = (await feed(t, viewer, 'filter_new=true')).map((s) => s.id).sort((a, b) => a - b);
    expect(shown).toEqual([70_000, 140_000, 300_000, 300_002]);
  });

  it('keeps the hidden ids the same way, and the feed leaves them out', async () => {
    await hide([300_002, 140_000]);
    await hide([65_536]);
    expect(await marks('h')).toEqual([65_536, 140_000, 300_002]);
    await sql`delete from stack_hides where user_id = ${viewer.id} and stack_id = 140000`.execute(t.db);
    expect(await marks('h')).toEqual([65_536, 300_002]);
    const shown = (await feed(t, viewer)).map((s) => s.id).sort((a, b) => a - b);
    expect(shown).toEqual(IDS.filter((id) => id !== 65_536 && id !== 300_002));
  });
});

describe('feed_marks: a dense range is a bitmap', () => {
  // One range (6: ids 393,216-458,751), DENSE_FROM + 60 stacks of a group the reader is in, and
  // one stack in the range below it (answered: a sparse row) and one in the range above (not).
  const FIRST = 400_000;
  const [BELOW, ABOVE] = [330_000, 460_000];
  const COUNT = DENSE_FROM + 60;
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => FIRST + from + i);
  let reader: FactoryUser;

  beforeAll(async () => {
    reader = await createUser(t.db);
    const group = (await groupWith(t, owner, [reader])).id;
    await sql`
      insert into stacks (id, name, positions, owner_id, mode, group_id, created_at, updated_at)
      select i, 'Dense ' || i, '["a","b","c","d","e","f"]'::jsonb, ${owner.id}, 'group', ${group},
        timestamptz '2026-02-01' + i * interval '1 second', timestamptz '2026-02-01' + i * interval '1 second'
      from unnest(${[...range(0, COUNT), BELOW, ABOVE]}::int[]) i`.execute(t.db);
    await sql`insert into stack_responses (stack_id, user_id, ranking) values (${BELOW}, ${reader.id}, '[0,1,2,3,4,5]'::jsonb)`.execute(t.db);
  });

  const answerAs = (ids: number[]) =>
    sql`insert into stack_responses (stack_id, user_id, ranking) select unnest(${ids}::int[]), ${reader.id}, '[0,1,2,3,4,5]'::jsonb`.execute(t.db);
  const feedIds = async (query: string) => (await feed(t, reader, `limit=100&${query}`)).map((s) => s.id).sort((a, b) => a - b);

  it('turns a range of answers into a bitmap once it has DENSE_FROM of them, and keeps every id through adds and deletions', async () => {
    await answerAs(range(0, DENSE_FROM - 48));
    expect(await forms('a', reader)).toEqual([{ chunk: 5, dense: false }, { chunk: 6, dense: false }]);
    await answerAs(range(DENSE_FROM - 48, 50)); // DENSE_FROM + 2 answers: the range turns dense
    expect(await forms('a', reader)).toEqual([{ chunk: 5, dense: false }, { chunk: 6, dense: true }]);
    expect(await marks('a', reader)).toEqual([BELOW, ...range(0, DENSE_FROM + 2)]);
    expect(await feedIds('filter_new=true')).toEqual([...range(DENSE_FROM + 2, 58), ABOVE]);

    await sql`delete from stack_responses where user_id = ${reader.id} and stack_id = any(${range(100, 10)}::int[])`.execute(t.db);
    await answerAs([FIRST + 104, FIRST + COUNT - 1]);
    const answered = [...range(0, 100), FIRST + 104, ...range(110, DENSE_FROM + 2 - 110), FIRST + COUNT - 1];
    expect(await forms('a', reader)).toEqual([{ chunk: 5, dense: false }, { chunk: 6, dense: true }]); // stays a bitmap
    expect(await marks('a', reader)).toEqual([BELOW, ...answered]);
    expect(await feedIds('filter_new=true')).toEqual([...range(0, COUNT).filter((id) => !answered.includes(id)), ABOVE]);
  });

  it('keeps a dense range of hides the same way, and the feed leaves them out', async () => {
    await sql`insert into stack_hides (stack_id, user_id, hidden_by) select unnest(${range(0, COUNT - 8)}::int[]), ${reader.id}, ${reader.id}`.execute(t.db);
    expect(await forms('h', reader)).toEqual([{ chunk: 6, dense: true }]);
    expect(await feedIds('')).toEqual([BELOW, ...range(COUNT - 8, 8), ABOVE]);
    await sql`delete from stack_hides where user_id = ${reader.id} and stack_id = ${FIRST + 7}`.execute(t.db);
    expect(await marks('h', reader)).toEqual(range(0, COUNT - 8).filter((id) => id !== FIRST + 7));
    expect(await feedIds('')).toEqual([BELOW, FIRST + 7, ...range(COUNT - 8, 8), ABOVE]);
  });
});
