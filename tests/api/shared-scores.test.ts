import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT } from '../../shared/limits';
import { RANKINGS, answer, as, block, createFriendStack, createGroupStack, expectError, groupWith, makeFriends, twist } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { identity: I, reversed: R, swapFirst: SF, middle: M, mixed: X } = RANKINGS;

const scores = (viewer: FactoryUser, other: FactoryUser | number) => as(t, viewer).get(`/v1/users/${typeof other === 'number' ? other : other.id}/scores`);

async function scoresOf(viewer: FactoryUser, other: FactoryUser) {
  const res = await scores(viewer, other);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { stack_id: number; name: string | null; type: string; is_twisted: boolean; answered_at: string; score: number }[];
}

/** Sets when `user` answered `stackId`: `minutes` ago. */
async function answeredAgo(stackId: number, user: FactoryUser, minutes: number) {
  await t.db
    .updateTable('stack_responses')
    .set({ created_at: sql`now() - make_interval(mins => ${minutes})` as never })
    .where('stack_id', '=', stackId)
    .where('user_id', '=', user.id)
    .execute();
}

describe('GET /v1/users/{id}/scores', () => {
  it('lists each stack both answered with its score, oldest first by the later of the two answers', async () => {
    const [me, friend, third] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await makeFriends(t, me, friend, third);
    const group = await groupWith(t, me, [friend, third]);
    // Scores by hand: I·R = 0, I·SF = 70 - 2 + 2 = 70, I·M = 70 - 4 + 5 = 71, M·X = 70 - 14 = 56.
    const f1 = await createFriendStack(t, me, friend, { name: 'Fruit' });
    await answer(t, me, f1, I);
    await answer(t, friend, f1, R);
    const g1 = await createGroupStack(t, friend, group.id, { name: 'Pets' });
    await answer(t, me, g1, I);
    await answer(t, friend, g1, SF);
    await answer(t, third, g1, R);
    const f2 = await createFriendStack(t, friend, me, { name: 'Films' });
    await answer(t, me, f2, I);
    await answer(t, friend, f2, M);
    const tw = await twist(t, me, g1, 'At night');
    await answer(t, me, tw, M, 'twisted');
    await answer(t, friend, tw, X, 'twisted');
    // Only one of us answered these: not listed.
    const onlyMine = await createFriendStack(t, me, friend);
    await answer(t, me, onlyMine, I);
    const withThird = await createFriendStack(t, me, third);
    await answer(t, me, withThird, I);
    await answer(t, third, withThird, I);

    // Times: f1 both long ago; g1: I answered 50 minutes ago but the friend 5; f2: both 30; the twist: now.
    for (const [id, user, minutes] of [
      [f1, me, 60],
      [f1, friend, 55],
      [g1, me, 50],
      [g1, friend, 5],
      [f2, me, 30],
      [f2, friend, 31],
    ] as const) {
      await answeredAgo(id, user, minutes);
    }

    const mine = await scoresOf(me, friend);
    expect(mine.map(({ answered_at: _answeredAt, ...rest }) => rest)).toEqual([
      { stack_id: f1, name: 'Fruit', type: 'friend', is_twisted: false, score: 0 },
      { stack_id: f2, name: 'Films', type: 'friend', is_twisted: false, score: 71 },
      { stack_id: g1, name: 'Pets', type: 'group', is_twisted: false, score: 70 },
      { stack_id: tw, name: 'Pets', type: 'group', is_twisted: true, score: 56 },
    ]);
    const times = mine.map((s) => Date.parse(s.answered_at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    // g1's time is the friend's (the later) answer: about 5 minutes ago.
    expect(Date.now() - times[2]).toBeGreaterThan(4 * 60_000);
    expect(Date.now() - times[2]).toBeLessThan(6 * 60_000);
    // The same list from the other side.
    expect((await scoresOf(friend, me)).map((s) => [s.stack_id, s.score])).toEqual(mine.map((s) => [s.stack_id, s.score]));
    expect((await scoresOf(me, third)).map((s) => [s.stack_id, s.score])).toEqual([
      [g1, 0],
      [withThird, 75],
    ]);
  });

  it('lists only stacks the viewer may see now: leaving a group takes its stacks off', async () => {
    const [me, friend] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await makeFriends(t, me, friend);
    const group = await groupWith(t, friend, [me]);
    const g = await createGroupStack(t, friend, group.id);
    const f = await createFriendStack(t, me, friend);
    for (const id of [g, f]) {
      await answer(t, me, id, I);
      await answer(t, friend, id, I);
    }
    expect((await scoresOf(me, friend)).map((s) => s.stack_id).sort()).toEqual([g, f].sort());
    expect((await as(t, me).del(`/v1/groups/${group.id}/leave`)).status).toBe(200);
    expect((await scoresOf(me, friend)).map((s) => s.stack_id)).toEqual([f]);
    // The friend may still see the group stack, and both answered it: it stays on their list.
    expect((await scoresOf(friend, me)).map((s) => s.stack_id).sort()).toEqual([g, f].sort());
  });

  it(`sends the newest ${AGREEMENT.scoresMax}, oldest first`, async () => {
    const [me, friend] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await makeFriends(t, me, friend);
    const total = AGREEMENT.scoresMax + 5;
    const stacks = await t.db
      .insertInto('stacks')
      .values(
        Array.from({ length: total }, (_, i) => ({
          name: `S${i}`,
          positions: JSON.stringify(['A', 'B', 'C', 'D', 'E', 'F']),
          owner_id: me.id,
          mode: 'friend' as const,
          friend_id: friend.id,
          group_id: null,
          parent_id: null,
        })),
      )
      .returning('id')
      .execute();
    const ids = stacks.map((s) => s.id).sort((x, y) => x - y);
    await t.db
      .insertInto('stack_responses')
      .values(
        ids.flatMap((id, i) =>
          [me, friend].map((u) => ({ stack_id: id, user_id: u.id, ranking: JSON.stringify(I), created_at: sql`now() - make_interval(mins => ${total - i})` as never })),
        ),
      )
      .execute();
    const list = await scoresOf(me, friend);
    expect(list).toHaveLength(AGREEMENT.scoresMax);
    expect(list.map((s) => s.stack_id)).toEqual(ids.slice(total - AGREEMENT.scoresMax));
  });

  it('404 as the profile: unknown, deactivated, blocked either way; yourself: an empty list; no token 401', async () => {
    const [me, friend, blocker, blocked, gone] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db), createUser(t.db), createUser(t.db)]);
    await makeFriends(t, me, friend, blocker, blocked, gone);
    const f = await createFriendStack(t, me, gone);
    await answer(t, me, f, I);
    await answer(t, gone, f, I);
    await block(t, blocker, me);
    await block(t, me, blocked);
    expect((await as(t, gone).post('/v1/users/me/deactivate', { confirm: true })).status).toBe(200);
    for (const other of [blocker, blocked, gone]) expectError(await scores(me, other), 404, 'USER_NOT_FOUND', 'User not found');
    expectError(await scores(me, 2_000_000_000), 404, 'USER_NOT_FOUND', 'User not found');
    expectError(await scores(blocker, me), 404, 'USER_NOT_FOUND', 'User not found');
    expect(await scoresOf(me, friend)).toEqual([]);
    expect(await scoresOf(me, me)).toEqual([]);
    const bad = await as(t, me).get('/v1/users/abc/scores');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect((await t.request.get(`/v1/users/${friend.id}/scores`)).status).toBe(401);
  });

  it('runs the same statements for 1 shared stack as for 30', async () => {
    const measure = async (count: number) => {
      const [me, friend] = await Promise.all([createUser(t.db), createUser(t.db)]);
      await makeFriends(t, me, friend);
      for (let i = 0; i < count; i += 1) {
        const id = await createFriendStack(t, i % 2 ? me : friend, i % 2 ? friend : me);
        await answer(t, me, id, I);
        await answer(t, friend, id, X);
      }
      const { result, count: statements } = await t.testDb.countQueries(() => scores(me, friend));
      expect(result.body).toHaveLength(count);
      return statements;
    };
    const few = await measure(1);
    expect(await measure(30)).toBe(few);
    expect(few).toBeLessThanOrEqual(3);
  });
});
