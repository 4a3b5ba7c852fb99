import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consensus, score } from '../../shared/scoring';
import {
  RANKINGS,
  answer,
  as,
  block,
  comment,
  createFriendStack,
  createGroupStack,
  expectError,
  expectStackNotFound,
  feed,
  friendPair,
  getStack,
  groupWith,
  positions,
  stackCast,
  stackItem,
} from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (user: FactoryUser, id: number, query = '') => as(t, user).get(`/v1/stacks/${id}${query}`);
const complete = (user: FactoryUser, id: number, body: object) => as(t, user).post(`/v1/stacks/${id}/complete`, body);

describe('GET /v1/stacks/{id}: who may see a friend stack', () => {
  it('its owner and the friend only; a third user and an admin who is neither get 404', async () => {
    const { me, friend, third } = await friendPair(t);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const id = await createFriendStack(t, me, friend);
    expect((await get(me, id)).status).toBe(200);
    expect((await get(friend, id)).status).toBe(200);
    expectStackNotFound(await get(third, id));
    expectStackNotFound(await get(admin, id));
    expectStackNotFound(await get(me, 999_999));
  });

  it('is 404 for both once either one blocks the other, even after both answered', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    await answer(t, friend, id);
    await block(t, me, friend);
    expectStackNotFound(await get(me, id));
    expectStackNotFound(await get(friend, id));
    expect(stackItem(await feed(t, me), id)).toBeUndefined();
    expect(stackItem(await feed(t, friend), id)).toBeUndefined();
  });
});

describe('GET /v1/stacks/{id}: who may see a group stack', () => {
  it('current members only: not an outsider, not a member after leaving, not a removed member', async () => {
    const { owner, a, b, outsider, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    for (const user of [owner, a, b]) expect((await get(user, id)).status).toBe(200);
    expectStackNotFound(await get(outsider, id));

    await answer(t, a, id);
    expect((await as(t, a).del(`/v1/groups/${group.id}/leave`)).status).toBe(200);
    expectStackNotFound(await get(a, id));
    expectError(await complete(a, id, { position_ids: RANKINGS.identity }), 404, 'STACK_NOT_FOUND', 'Stack not found');

    expect((await as(t, owner).post(`/v1/groups/${group.id}/blocks`, { group_id: group.id, user_id: b.id })).status).toBe(200);
    expectStackNotFound(await get(b, id));
    expect(stackItem(await feed(t, b), id)).toBeUndefined();
  });

  it('nobody once the group is retired, admins included', async () => {
    const owner = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const group = await groupWith(t, owner, []);
    const id = await createGroupStack(t, owner, group.id);
    expect((await as(t, owner).del(`/v1/groups/${group.id}`)).status).toBe(200);
    expectStackNotFound(await get(owner, id));
    expectStackNotFound(await get(admin, id));
  });

  it('a sandboxed stack: its owner, members who already answered and admins; 404 to the other members', async () => {
    const { owner, a, b, outsider, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id);
    expect((await as(t, owner).post(`/v1/stacks/${id}/sandbox`, { sandbox: true })).body).toEqual({ id, is_sandboxed: true });
    expect((await get(owner, id)).body.is_sandboxed).toBe(true);
    expect((await get(a, id)).status).toBe(200);
    expect((await get(admin, id)).status).toBe(200);
    expectStackNotFound(await get(b, id));
    expectStackNotFound(await get(outsider, id));
    expectError(await complete(b, id, { position_ids: RANKINGS.identity }), 404, 'STACK_NOT_FOUND', 'Stack not found');
    expect(stackItem(await feed(t, b), id)).toBeUndefined();
    expect(stackItem(await feed(t, a), id)).toBeDefined();
    // Unsandboxing (admins) restores it.
    expect((await as(t, admin).post(`/v1/stacks/${id}/sandbox`, { sandbox: false })).body).toEqual({ id, is_sandboxed: false });
    expect((await get(b, id)).status).toBe(200);
  });
});

describe('GET /v1/stacks/{id}: responders, scores and consensus', () => {
  it('hides answers until the viewer answered, then shows own card first and scores relative to the viewer', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const six = positions('R');
    const id = await createGroupStack(t, owner, group.id, { positions: six });
    const mapped = (ranking: readonly number[]) => ranking.map((i) => six[i]);

    await answer(t, a, id, RANKINGS.identity);
    const before = await getStack(t, b, id);
    expect(before.me.is_answered).toBe(false);
    expect(before.consensus).toBeNull();
    expect(before.users).toEqual([
      { user_id: a.id, username: a.username, avatar_id: 3, is_answered: true, position_ids: null, positions: null, score: null, answered_at: expect.any(String) },
    ]);

    await answer(t, b, id, RANKINGS.mixed);
    const afterB = await getStack(t, b, id);
    expect(afterB.me.is_answered).toBe(true);
    expect(afterB.users.map((u: { user_id: number }) => u.user_id)).toEqual([b.id, a.id]);
    expect(afterB.users[0]).toMatchObject({ user_id: b.id, position_ids: [...RANKINGS.mixed], positions: mapped(RANKINGS.mixed), score: null });
    expect(afterB.users[1]).toMatchObject({ user_id: a.id, position_ids: [...RANKINGS.identity], positions: six, score: score(RANKINGS.mixed, RANKINGS.identity) });
    expect(afterB.consensus).toEqual(mapped(consensus([RANKINGS.identity, RANKINGS.mixed])));

    await answer(t, owner, id, RANKINGS.swapFirst);
    const forOwner = await getStack(t, owner, id);
    expect(forOwner.users.map((u: { user_id: number }) => u.user_id)).toEqual([owner.id, a.id, b.id]);
    expect(forOwner.users.map((u: { score: number | null }) => u.score)).toEqual([
      null,
      score(RANKINGS.swapFirst, RANKINGS.identity),
      score(RANKINGS.swapFirst, RANKINGS.mixed),
    ]);
    const expectedConsensus = mapped(consensus([RANKINGS.identity, RANKINGS.mixed, RANKINGS.swapFirst]));
    expect(forOwner.consensus).toEqual(expectedConsensus);
    // The same consensus for every member who answered, scores relative to each viewer.
    const forA = await getStack(t, a, id);
    expect(forA.consensus).toEqual(expectedConsensus);
    expect(forA.users.map((u: { user_id: number; score: number | null }) => [u.user_id, u.score])).toEqual([
      [a.id, null],
      [b.id, score(RANKINGS.identity, RANKINGS.mixed)],
      [owner.id, score(RANKINGS.identity, RANKINGS.swapFirst)],
    ]);
  });

  it('identical answers score 75 and reversed ones 0; friend stacks have no consensus', async () => {
    const { me, friend } = await friendPair(t);
    const same = await createFriendStack(t, me, friend);
    await answer(t, me, same, RANKINGS.identity);
    await answer(t, friend, same, RANKINGS.identity);
    const s1 = await getStack(t, me, same);
    expect(s1.users[1]).toMatchObject({ user_id: friend.id, score: 75 });
    expect(s1.consensus).toBeNull();

    const opposite = await createFriendStack(t, friend, me);
    await answer(t, me, opposite, RANKINGS.identity);
    await answer(t, friend, opposite, RANKINGS.reversed);
    expect((await getStack(t, friend, opposite)).users[1]).toMatchObject({ user_id: me.id, score: 0 });
  });

  it("leaves blocked users' responses and comments out for the viewer (both ways), not for others", async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id, RANKINGS.identity);
    await answer(t, b, id, RANKINGS.reversed);
    await answer(t, owner, id, RANKINGS.middle);
    await comment(t, a, id, 'from a');
    await comment(t, b, id, 'from b');
    await block(t, a, b);

    const forA = await getStack(t, a, id);
    expect(forA.users.map((u: { user_id: number }) => u.user_id)).toEqual([a.id, owner.id]);
    expect(forA.comments.map((c: { description: string }) => c.description)).toEqual(['from a']);
    expect(forA.blocked_user_ids).toEqual([b.id]);

    const forB = await getStack(t, b, id);
    expect(forB.users.map((u: { user_id: number }) => u.user_id)).toEqual([b.id, owner.id]);
    expect(forB.comments.map((c: { description: string }) => c.description)).toEqual(['from b']);
    expect(forB.blocked_user_ids).toEqual([a.id]);

    const forOwner = await getStack(t, owner, id);
    expect(forOwner.users.map((u: { user_id: number }) => u.user_id)).toEqual([owner.id, a.id, b.id]);
    expect(forOwner.comments.map((c: { description: string }) => c.description)).toEqual(['from a', 'from b']);
    expect(forOwner.blocked_user_ids).toEqual([]);

    // The feed leaves the blocked responder out too, and b's comment makes nothing unread for a.
    const itemForA = stackItem(await feed(t, a), id)!;
    expect(itemForA.users.map((u) => u.user_id)).toEqual([a.id, owner.id]);
    expect(itemForA.me.viewed_comments).toBe(true);
    expect(stackItem(await feed(t, owner), id)!.me.viewed_comments).toBe(false);
  });

  it('mark_viewed=true records the view (feed me.viewed); a plain GET does not', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await getStack(t, friend, id);
    expect(stackItem(await feed(t, friend), id)!.me).toEqual({ is_answered: false, viewed: false, viewed_comments: true });
    await getStack(t, friend, id, 'stack', '?mark_viewed=true');
    expect(stackItem(await feed(t, friend), id)!.me).toEqual({ is_answered: false, viewed: true, viewed_comments: true });
    // The owner's flags are untouched.
    expect(stackItem(await feed(t, me), id)!.me.viewed).toBe(false);
  });
});

describe('POST /v1/stacks/{id}/complete', () => {
  let me: FactoryUser;
  let friend: FactoryUser;
  let third: FactoryUser;
  let id: number;
  beforeAll(async () => {
    ({ me, friend, third } = await friendPair(t));
    id = await createFriendStack(t, me, friend);
  });

  it.each([
    ['a repeated index', [0, 1, 2, 3, 4, 4]],
    ['five indices', [0, 1, 2, 3, 4]],
    ['an index out of range', [0, 1, 2, 3, 4, 6]],
    ['seven indices', [0, 1, 2, 3, 4, 5, 0]],
    ['a negative index', [-1, 1, 2, 3, 4, 5]],
    ['no ranking', undefined],
  ])('refuses %s with 400: Ranking must order all six positions', async (_label, ranking) => {
    expectError(await complete(me, id, { position_ids: ranking }), 400, 'VALIDATION_FAILED', 'Ranking must order all six positions');
    expect((await getStack(t, me, id)).me.is_answered).toBe(false);
  });

  it('saves a permutation once; a second answer is 409 ALREADY_ANSWERED and changes nothing', async () => {
    const res = await complete(me, id, { position_ids: RANKINGS.mixed });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Answer saved' });
    expectError(await complete(me, id, { position_ids: RANKINGS.identity }), 409, 'ALREADY_ANSWERED', 'You have already answered this stack');
    expect((await getStack(t, me, id)).users[0].position_ids).toEqual([...RANKINGS.mixed]);
  });

  it('is 404 for a stack the caller may not see', async () => {
    expectError(await complete(third, id, { position_ids: RANKINGS.identity }), 404, 'STACK_NOT_FOUND', 'Stack not found');
    expectError(await complete(third, 999_999, { position_ids: RANKINGS.identity }), 404, 'STACK_NOT_FOUND', 'Stack not found');
  });
});
