import fc from 'fast-check';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { feedPage, type FeedPageOptions } from '../../server/modules/stacks/feed-page.sql';
import { canSeeStack, deletedStackVisible, feedGroupSources, feedRowShown, feedSourceAllows, type FeedLookups } from '../../server/policy';
import { buildWorld, createWorldBot, POLICY_PROPERTY_OPTIONS, policyWorldArb } from '../factories/worlds';
import { createTestDb, type TestDb } from '../helpers/test-db';

/*
 * The two rules server/policy/ restates for speed, each held equal to the original, canSeeStack
 * (server/policy/stack-visibility.ts), over random small worlds (tests/factories/worlds.ts) and a
 * few chosen ones (POLICY_EXAMPLES), for every (viewer, stack):
 *
 * - The feed's per-source rule (server/policy/feed-visibility.ts): a stack is in one of the
 *   viewer's sources (a friend stack of theirs by its original's owner or its friend, or a stack
 *   of a live group of theirs: feedGroupSources) and passes that source's share of the rule, read
 *   with plain probes, exactly when canSeeStack holds and the stack is neither hidden for the
 *   viewer nor muted (the feed's definition); and the whole feed as feedPage runs it (sorted-array
 *   lookups, the index-bounded merge) is that same set.
 * - The deleted stack's snapshot rule (deletedStackVisible): a stack.deleted event goes to whoever
 *   could see the stack just before (canSeeStack, as a plain user and as an admin), and to its
 *   owner. Each deletion runs in a transaction that is rolled back, so one world serves every stack.
 */

let testDb: TestDb;
let botId: number;
beforeAll(async () => {
  testDb = await createTestDb();
  botId = await createWorldBot(testDb.db);
});
afterAll(() => testDb.close());

const options = POLICY_PROPERTY_OPTIONS;

/** The viewer's sets and answers as one probe each: the restatement must not depend on how they are read. */
function probes(viewerId: number): FeedLookups {
  const sets: Record<Parameters<FeedLookups['among']>[1], (x: RawBuilder<unknown>) => RawBuilder<boolean>> = {
    hidden: (x) => sql<boolean>`exists (select 1 from stack_hides h where h.stack_id = ${x} and h.user_id = ${viewerId})`,
    hidden_by_others: (x) => sql<boolean>`exists (select 1 from stack_hides h where h.stack_id = ${x} and h.user_id = ${viewerId} and h.hidden_by is distinct from h.user_id)`,
    blocked: (x) => sql<boolean>`exists (select 1 from blocks b where (b.blocker_id = ${viewerId} and b.blocked_id = ${x}) or (b.blocker_id = ${x} and b.blocked_id = ${viewerId}))`,
    muted: (x) => sql<boolean>`exists (select 1 from mutes mu where mu.muter_id = ${viewerId} and mu.muted_id = ${x})`,
  };
  return {
    among: (x, set) => sets[set](x),
    answered: (x) => sql<boolean>`exists (select 1 from stack_responses r where r.stack_id = ${x} and r.user_id = ${viewerId})`,
  };
}

/** For each stack of the world's users: the original rule and the restated one, for one viewer. */
async function bothRules(db: Db, viewerId: number, users: number[]) {
  const l = probes(viewerId);
  const restated = sql<boolean>`(${feedRowShown(l)} and case
      when c.mode = 'friend' and c.origin_owner_id = ${viewerId} then ${feedSourceAllows(viewerId, 'o', l)}
      when c.mode = 'friend' and c.friend_id = ${viewerId} then ${feedSourceAllows(viewerId, 'r', l)}
      when c.group_id in (select x.group_id from (${feedGroupSources(viewerId)}) as x(src, group_id, name)) then ${feedSourceAllows(viewerId, 'g', l)}
      else false end)`;
  const original = sql<boolean>`(${canSeeStack(viewerId, false)}
    and not exists (select 1 from stack_hides h where h.stack_id = s.id and h.user_id = ${viewerId})
    and not exists (select 1 from mutes m where m.muter_id = ${viewerId} and m.muted_id in (s.owner_id, s.origin_owner_id)))`;
  const { rows } = await sql<{ id: number; original: boolean; restated: boolean }>`
    select s.id, ${original} as original, ${restated} as restated
    from stacks s join stacks c on c.id = s.id
    where s.owner_id = any(${sql.val(users)}::int[]) order by s.id`.execute(db);
  return rows;
}

/** The whole feed as feedPage reads it, unfiltered, ids sorted. */
async function wholeFeed(db: Db, viewerId: number): Promise<number[]> {
  const whole: FeedPageOptions = { offset: 0, limit: 1000, orderBy: 'updated_at', filterNew: false, filterFriends: false, filterNoBots: false, onlyTwisted: false };
  const { rows } = await sql<{ id: number }>`select p.id from ${feedPage(viewerId, whole)} p`.execute(db);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

type Answers = { user_id: number; admin: boolean; visible: boolean }[];

/** The rows of every (user, admin or not) of `users`, as `u.id` and `x.admin`. */
const perViewer = (users: number[]) => sql`from users u cross join (values (false), (true)) x(admin) where u.id = any(${sql.val(users)}::int[])`;

/** canSeeStack of stack `id` for every (user, admin or not), now. */
async function visibleNow(db: Db, id: number, users: number[]): Promise<Answers> {
  const { rows } = await sql<Answers[number]>`select u.id as user_id, x.admin,
      exists (select 1 from stacks s where s.id = ${id} and ${canSeeStack(sql<number>`u.id`, sql<boolean>`x.admin`)}) as visible
    ${perViewer(users)} order by u.id, x.admin`.execute(db);
  return rows;
}

class RolledBack extends Error {}

/** Deletes stack `id` in a transaction, answers deletedStackVisible over its stack.deleted event for every (user, admin or not), rolls back. */
async function visibleFromSnapshot(db: Db, id: number, users: number[]): Promise<Answers | undefined> {
  let answers: Answers | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom('stacks').where('id', '=', id).execute();
      const { rows } = await sql<Answers[number]>`select u.id as user_id, x.admin,
          exists (select 1 from events e where e.type = 'stack.deleted' and e.stack_id = ${id}
            and ${deletedStackVisible(sql<number>`u.id`, sql<boolean>`x.admin`)}) as visible
        ${perViewer(users)} order by u.id, x.admin`.execute(trx);
      const written = await trx.selectFrom('events').select('seq').where('type', '=', 'stack.deleted').where('stack_id', '=', id).execute();
      answers = written.length === 1 ? rows : undefined;
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return answers;
}

describe('restatements in server/policy/ equal canSeeStack', () => {
  it("the feed's per-source rule, with the feed's hides and mutes, by the rule and by the feed as it runs", async () => {
    await fc.assert(
      fc.asyncProperty(policyWorldArb, async (world) => {
        const users = await buildWorld(testDb.db, world, botId);
        for (const [index, viewerId] of users.entries()) {
          const rows = await bothRules(testDb.db, viewerId, users);
          for (const row of rows) expect(row.restated, JSON.stringify({ viewer: index, stack: row.id })).toBe(row.original);
          expect(await wholeFeed(testDb.db, viewerId), `viewer ${index}`).toEqual(rows.filter((r) => r.original).map((r) => r.id));
        }
      }),
      options,
    );
  }, 240_000);

  it("the deleted stack's snapshot rule: whoever could see it just before, plain or admin, and its owner", async () => {
    await fc.assert(
      fc.asyncProperty(policyWorldArb, async (world) => {
        const users = await buildWorld(testDb.db, world, botId);
        const stacks = await testDb.db.selectFrom('stacks').select(['id', 'owner_id']).where('owner_id', 'in', users).orderBy('id').execute();
        for (const stack of stacks) {
          const before = await visibleNow(testDb.db, stack.id, users);
          const after = await visibleFromSnapshot(testDb.db, stack.id, users);
          expect(after, `stack ${stack.id}: one stack.deleted event`).toBeDefined();
          const expected = before.map((b) => ({ ...b, visible: b.visible || b.user_id === stack.owner_id }));
          expect(after, `stack ${stack.id}`).toEqual(expected);
        }
      }),
      options,
    );
  }, 240_000);
});
