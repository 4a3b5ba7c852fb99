import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feed, groupWith } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * feed_marks (docs/feed.md): each viewer's answered and hidden stack ids, sorted, one int[] per
 * range of 65,536 ids, kept by statement triggers. The feed joins the rows' arrays in range order
 * and looks ids up by bisection, so the arrays must stay sorted and complete across ranges, after
 * appends, writes out of order, several ranges in one statement, and deletions. Stack ids here are
 * spread over five ranges on purpose (the property tests' ids all fall in the first).
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

/** The viewer's set of `kind` as the feed reads it: the rows' arrays joined in range order. */
async function marks(kind: 'a' | 'h'): Promise<number[]> {
  const { rows } = await sql<{ ids: number[] }>`
    select coalesce(feed_ids_cat(f.ids order by f.chunk), '{}') as ids from feed_marks f where f.user_id = ${viewer.id} and f.kind = ${kind}`.execute(t.db);
  return rows[0].ids;
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
