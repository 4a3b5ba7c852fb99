import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { listFeed } from '../../server/modules/stacks/stacks.repo';
import { feedPage, inFeed, type FeedCaps, type FeedFilters, type FeedPageOptions } from '../../server/modules/stacks/feed-page.sql';
import { canSeeStack } from '../../server/policy';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The feed's page is chosen by a merge of per-source index scans (feed-page.sql.ts). This test
 * holds it equal to the plain definition it replaced: every stack row the viewer may see
 * (canSeeStack), not hidden for the viewer, filtered, sorted by the sort column and id, then
 * offset and limit. Random small worlds (users, groups with members and retired ones, friend and
 * group stacks with ties in their times, bot stacks, sandboxing, answers, twists, hides by the
 * viewer and by others, blocks, mutes), and in each world every variant of the feed: the three
 * filters in all eight combinations, both orders, GET /v2/stacks and the twisted list (which runs
 * the same SQL), each for a random viewer and page. Once with the merge's own caps, and once with
 * tiny ones, so that a page takes many windows (the caps change the work, never the page).
 */

let t: TestApp;
let botOwner: number;
let botId: number;
beforeAll(async () => {
  t = await createTestApp();
  botOwner = (await t.db.insertInto('users').values({ username: 'prop_bot_owner', email: 'prop_bot_owner@test.local', password_hash: '!' }).returning('id').executeTakeFirstOrThrow()).id;
  const group = await t.db.insertInto('groups').values({ name: 'prop bots', owner_id: botOwner }).returning('id').executeTakeFirstOrThrow();
  botId = (await t.db.insertInto('bots').values({ name: 'Prop bot', avatar_id: 1, owner_id: botOwner, friend_id: null, group_id: group.id, schedule: sql`'[0]'::jsonb` as never }).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

/** The feed as it was defined before the merge: one scan of everything, then sort and page. */
async function referencePage(db: Db, viewerId: number, o: FeedPageOptions): Promise<string[]> {
  const sort = sql.ref(o.orderBy === 'created_at' ? 's.created_at' : 's.updated_at');
  let q = db
    .selectFrom('stacks as s')
    .select(['s.id'])
    .where(canSeeStack(viewerId, false))
    .where(sql<boolean>`not exists (select 1 from stack_hides h where h.stack_id = s.id and h.user_id = ${viewerId})`)
    // Mutes (README "Mute"): nothing the viewer's muted users wrote, nor twists of their stacks.
    .where(sql<boolean>`not exists (select 1 from mutes m where m.muter_id = ${viewerId} and m.muted_id in (s.owner_id, s.origin_owner_id))`);
  if (o.filterNew) q = q.where(sql<boolean>`not exists (select 1 from stack_responses nr where nr.stack_id = s.id and nr.user_id = ${viewerId})`);
  if (o.filterFriends) q = q.where('s.mode', '=', 'friend');
  if (o.filterNoBots) q = q.where('s.bot_id', 'is', null);
  if (o.onlyTwisted) q = q.where('s.parent_id', 'is not', null);
  const rows = await q.orderBy(sort, 'desc').orderBy('s.id', 'desc').offset(o.offset).limit(o.limit).execute();
  return rows.map((r) => String(r.id));
}

async function feedPageIds(db: Db, viewerId: number, o: FeedPageOptions): Promise<string[]> {
  const rows = await listFeed(db, { id: viewerId, isAdmin: false } as never, o);
  // The feed lists a twist under its original's id; the row's own id is in `twist`.
  return rows.map((r) => String(r.twist ? r.twist.id : r.id));
}

/** The stack rows of inFeed (the whole feed, unpaged), ids sorted as strings. */
async function inFeedIds(db: Db, viewerId: number, o: FeedPageOptions): Promise<string[]> {
  const rows = await db.selectFrom('stacks as s').select('s.id').where(inFeed(viewerId, o)).execute();
  return rows.map((r) => String(r.id)).sort();
}

/** True about once in `n`. */
const rarely = (n: number) => fc.integer({ min: 1, max: n }).map((x) => x === 1);

const worldArb = fc.record({
  users: fc.integer({ min: 3, max: 6 }),
  groups: fc.array(fc.record({ retired: rarely(6), members: fc.array(fc.nat(5), { maxLength: 6 }) }), { minLength: 1, maxLength: 3 }),
  stacks: fc.array(
    fc.record({
      friend: fc.boolean(),
      owner: fc.nat(5),
      target: fc.nat(5),
      sandboxed: rarely(4),
      bot: rarely(5),
      // Few distinct minutes, so equal sort times (settled by id) are common.
      created: fc.nat(6),
      updated: fc.nat(6),
    }),
    { maxLength: 24 },
  ),
  answers: fc.array(fc.tuple(fc.nat(23), fc.nat(5)), { maxLength: 40 }),
  twists: fc.array(fc.tuple(fc.nat(23), fc.nat(5)), { maxLength: 6 }),
  hides: fc.array(fc.tuple(fc.nat(30), fc.nat(5), fc.nat(6)), { maxLength: 8 }),
  blocks: fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 3 }),
  mutes: fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 4 }),
  // Afterwards: hides taken back and stacks deleted (their answers, hides and twists go too), so
  // that what feed_marks keeps of answers and hides must follow deletions as well.
  unhides: fc.array(fc.nat(30), { maxLength: 3 }),
  deletions: fc.array(fc.nat(30), { maxLength: 2 }),
});

/** Every variant of the feed: 8 combinations of the filters x 2 orders x the feed and the twisted list. */
const VARIANTS: (FeedFilters & Pick<FeedPageOptions, 'orderBy'>)[] = [false, true].flatMap((onlyTwisted) =>
  (['updated_at', 'created_at'] as const).flatMap((orderBy) =>
    [0, 1, 2, 3, 4, 5, 6, 7].map((bits) => ({ filterNew: (bits & 1) !== 0, filterFriends: (bits & 2) !== 0, filterNoBots: (bits & 4) !== 0, orderBy, onlyTwisted })),
  ),
);

/** A viewer and a page for each variant. */
const pagesArb = fc.array(fc.record({ viewer: fc.nat(5), offset: fc.nat(12), limit: fc.integer({ min: 1, max: 12 }) }), {
  minLength: VARIANTS.length,
  maxLength: VARIANTS.length,
});

/** Caps so small that a page of a few rows takes several windows. */
const TINY_CAPS: FeedCaps = { min: 1, max: 3, firstFactor: 0, firstExtra: 1 };

/** The page's stack ids as feedPage alone chooses them, with `caps`. */
async function mergedIds(db: Db, viewerId: number, o: FeedPageOptions, caps: FeedCaps): Promise<string[]> {
  const { rows } = await sql<{ id: number }>`select p.id from ${feedPage(viewerId, o, caps)} p order by p.n`.execute(db);
  return rows.map((r) => String(r.id));
}

let worldCount = 0;

/** Inserts one world; answers its user ids. Everything is scoped to fresh users and groups. */
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

async function buildWorld(db: Db, w: World) {
  worldCount += 1;
  const prefix = `pw${worldCount}_`;
  const users: number[] = [];
  for (let i = 0; i < w.users; i += 1) {
    const row = await db.insertInto('users').values({ username: `${prefix}${i}`, email: `${prefix}${i}@test.local`, password_hash: '!' }).returning('id').executeTakeFirstOrThrow();
    users.push(row.id);
  }
  const user = (i: number) => users[i % users.length];
  const groups: number[] = [];
  for (const [gi, g] of w.groups.entries()) {
    const row = await db
      .insertInto('groups')
      .values({ name: `${prefix}g${gi}`, owner_id: user(0), retired_at: g.retired ? sql`now()` : null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    groups.push(row.id);
    const members = [...new Set(g.members.map(user))];
    if (members.length > 0) await db.insertInto('group_members').values(members.map((m) => ({ group_id: row.id, user_id: m }))).execute();
  }
  const base = Date.UTC(2026, 0, 1);
  const at = (minute: number) => new Date(base + minute * 60_000).toISOString();
  const stackIds: number[] = [];
  for (const s of w.stacks) {
    const owner = user(s.owner);
    let friend = user(s.target);
    if (friend === owner) friend = user(s.target + 1);
    const row = await db
      .insertInto('stacks')
      .values({
        name: 'p',
        positions: sql`'["a","b","c","d","e","f"]'::jsonb` as never,
        owner_id: owner,
        mode: s.friend ? 'friend' : 'group',
        friend_id: s.friend ? friend : null,
        group_id: s.friend ? null : groups[s.target % groups.length],
        bot_id: !s.friend && s.bot ? botId : null,
        is_sandboxed: !s.friend && s.sandboxed,
        created_at: at(s.created),
        updated_at: at(s.updated),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    stackIds.push(row.id);
  }
  const allStacks = [...stackIds];
  if (stackIds.length > 0) {
    const twisted = new Set<number>();
    for (const [si, ui] of w.twists) {
      const parent = stackIds[si % stackIds.length];
      if (twisted.has(parent)) continue;
      twisted.add(parent);
      const row = await db
        .insertInto('stacks')
        .columns(['parent_id', 'name', 'positions', 'twist_description', 'owner_id', 'mode', 'friend_id', 'group_id', 'bot_id', 'created_at', 'updated_at'])
        .expression((eb) =>
          eb
            .selectFrom('stacks')
            .select(['id', 'name', 'positions', sql.val('twist').as('twist_description'), sql.val(user(ui)).as('owner_id'), 'mode', 'friend_id', 'group_id', 'bot_id', 'created_at', 'updated_at'])
            .where('id', '=', parent),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      allStacks.push(row.id);
    }
    const answers = [...new Map(w.answers.map(([si, ui]) => [`${allStacks[si % allStacks.length]}:${user(ui)}`, { stack_id: allStacks[si % allStacks.length], user_id: user(ui) }])).values()];
    if (answers.length > 0) await db.insertInto('stack_responses').values(answers.map((a) => ({ ...a, ranking: sql`'[0,1,2,3,4,5]'::jsonb` as never }))).execute();
    // hidden_by: the hidden user themselves (a self-hide), another user (an admin's hide) or null.
    const hides = [...new Map(w.hides.map(([si, ui, by]) => {
      const stack_id = allStacks[si % allStacks.length];
      const user_id = user(ui);
      return [`${stack_id}:${user_id}`, { stack_id, user_id, hidden_by: by === 6 ? null : by % 2 === 0 ? user_id : user(by) }];
    })).values()];
    if (hides.length > 0) await db.insertInto('stack_hides').values(hides).execute();
  }
  const blocks = [...new Map(w.blocks.filter(([a, b]) => user(a) !== user(b)).map(([a, b]) => [`${user(a)}:${user(b)}`, { blocker_id: user(a), blocked_id: user(b) }])).values()];
  if (blocks.length > 0) await db.insertInto('blocks').values(blocks).execute();
  const mutes = [...new Map(w.mutes.filter(([a, b]) => user(a) !== user(b)).map(([a, b]) => [`${user(a)}:${user(b)}`, { muter_id: user(a), muted_id: user(b) }])).values()];
  if (mutes.length > 0) await db.insertInto('mutes').values(mutes).execute();
  const [stacksNow, hidesNow] = [
    (await db.selectFrom('stacks').select('id').where('owner_id', 'in', users).orderBy('id').execute()).map((r) => r.id),
    (await db.selectFrom('stack_hides').select('stack_id').where('user_id', 'in', users).orderBy('stack_id').execute()).map((r) => r.stack_id),
  ];
  const pick = (ids: number[], picks: number[]) => [...new Set(picks.filter(() => ids.length > 0).map((x) => ids[x % ids.length]))];
  const unhidden = pick(hidesNow, w.unhides);
  if (unhidden.length > 0) await db.deleteFrom('stack_hides').where('stack_id', 'in', unhidden).where('user_id', 'in', users).execute();
  const deleted = pick(stacksNow, w.deletions);
  if (deleted.length > 0) await db.deleteFrom('stacks').where('id', 'in', deleted).execute();
  return users;
}

const runs = Number(process.env.FEED_PROPERTY_RUNS ?? 20);
const seed = process.env.FEED_PROPERTY_SEED ? Number(process.env.FEED_PROPERTY_SEED) : undefined;

describe('the feed page equals the reference query', () => {
  it('for random worlds, in every variant (filters, order, list), for random viewers and pages', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, pagesArb, async (world, pages) => {
        const users = await buildWorld(t.db, world);
        for (const [index, variant] of VARIANTS.entries()) {
          const { viewer, offset, limit } = pages[index];
          const viewerId = users[viewer % users.length];
          const options: FeedPageOptions = { ...variant, offset, limit };
          const context = JSON.stringify({ viewer: viewer % users.length, options });
          const expected = await referencePage(t.db, viewerId, options);
          expect(await feedPageIds(t.db, viewerId, options), context).toEqual(expected);
          // The unpaged feed of Hide New Stacks and Clear Updates (inFeed): the same rows, all pages.
          const whole = await referencePage(t.db, viewerId, { ...options, offset: 0, limit: 1000 });
          expect(await inFeedIds(t.db, viewerId, options), context).toEqual([...whole].sort());
        }
        // The whole feed too, where paging cannot hide a wrong order.
        for (let viewer = 0; viewer < users.length; viewer += 1) {
          const all = { offset: 0, limit: 100, filterNew: false, filterFriends: false, filterNoBots: false, orderBy: 'updated_at', onlyTwisted: false } as const;
          expect(await feedPageIds(t.db, users[viewer], all)).toEqual(await referencePage(t.db, users[viewer], all));
        }
      }),
      { numRuns: runs, seed },
    );
  }, 480_000);

  it('with caps so small that pages take many windows', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, pagesArb, async (world, pages) => {
        const users = await buildWorld(t.db, world);
        for (const [index, variant] of VARIANTS.entries()) {
          const { viewer, offset, limit } = pages[index];
          const viewerId = users[viewer % users.length];
          const options: FeedPageOptions = { ...variant, offset, limit };
          const context = JSON.stringify({ viewer: viewer % users.length, options });
          expect(await mergedIds(t.db, viewerId, options, TINY_CAPS), context).toEqual(await referencePage(t.db, viewerId, options));
        }
      }),
      { numRuns: runs, seed },
    );
  }, 480_000);
});
