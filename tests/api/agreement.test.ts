import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT } from '../../shared/limits';
import { addMemberInDb } from '../factories/groups';
import {
  RANKINGS,
  answer,
  answersInDb,
  as,
  block,
  createFriendStack,
  createGroupStack,
  expectError,
  groupWith,
  makeFriends,
  twist,
} from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { identity: I, reversed: R, swapFirst: SF, middle: M, mixed: X } = RANKINGS;

const agreement = (viewer: FactoryUser, groupId: number | string) => as(t, viewer).get(`/v1/groups/${groupId}/agreement`);

async function agreementOf(viewer: FactoryUser, groupId: number) {
  const res = await agreement(viewer, groupId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { members: { id: number; username: string }[]; pairs: Pair[]; stacks_considered: number };
}

interface Pair {
  user_a: { id: number; username: string };
  user_b: { id: number; username: string };
  score: number;
  stacks: number;
}

/** The pair as the API names it: the smaller id first. */
function pair(x: FactoryUser, y: FactoryUser, score: number, stacks: number): Pair {
  const [a, b] = x.id < y.id ? [x, y] : [y, x];
  return { user_a: { id: a.id, username: a.username }, user_b: { id: b.id, username: b.username }, score, stacks };
}

const byIds = (pairs: Pair[]) => [...pairs].sort((p, q) => p.user_a.id - q.user_a.id || p.user_b.id - q.user_b.id);

/**
 * Four members (o the owner, a, b, c), three group stacks with known rankings, and one member (d)
 * who answered nothing. Scores worked out by hand from the spec's formula
 * 70 - Σd² + (first matches ? 3 : 0) + (last matches ? 2 : 0), clamped to 0..75:
 *   I·SF = 70 - 2 + 2 = 70      I·M  = 70 - 4 + 3 + 2 = 71    I·R = 70 - 70 = 0
 *   SF·M = 70 - 8 + 2 = 64      M·X  = 70 - 14 = 56           I·X = 70 - 22 = 48
 *   SF·R = 70 - 68 = 2          M·R  = 70 - 66 = 4            X·R = 70 - 48 = 22
 * S1: o=I a=SF b=M c=R   S2: o=I a=M b=X   S3: o=X a=M c=R
 *   o·a: S1 70, S2 71, S3 56 → 197 / 3 = 65.67 (3 stacks; served exact, 65.666…)
 *   o·b: S1 71, S2 48        → 119 / 2 = 59.5        (2)
 *   o·c: S1 0,  S3 22        →  22 / 2 = 11.0        (2)
 *   a·b: S1 64, S2 56        → 120 / 2 = 60.0        (2)
 *   a·c: S1 2,  S3 4         →   6 / 2 = 3.0         (2)
 *   b·c: S1 4                →   4.0                 (1)
 */
async function world() {
  const [o, a, b, c, d] = await Promise.all([0, 1, 2, 3, 4].map(() => createUser(t.db)));
  await makeFriends(t, o, a, b, c, d);
  const group = await groupWith(t, o, [a, b, c, d], { is_public: false });
  const s1 = await createGroupStack(t, o, group.id, { name: 'S1' });
  const s2 = await createGroupStack(t, a, group.id, { name: 'S2' });
  const s3 = await createGroupStack(t, c, group.id, { name: 'S3' });
  for (const [user, ranking] of [[o, I], [a, SF], [b, M], [c, R]] as const) await answer(t, user, s1, ranking);
  for (const [user, ranking] of [[o, I], [a, M], [b, X]] as const) await answer(t, user, s2, ranking);
  for (const [user, ranking] of [[o, X], [a, M], [c, R]] as const) await answer(t, user, s3, ranking);
  const expected = byIds([pair(o, a, 197 / 3, 3), pair(o, b, 59.5, 2), pair(o, c, 11, 2), pair(a, b, 60, 2), pair(a, c, 3, 2), pair(b, c, 4, 1)]);
  return { o, a, b, c, d, group, s1, s2, s3, expected };
}

describe('GET /v1/groups/{id}/agreement: the pairs', () => {
  it('gives each pair with a common stack its mean score over the group stacks both answered, by hand', async () => {
    const { o, a, b, c, d, group, expected } = await world();
    const body = await agreementOf(o, group.id);
    expect(body.pairs).toEqual(expected);
    for (const p of body.pairs) expect(p.user_a.id).toBeLessThan(p.user_b.id);
    // Every current member, by username, even one with no pair (d answered nothing).
    const members = [o, a, b, c, d].sort((x, y) => x.username.toLowerCase().localeCompare(y.username.toLowerCase()));
    expect(body.members.map((m) => m.id)).toEqual(members.map((m) => m.id));
    expect(body.members[0]).toEqual({ id: members[0].id, username: members[0].username, avatar_id: 1 });
    expect(body.stacks_considered).toBe(3);
    // Every member sees the same map.
    for (const viewer of [a, b, c, d]) expect((await agreementOf(viewer, group.id)).pairs).toEqual(expected);
  });

  it('counts only original stacks of this group: not twists, friend stacks or other groups', async () => {
    const { o, a, b, group, s1, expected } = await world();
    // A twist of S1, answered by o and a in full disagreement.
    const twisted = await twist(t, o, s1);
    await answer(t, o, twisted, I, 'twisted');
    await answer(t, a, twisted, R, 'twisted');
    // A friend stack and a stack of another group, both answered by o and a.
    const friendStack = await createFriendStack(t, o, a);
    await answer(t, o, friendStack, I);
    await answer(t, a, friendStack, R);
    const other = await groupWith(t, o, [a, b]);
    const elsewhere = await createGroupStack(t, o, other.id);
    await answer(t, o, elsewhere, I);
    await answer(t, a, elsewhere, R);
    expect((await agreementOf(o, group.id)).pairs).toEqual(expected);
    // The other group has its own map: o·a reversed (0) and nothing with b.
    expect((await agreementOf(o, other.id)).pairs).toEqual([pair(o, a, 0, 1)]);
  });

  it('an empty map while no two members share a stack', async () => {
    const [o, a] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const group = await groupWith(t, o, [a]);
    expect(await agreementOf(a, group.id)).toEqual({ members: expect.any(Array), pairs: [], stacks_considered: 0 });
    const only = await createGroupStack(t, o, group.id);
    await answer(t, o, only, I);
    const body = await agreementOf(a, group.id);
    expect(body.pairs).toEqual([]);
    expect(body.stacks_considered).toBe(1);
  });

  it('current members only: someone who left takes their pairs along', async () => {
    const { o, a, b, c, group, expected } = await world();
    expect((await as(t, c).del(`/v1/groups/${group.id}/leave`)).status).toBe(200);
    const body = await agreementOf(o, group.id);
    expect(body.pairs).toEqual(expected.filter((p) => p.user_a.id !== c.id && p.user_b.id !== c.id));
    expect(body.members.map((m) => m.id)).not.toContain(c.id);
    expect(body.pairs).toContainEqual(pair(a, b, 60, 2));
    expect(body.pairs).toContainEqual(pair(o, a, 197 / 3, 3));
  });

  it("the viewer's blocks leave that user out; a block between two others stays a fact of the group; mutes change nothing", async () => {
    const { o, a, b, c, group, expected } = await world();
    await block(t, o, c);
    const withoutC = expected.filter((p) => p.user_a.id !== c.id && p.user_b.id !== c.id);
    // The blocker and the blocked each lose the other.
    const ownView = await agreementOf(o, group.id);
    expect(ownView.pairs).toEqual(withoutC);
    expect(ownView.members.map((m) => m.id)).not.toContain(c.id);
    const withoutO = expected.filter((p) => p.user_a.id !== o.id && p.user_b.id !== o.id);
    expect((await agreementOf(c, group.id)).pairs).toEqual(withoutO);
    // Others still see o·c.
    expect((await agreementOf(a, group.id)).pairs).toEqual(expected);
    // A mute is the muter's quiet setting: the map is unchanged.
    expect((await as(t, a).post('/v1/users/mutes', { user_id: b.id })).status).toBe(200);
    expect((await agreementOf(a, group.id)).pairs).toEqual(expected);
  });

  it('a stack hidden for the viewer does not count in their map', async () => {
    const { o, a, b, group, expected } = await world();
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const s4 = await createGroupStack(t, a, group.id, { name: 'S4' });
    await answer(t, a, s4, I);
    await answer(t, b, s4, I);
    await t.db.insertInto('stack_hides').values({ stack_id: s4, user_id: o.id, hidden_by: admin.id }).execute();
    // o cannot see S4: a·b stays 60.0 over 2 stacks; a sees it: (64 + 56 + 75) / 3 = 65.0.
    expect((await agreementOf(o, group.id)).pairs).toEqual(expected);
    expect((await agreementOf(a, group.id)).pairs).toContainEqual(pair(a, b, 65, 3));
    expect((await agreementOf(a, group.id)).stacks_considered).toBe(4);
    expect((await agreementOf(o, group.id)).stacks_considered).toBe(3);
  });

  it(`reads the newest ${AGREEMENT.groupStacksMax} group stacks only`, async () => {
    const [o, a] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const group = await groupWith(t, o, [a]);
    // The oldest stack: full disagreement; then groupStacksMax newer stacks in full agreement.
    const oldest = await createGroupStack(t, o, group.id);
    await answersInDb(t, oldest, [o]);
    await answersInDb(t, oldest, [a], R);
    const rows = Array.from({ length: AGREEMENT.groupStacksMax }, (_, i) => ({
      name: `N${i}`,
      positions: JSON.stringify(['A', 'B', 'C', 'D', 'E', 'F']),
      owner_id: o.id,
      mode: 'group' as const,
      group_id: group.id,
      friend_id: null,
      parent_id: null,
      created_at: new Date(Date.now() + 60_000 + i),
    }));
    const inserted = await t.db.insertInto('stacks').values(rows).returning('id').execute();
    await t.db
      .insertInto('stack_responses')
      .values(inserted.flatMap((s) => [o, a].map((u) => ({ stack_id: s.id, user_id: u.id, ranking: JSON.stringify(I) }))))
      .execute();
    const body = await agreementOf(o, group.id);
    expect(body.stacks_considered).toBe(AGREEMENT.groupStacksMax);
    expect(body.pairs).toEqual([pair(o, a, 75, AGREEMENT.groupStacksMax)]);
  });
});

describe('GET /v1/groups/{id}/agreement: who may call it', () => {
  it('members only: a public group answers 403 to non-members, a private one 404, an unknown one 404', async () => {
    const [o, a, stranger] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const open = await groupWith(t, o, [a], { is_public: true });
    const closed = await groupWith(t, o, [a], { is_public: false });
    expectError(await agreement(stranger, open.id), 403, 'NOT_A_MEMBER', 'Only members can see the agreement map of a group');
    expectError(await agreement(stranger, closed.id), 404, 'GROUP_NOT_FOUND', 'Group not found');
    expectError(await agreement(stranger, 2_000_000_000), 404, 'GROUP_NOT_FOUND', 'Group not found');
    // Invited to the private group but not a member yet: it may see the group, not its map.
    await makeFriends(t, o, stranger);
    expect((await as(t, o).post(`/v1/groups/${closed.id}/invite/${stranger.id}`)).status).toBe(200);
    expectError(await agreement(stranger, closed.id), 403, 'NOT_A_MEMBER', 'Only members can see the agreement map of a group');
    // Once a member, it may.
    await addMemberInDb(t.db, closed.id, stranger);
    expect((await agreement(stranger, closed.id)).status).toBe(200);
  });

  it('a retired group is 404; a bad id 400; no token 401', async () => {
    const o = await createUser(t.db);
    const group = await groupWith(t, o, []);
    expect((await as(t, o).del(`/v1/groups/${group.id}`)).status).toBe(200);
    expectError(await agreement(o, group.id), 404, 'GROUP_NOT_FOUND', 'Group not found');
    const bad = await agreement(o, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect((await t.request.get(`/v1/groups/${group.id}/agreement`)).status).toBe(401);
  });
});

describe('GET /v1/groups/{id}/agreement: cost', () => {
  /** Statements run for one call (the token check included). */
  async function measure(viewer: FactoryUser, groupId: number) {
    const { result, count, statements } = await t.testDb.countQueries(() => agreement(viewer, groupId));
    expect(result.status).toBe(200);
    return { count, statements, pairs: result.body.pairs.length as number };
  }

  async function groupOf(size: number, stacks: number) {
    const users = await Promise.all(Array.from({ length: size }, () => createUser(t.db)));
    const group = await groupWith(t, users[0], users.slice(1));
    for (let i = 0; i < stacks; i += 1) {
      const id = await createGroupStack(t, users[i % size], group.id);
      await answersInDb(t, id, users.slice(0, Math.ceil(size / 2)), I);
      await answersInDb(t, id, users.slice(Math.ceil(size / 2)), X);
    }
    return { viewer: users[0], groupId: group.id };
  }

  it('runs the same statements for 3 members and 1 stack as for 20 members and 12 stacks', async () => {
    const small = await groupOf(3, 1);
    const large = await groupOf(20, 12);
    const few = await measure(small.viewer, small.groupId);
    const many = await measure(large.viewer, large.groupId);
    expect(few.pairs).toBe(3);
    expect(many.pairs).toBe(190);
    expect(many.count, many.statements.join('\n---\n')).toBe(few.count);
    // The token check, the group with the viewer's standing, and the members with their answers.
    expect(many.count, many.statements.join('\n---\n')).toBeLessThanOrEqual(3);
  });
});
