import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../../server/db/client';

/*
 * Random small worlds for the property tests of who may see what (tests/api/feed-property.test.ts,
 * tests/api/policy-*.test.ts): users, groups with members and retired ones, friend and group
 * stacks with ties in their times, bot stacks, sandboxing, answers, twists, hides by the viewer and
 * by others, blocks, mutes, then some hides taken back and stacks deleted.
 */

/** True about once in `n`. */
export const rarely = (n: number) => fc.integer({ min: 1, max: n }).map((x) => x === 1);

const worldShape = {
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
};

export const worldArb = fc.record(worldShape);

/**
 * Smaller worlds, denser in what decides who may see a stack (members in every group, sandboxing,
 * twists, hides by others, blocks), for the policy tests that check every (viewer, stack).
 */
export const policyWorldArb = fc.record({
  ...worldShape,
  groups: fc.array(fc.record({ retired: rarely(6), members: fc.array(fc.nat(5), { minLength: 2, maxLength: 6 }) }), { minLength: 1, maxLength: 3 }),
  stacks: fc.array(
    fc.record({ friend: fc.boolean(), owner: fc.nat(5), target: fc.nat(5), sandboxed: rarely(3), bot: rarely(5), created: fc.nat(6), updated: fc.nat(6) }),
    { maxLength: 14 },
  ),
  answers: fc.array(fc.tuple(fc.nat(13), fc.nat(5)), { maxLength: 24 }),
  twists: fc.array(fc.tuple(fc.nat(13), fc.nat(5)), { maxLength: 5 }),
  hides: fc.array(fc.tuple(fc.nat(18), fc.nat(5), fc.nat(6)), { maxLength: 10 }),
  blocks: fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 4 }),
});

/** The bot whose stacks a world's bot stacks are (a group bot of a group of its own owner). */
export async function createWorldBot(db: Db): Promise<number> {
  const prefix = `pb${randomBytes(4).toString('hex')}`;
  const owner = await db.insertInto('users').values({ username: prefix, email: `${prefix}@test.local`, password_hash: '!' }).returning('id').executeTakeFirstOrThrow();
  const group = await db.insertInto('groups').values({ name: `${prefix} bots`, owner_id: owner.id }).returning('id').executeTakeFirstOrThrow();
  const bot = await db
    .insertInto('bots')
    .values({ name: 'Prop bot', avatar_id: 1, owner_id: owner.id, friend_id: null, group_id: group.id, schedule: sql`'[0]'::jsonb` as never })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bot.id;
}

export type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Inserts one world; answers its user ids. Everything is scoped to fresh users and groups; the
 * bot stacks are `botId`'s.
 */
export async function buildWorld(db: Db, w: World, botId: number): Promise<number[]> {
  const prefix = `pw${randomBytes(4).toString('hex')}_`;
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

const quietWorld: World = { users: 3, groups: [], stacks: [], answers: [], twists: [], hides: [], blocks: [], mutes: [], unhides: [], deletions: [] };
const stackAt = (s: Partial<World['stacks'][number]>): World['stacks'][number] => ({ friend: false, owner: 0, target: 0, sandboxed: false, bot: false, created: 0, updated: 0, ...s });

/**
 * Worlds the random ones reach only rarely, run first by the policy tests (fast-check `examples`).
 * Users, stacks and twists are indexes as in buildWorld; a twist is the stack after the originals.
 */
export const POLICY_EXAMPLES: World[] = [
  // A group stack an admin (user 0) hid for a member (user 1) who had answered it, twisted by
  // another member: the twist is hidden from user 1 with its original.
  { ...quietWorld, groups: [{ retired: false, members: [0, 1, 2] }], stacks: [stackAt({})], answers: [[0, 1]], twists: [[0, 2]], hides: [[0, 1, 3]] },
  // A sandboxed group stack answered by user 1 and twisted by its owner: the twist reaches user 1
  // (who answered the original) and its owner, not user 2.
  { ...quietWorld, groups: [{ retired: false, members: [0, 1, 2] }], stacks: [stackAt({ sandboxed: true })], answers: [[0, 1], [0, 0]], twists: [[0, 0]] },
  // A friend stack between users 0 and 1, answered by both and twisted by user 1, then a block
  // between them: neither sees the stack nor its twist; user 2 never did.
  { ...quietWorld, stacks: [stackAt({ friend: true, target: 1 })], answers: [[0, 0], [0, 1]], twists: [[0, 1]], blocks: [[1, 0]] },
  // A retired group's stack and twist: gone for members; a live group's for a non-member (user 2).
  {
    ...quietWorld,
    groups: [{ retired: true, members: [0, 1] }, { retired: false, members: [0, 1] }],
    stacks: [stackAt({ target: 0 }), stackAt({ target: 1 })],
    answers: [[0, 1], [1, 1]],
    twists: [[0, 1], [1, 1]],
  },
];

/**
 * fast-check options of the policy property tests: POLICY_PROPERTY_RUNS random worlds (15 by
 * default) after the chosen ones, from POLICY_PROPERTY_SEED when set.
 */
export const POLICY_PROPERTY_OPTIONS = {
  numRuns: Number(process.env.POLICY_PROPERTY_RUNS ?? 15),
  seed: process.env.POLICY_PROPERTY_SEED ? Number(process.env.POLICY_PROPERTY_SEED) : undefined,
  examples: POLICY_EXAMPLES.map((world) => [world] as [World]),
};
