import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPageOptions } from '../../server/modules/stacks/feed-page.sql';
import { bind, captureFeed } from '../../scripts/bench/sql-capture';
import { addMemberInDb } from '../factories/groups';
import { feed, groupWith } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { postgresServerUrl } from '../helpers/test-db';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * docs/decisions/0040-feed-merge-in-windows.md: a deep page of the feed under a filter few rows pass ("new only" for a viewer who
 * answered most of the feed; the plain feed of one who hid most of it with Hide New Stacks) read
 * every row the filter rejected, one index probe each (and at worst the whole of every source
 * per step): GET /v2/stacks?filter_new=true at offset 330 took 3 s for the heaviest viewers.
 * Here the same deep page is read in two worlds that differ only in how many rejected rows lie
 * above it (ten times more in the large one), and the statement's buffers, from EXPLAIN
 * (ANALYZE, BUFFERS), must not grow with them. On a PostgreSQL server always (buffers are
 * PostgreSQL's measure): DATABASE_URL, or the local server.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { serverUrl: postgresServerUrl() });
});
afterAll(() => t.close());

/** Stacks no filter rejects, in each world: two pages' worth, so that the second page is deep. */
const FRESH = 66;

interface World {
  /** Answered every stack but the fresh ones. */
  answerer: FactoryUser;
  /** Hid (Hide New Stacks) every stack but the fresh ones. */
  hider: FactoryUser;
  /** The fresh stacks, newest first: the feed of both under their filter. */
  fresh: number[];
}

/**
 * One group with FRESH x (ratio + 1) stacks, a minute apart; every (ratio + 1)-th is fresh, the
 * others are answered by the answerer and hidden for the hider (as Hide New Stacks does).
 */
async function makeWorld(ratio: number): Promise<World> {
  const [owner, answerer, hider] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
  const group = await groupWith(t, owner, []);
  for (const member of [answerer, hider]) await addMemberInDb(t.db, group.id, member);
  const total = FRESH * (ratio + 1);
  const { rows } = await sql<{ id: number; fresh: boolean }>`
    insert into stacks (name, positions, owner_id, mode, group_id, created_at, updated_at)
    select 'Depth ' || i, '["a","b","c","d","e","f"]'::jsonb, ${owner.id}, 'group', ${group.id},
      timestamptz '2026-01-01' + i * interval '1 minute', timestamptz '2026-01-01' + i * interval '1 minute'
    from generate_series(1, ${total}) i
    returning id, (extract(epoch from created_at - timestamptz '2026-01-01') / 60)::int % ${ratio + 1} = 0 as fresh`.execute(t.db);
  const others = rows.filter((r) => !r.fresh).map((r) => r.id);
  await sql`insert into stack_responses (stack_id, user_id, ranking) select unnest(${others}::int[]), ${answerer.id}, '[0,1,2,3,4,5]'::jsonb`.execute(t.db);
  await sql`insert into stack_hides (stack_id, user_id, hidden_by) select unnest(${others}::int[]), ${hider.id}, ${hider.id}`.execute(t.db);
  // As autovacuum would have by then: the visibility map, which lets the merge read its indexes
  // without visiting the table, and fresh statistics.
  await sql`vacuum (analyze) stacks, stack_responses, stack_hides`.execute(t.db);
  const fresh = rows.filter((r) => r.fresh).map((r) => r.id).sort((a, b) => b - a);
  expect(fresh).toHaveLength(FRESH);
  return { answerer, hider, fresh };
}

/** Shared buffers (hit or read) of the app's feed statement for `viewer`, from EXPLAIN (ANALYZE, BUFFERS). */
async function feedBuffers(viewer: FactoryUser, options: FeedPageOptions): Promise<number> {
  const { offset, limit, ...variant } = options;
  const template = await captureFeed(variant);
  const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }>(
    CompiledQuery.raw(`explain (analyze, buffers, format json) ${template.sql}`, bind(template, { viewer: viewer.id, offset, limit })),
  );
  const plan = rows[0]['QUERY PLAN'][0].Plan;
  return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
}

const PLAIN = { filterNew: false, filterFriends: false, filterNoBots: false, onlyTwisted: false, orderBy: 'updated_at' } as const;

describe('a deep feed page under a rare filter reads no more for more rows the filter rejects', () => {
  let small: World;
  let large: World;
  beforeAll(async () => {
    small = await makeWorld(4);
    large = await makeWorld(40);
  }, 120_000);

  it('GET /v2/stacks?filter_new=true&offset=33: the second page of new stacks, for a viewer who answered the rest', async () => {
    for (const world of [small, large]) {
      const page = await feed(t, world.answerer, 'filter_new=true&offset=33');
      expect(page.map((s) => s.id)).toEqual(world.fresh.slice(33));
    }
    const options = { ...PLAIN, filterNew: true, offset: 33, limit: 33 };
    const [few, many] = [await feedBuffers(small.answerer, options), await feedBuffers(large.answerer, options)];
    // 264 answered stacks above the page in one world, 2,640 in the other: before, every one cost
    // an index probe or more (1,276 buffers, then 8,464); now the larger world adds the index
    // pages that hold its rows and the viewer's answers, read once in order (~400, then ~450).
    expect(many, `buffers: ${few} with 264 answered stacks, ${many} with 2,640`).toBeLessThanOrEqual(few + 150);
  });

  it('GET /v2/stacks?offset=33 after Hide New Stacks: the second page, for a viewer who hid the rest', async () => {
    for (const world of [small, large]) {
      const page = await feed(t, world.hider, 'offset=33');
      expect(page.map((s) => s.id)).toEqual(world.fresh.slice(33));
    }
    const options = { ...PLAIN, offset: 33, limit: 33 };
    const [few, many] = [await feedBuffers(small.hider, options), await feedBuffers(large.hider, options)];
    expect(many, `buffers: ${few} with 264 hidden stacks, ${many} with 2,640`).toBeLessThanOrEqual(few + 150);
  });

  it('the same for the oldest first order and the twisted list: the page stays cheap however deep the rejected rows go', async () => {
    const options = { ...PLAIN, filterNew: true, orderBy: 'created_at' as const, offset: 33, limit: 33 };
    const [few, many] = [await feedBuffers(small.answerer, options), await feedBuffers(large.answerer, options)];
    expect(many, `buffers: ${few} with 264 answered stacks, ${many} with 2,640`).toBeLessThanOrEqual(few + 150);
    // No twists at all: the twisted list reads its own index, not the 2,706 stacks (what grows is
    // the one read of the viewer's answers, in order, a few index pages).
    const twisted = { ...PLAIN, onlyTwisted: true, offset: 0, limit: 33 };
    const [fewTwisted, manyTwisted] = [await feedBuffers(small.answerer, twisted), await feedBuffers(large.answerer, twisted)];
    expect(manyTwisted, `buffers: ${fewTwisted} with 330 stacks, ${manyTwisted} with 2,706`).toBeLessThanOrEqual(fewTwisted + 150);
  });
});
