import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { listFeed } from '../../server/modules/stacks/stacks.repo';
import { FEED_SHAPES, feedPage, inFeed, type FeedCaps, type FeedPageOptions } from '../../server/modules/stacks/feed-page.sql';
import { canSeeStack } from '../../server/policy';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { buildWorld, createWorldBot, worldArb } from '../factories/worlds';

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
let botId: number;
beforeAll(async () => {
  t = await createTestApp();
  botId = await createWorldBot(t.db);
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
    // Mutes (docs/mute.md): nothing the viewer's muted users wrote, nor twists of their stacks.
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

/** Every variant of the feed: 8 combinations of the filters x 2 orders x the feed and the twisted list. */
const VARIANTS = FEED_SHAPES;

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

const runs = Number(process.env.FEED_PROPERTY_RUNS ?? 20);
const seed = process.env.FEED_PROPERTY_SEED ? Number(process.env.FEED_PROPERTY_SEED) : undefined;

describe('the feed page equals the reference query', () => {
  it('for random worlds, in every variant (filters, order, list), for random viewers and pages', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, pagesArb, async (world, pages) => {
        const users = await buildWorld(t.db, world, botId);
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
        const users = await buildWorld(t.db, world, botId);
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
