import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { recipients } from '../../server/modules/outbound/outbound.repo';
import { feedPage, type FeedPageOptions } from '../../server/modules/stacks/feed-page.sql';
import { buildWorld, createWorldBot, POLICY_PROPERTY_OPTIONS, policyWorldArb } from '../factories/worlds';
import { createTestDb, type TestDb } from '../helpers/test-db';

/*
 * Who is told outside the tab is the feed's audience (server/policy/outbound.ts,
 * docs/notifications-outside.md), over random small worlds (tests/factories/worlds.ts: groups,
 * sandboxing, twists, hides by self and by others, blocks, mutes, deletions) and the chosen ones:
 *
 * - a new stack (an original) is told to exactly the people it is for (its friend, its group's
 *   members) whose feed shows it now, never to its owner;
 * - an answer is told to the stack's owner exactly when the owner's feed shows the stack and the
 *   answerer is neither the owner, blocked either way, nor muted by the owner.
 */

let testDb: TestDb;
let botId: number;
beforeAll(async () => {
  testDb = await createTestDb();
  botId = await createWorldBot(testDb.db);
});
afterAll(() => testDb.close());

const options = POLICY_PROPERTY_OPTIONS;

const latest = async (db: Db) => Number((await db.selectNoFrom(sql<string>`coalesce((select max(id) from events), 0)`.as('id')).executeTakeFirstOrThrow()).id);

async function feedOf(db: Db, viewerId: number): Promise<Set<number>> {
  const whole: FeedPageOptions = { offset: 0, limit: 1000, orderBy: 'updated_at', filterNew: false, filterFriends: false, filterNoBots: false, onlyTwisted: false };
  const { rows } = await sql<{ id: number }>`select p.id from ${feedPage(viewerId, whole)} p`.execute(db);
  return new Set(rows.map((r) => r.id));
}

const key = (...parts: (number | string)[]) => parts.join(':');

describe('outside the tab, the feed decides who is told', () => {
  it('new stacks and answers reach exactly the feed audience they concern', async () => {
    await fc.assert(
      fc.asyncProperty(policyWorldArb, async (world) => {
        const db = testDb.db;
        const before = await latest(db);
        const users = await buildWorld(db, world, botId);
        const told = new Set((await recipients(db, before, await latest(db))).map((r) => key(r.kind, r.stack_id ?? 0, r.user_id)));

        const feeds = new Map<number, Set<number>>();
        for (const u of users) feeds.set(u, await feedOf(db, u));
        const { rows: stacks } = await sql<{ id: number; owner_id: number; addressed: number[] }>`
          select s.id, s.owner_id, case when s.mode = 'friend' then array[s.friend_id]
            else array(select m.user_id from group_members m where m.group_id = s.group_id) end as addressed
          from stacks s where s.parent_id is null and s.owner_id = any(${sql.val(users)}::int[])`.execute(db);
        const expected = new Set<string>();
        for (const s of stacks) {
          for (const u of s.addressed) if (u !== s.owner_id && feeds.get(u)?.has(s.id)) expected.add(key('stack_for_me', s.id, u));
        }
        const { rows: answers } = await sql<{ stack_id: number; owner_id: number; user_id: number; blocked: boolean; muted: boolean }>`
          select r.stack_id, s.owner_id, r.user_id,
            exists (select 1 from blocks b where (b.blocker_id = s.owner_id and b.blocked_id = r.user_id)
              or (b.blocker_id = r.user_id and b.blocked_id = s.owner_id)) as blocked,
            exists (select 1 from mutes m where m.muter_id = s.owner_id and m.muted_id = r.user_id) as muted
          from stack_responses r join stacks s on s.id = r.stack_id where s.owner_id = any(${sql.val(users)}::int[])`.execute(db);
        for (const a of answers) {
          if (a.user_id !== a.owner_id && !a.blocked && !a.muted && feeds.get(a.owner_id)?.has(a.stack_id)) expected.add(key('answer_on_my_stack', a.stack_id, a.owner_id));
        }
        expect([...told].sort()).toEqual([...expected].sort());
      }),
      options,
    );
  }, 240_000);
});
