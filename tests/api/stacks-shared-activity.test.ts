import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKINGS, answer, as, createFriendStack, createGroupStack, groupWith, stackCast, twist } from '../factories/stacks';
import type { FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shared = async (viewer: FactoryUser, other: FactoryUser) => {
  const res = await as(t, viewer).get(`/v1/users/${other.id}/shared`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const boardCount = async (viewer: FactoryUser, groupId: number) => {
  const res = await as(t, viewer).get(`/v1/groups/${groupId}`);
  expect(res.status).toBe(200);
  return res.body.board_count as number;
};

describe('GET /v1/users/{id}/shared', () => {
  it('counts friend stacks, friend twisted stacks, group stacks and group twisted stacks both users answered', async () => {
    const { owner, a, b, outsider } = await stackCast(t);
    const none = { friend_stacks_shared: 0, friend_twisted_stacks_shared: 0, group_stacks_shared: 0, group_twisted_stacks_shared: 0 };
    expect(await shared(owner, a)).toEqual(none);

    // Friend stacks between owner and a: two answered by both (one twisted and re-answered by both), one by owner only.
    const f1 = await createFriendStack(t, owner, a);
    const f2 = await createFriendStack(t, a, owner);
    const f3 = await createFriendStack(t, owner, a);
    for (const id of [f1, f2]) {
      await answer(t, owner, id);
      await answer(t, a, id, RANKINGS.reversed);
    }
    await answer(t, owner, f3);
    const tf1 = await twist(t, a, f1);
    await answer(t, owner, tf1, RANKINGS.identity, 'twisted');
    await answer(t, a, tf1, RANKINGS.mixed, 'twisted');
    // A friend stack of owner with b, answered by both, counts for that pair only.
    const fb = await createFriendStack(t, owner, b);
    await answer(t, owner, fb);
    await answer(t, b, fb);

    // Group stacks (a second group too): three answered by owner and a; one twisted, re-answered by a only.
    const other = await groupWith(t, owner, [a, b]);
    const groupStacks = await Promise.all([0, 1, 2].map(async () => createGroupStack(t, b, other.id)));
    for (const id of groupStacks) for (const user of [owner, a, b]) await answer(t, user, id);
    const g4 = await createGroupStack(t, b, other.id);
    await answer(t, a, g4);
    const tg1 = await twist(t, b, groupStacks[0]);
    await answer(t, a, tg1, RANKINGS.identity, 'twisted');
    const tg2 = await twist(t, b, groupStacks[1]);
    await answer(t, a, tg2, RANKINGS.identity, 'twisted');
    await answer(t, owner, tg2, RANKINGS.identity, 'twisted');

    const expected = { friend_stacks_shared: 2, friend_twisted_stacks_shared: 1, group_stacks_shared: 3, group_twisted_stacks_shared: 1 };
    expect(await shared(owner, a)).toEqual(expected);
    expect(await shared(a, owner)).toEqual(expected);
    expect(await shared(owner, b)).toEqual({ friend_stacks_shared: 1, friend_twisted_stacks_shared: 0, group_stacks_shared: 3, group_twisted_stacks_shared: 0 });
    expect(await shared(a, b)).toEqual({ friend_stacks_shared: 0, friend_twisted_stacks_shared: 0, group_stacks_shared: 3, group_twisted_stacks_shared: 0 });
    expect(await shared(outsider, a)).toEqual(none);
  });
});

describe('board_count in GET /v1/groups/{id}', () => {
  it("counts the group's stacks (twisted stacks and other groups' or friend stacks are not stacks of its board)", async () => {
    const { owner, a, b, group } = await stackCast(t);
    expect(await boardCount(owner, group.id)).toBe(0);
    const first = await createGroupStack(t, owner, group.id);
    await createGroupStack(t, a, group.id);
    await createGroupStack(t, b, group.id);
    await createFriendStack(t, owner, a);
    const elsewhere = await groupWith(t, owner, []);
    await createGroupStack(t, owner, elsewhere.id);
    for (const user of [owner, a, b]) await answer(t, user, first);
    await twist(t, a, first);
    expect(await boardCount(owner, group.id)).toBe(3);
    expect(await boardCount(a, group.id)).toBe(3);
    expect(await boardCount(owner, elsewhere.id)).toBe(1);
    expect((await as(t, owner).get('/v1/users/groups/me')).body.find((g: { id: number }) => g.id === group.id).board_count).toBe(3);
  });
});
