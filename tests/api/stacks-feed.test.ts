import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  makeBotStack,
  makeFriends,
  positions,
  stackCast,
  stackItem,
  type FeedItem,
} from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (items: FeedItem[]) => items.map((i) => i.id);
const viewed = (user: FactoryUser, id: number) => as(t, user).post(`/v1/stacks/${id}/viewed`);

describe('GET /v2/stacks: items', () => {
  it('lists friend and group stacks I may see with audience, owner, users and my flags', async () => {
    const { owner, a, group } = await stackCast(t);
    const friendStack = await createFriendStack(t, a, owner, { name: 'Between us' });
    const groupStack = await createGroupStack(t, owner, group.id, { name: 'For all' });
    await answer(t, a, groupStack);

    const items = await feed(t, owner);
    expect(ids(items)).toEqual([groupStack, friendStack]);
    expect(items[0]).toEqual({
      id: groupStack,
      type: 'stack',
      name: 'For all',
      owner_id: owner.id,
      owner_username: owner.username,
      owner_avatar_id: 2,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      audience: { type: 'group', user: null, group: { id: group.id, name: group.name } },
      bot: null,
      twist: null,
      users: [{ user_id: a.id, username: a.username, is_answered: true, is_viewed: false }],
      me: { is_answered: false, viewed: false, viewed_comments: true },
    });
    expect(items[1]).toMatchObject({
      id: friendStack,
      type: 'stack',
      owner_id: a.id,
      audience: { type: 'friend', user: { id: owner.id, username: owner.username, avatar_id: 2 }, group: null },
      users: [],
    });
    expect(new Date(items[0].created_at as string).toISOString()).toBe(items[0].created_at);
  });

  it('filters: filter_new (not answered by me), filter_friends (friend stacks), filter_no_bots, and together', async () => {
    const { owner, a, group } = await stackCast(t);
    const answeredFriend = await createFriendStack(t, owner, a, { name: 'answered friend' });
    const newFriend = await createFriendStack(t, a, owner, { name: 'new friend' });
    const newGroup = await createGroupStack(t, a, group.id, { name: 'new group' });
    const answeredGroup = await createGroupStack(t, a, group.id, { name: 'answered group' });
    const botGroup = await createGroupStack(t, a, group.id, { name: 'bot group' });
    await makeBotStack(t, botGroup);
    await answer(t, owner, answeredFriend);
    await answer(t, owner, answeredGroup);

    const all = [answeredGroup, answeredFriend, botGroup, newGroup, newFriend];
    const items = await feed(t, owner);
    expect(ids(items).sort()).toEqual([...all].sort());
    // The bot's card on its stack, none on the others.
    expect(items.find((i) => i.id === botGroup)?.bot).toMatchObject({ name: 'Factory bot', avatar_id: 1 });
    expect(items.filter((i) => i.bot !== null).map((i) => i.id)).toEqual([botGroup]);
    expect(ids(await feed(t, owner, 'filter_new=false&filter_friends=false&filter_no_bots=false')).sort()).toEqual([...all].sort());
    expect(ids(await feed(t, owner, 'filter_new=true')).sort()).toEqual([newFriend, newGroup, botGroup].sort());
    expect(ids(await feed(t, owner, 'filter_friends=true')).sort()).toEqual([answeredFriend, newFriend].sort());
    expect(ids(await feed(t, owner, 'filter_no_bots=true')).sort()).toEqual([answeredFriend, newFriend, newGroup, answeredGroup].sort());
    expect(ids(await feed(t, owner, 'filter_new=true&filter_no_bots=true')).sort()).toEqual([newFriend, newGroup].sort());
    expect(ids(await feed(t, owner, 'filter_new=true&filter_friends=true'))).toEqual([newFriend]);
    expect(ids(await feed(t, owner, 'filter_new=true&filter_friends=true&filter_no_bots=true'))).toEqual([newFriend]);
  });

  it('orders by updated_at by default (answering or commenting moves a stack up), or by created_at', async () => {
    const { owner, a, group } = await stackCast(t);
    const s1 = await createGroupStack(t, owner, group.id, { name: 's1' });
    const s2 = await createGroupStack(t, owner, group.id, { name: 's2' });
    const s3 = await createFriendStack(t, a, owner, { name: 's3' });
    expect(ids(await feed(t, owner))).toEqual([s3, s2, s1]);

    await answer(t, a, s1);
    expect(ids(await feed(t, owner))).toEqual([s1, s3, s2]);
    expect(ids(await feed(t, owner, 'order_by=updated_at'))).toEqual([s1, s3, s2]);

    await comment(t, a, s2, 'up you go');
    expect(ids(await feed(t, owner))).toEqual([s2, s1, s3]);

    // Viewing moves nothing.
    expect((await viewed(owner, s3)).status).toBe(200);
    expect(ids(await feed(t, owner))).toEqual([s2, s1, s3]);

    expect(ids(await feed(t, owner, 'order_by=created_at'))).toEqual([s3, s2, s1]);
    const items = await feed(t, owner);
    expect(Date.parse(items[0].updated_at as string)).toBeGreaterThan(Date.parse(items[0].created_at as string));
  });

  it.each([
    ['limit=101', 'limit: Too big: expected number to be <=100'],
    ['limit=0', 'limit: Too small: expected number to be >=1'],
    ['offset=-1', 'offset: Too small: expected number to be >=0'],
    ['order_by=name', 'order_by: Invalid option: expected one of "updated_at"|"created_at"'],
  ])('refuses %s with 400', async (query, detail) => {
    const user = await createUser(t.db);
    expectError(await as(t, user).get(`/v2/stacks?${query}`), 400, 'VALIDATION_FAILED', detail);
  });
});

describe('GET /v2/stacks: pages', () => {
  let viewer: FactoryUser;
  const created: number[] = [];
  beforeAll(async () => {
    const { owner, a, group } = await stackCast(t);
    viewer = a;
    const friend = await createUser(t.db);
    await makeFriends(t, viewer, friend);
    for (let i = 0; i < 36; i += 1) {
      created.push(i % 3 === 0 ? await createFriendStack(t, friend, viewer, { name: `f${i}`, positions: positions(`${i}`) }) : await createGroupStack(t, owner, group.id, { name: `g${i}` }));
    }
  });

  it('answers 33 items by default, up to 100 on request', async () => {
    expect(await feed(t, viewer)).toHaveLength(33);
    expect(await feed(t, viewer, 'limit=100')).toHaveLength(36);
    expect(ids(await feed(t, viewer, 'limit=5'))).toEqual([...created].reverse().slice(0, 5));
  });

  it('pages with offset without duplicates or gaps', async () => {
    const seen: number[] = [];
    for (let offset = 0; ; offset += 10) {
      const page = await feed(t, viewer, `limit=10&offset=${offset}`);
      seen.push(...ids(page));
      if (page.length < 10) break;
    }
    expect(seen).toHaveLength(36);
    expect(new Set(seen).size).toBe(36);
    expect(seen).toEqual([...created].reverse());
    const byCreation: number[] = [];
    for (const offset of [0, 33]) byCreation.push(...ids(await feed(t, viewer, `order_by=created_at&offset=${offset}`)));
    expect(byCreation).toEqual([...created].reverse());
  });
});

describe('DELETE /v1/stacks/{id}/hide (for me)', () => {
  it("drops the stack off the hider's feed only; the stack itself stays reachable for the others", async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    const other = await createGroupStack(t, owner, group.id);
    const res = await as(t, a).del(`/v1/stacks/${id}/hide`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Stack hidden' });
    expect(ids(await feed(t, a))).toEqual([other]);
    expect(ids(await feed(t, b))).toEqual([other, id]);
    expect(ids(await feed(t, owner))).toEqual([other, id]);
    // Hiding again is harmless; activity does not bring it back.
    expect((await as(t, a).del(`/v1/stacks/${id}/hide`)).status).toBe(200);
    await answer(t, b, id);
    expect(ids(await feed(t, a))).toEqual([other]);
  });

  it('hides a friend stack for one side only, and is 404 for a stack I may not see', async () => {
    const { me, friend, third } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    expect((await as(t, friend).del(`/v1/stacks/${id}/hide`)).status).toBe(200);
    expect(stackItem(await feed(t, friend), id)).toBeUndefined();
    expect(stackItem(await feed(t, me), id)).toBeDefined();
    expectStackNotFound(await as(t, third).del(`/v1/stacks/${id}/hide`));
  });
});

describe('feed flags and POST /v1/stacks/{id}/viewed', () => {
  it('users[].is_viewed is false for responses after my last view; viewed clears it', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, owner, id);
    await answer(t, a, id, RANKINGS.reversed);

    let item = stackItem(await feed(t, owner), id)!;
    expect(item.me).toEqual({ is_answered: true, viewed: true, viewed_comments: true });
    expect(item.users.map((u) => [u.user_id, u.is_viewed])).toEqual([
      [owner.id, true],
      [a.id, false],
    ]);

    const res = await viewed(owner, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Marked as viewed' });
    item = stackItem(await feed(t, owner), id)!;
    expect(item.users.map((u) => u.is_viewed)).toEqual([true, true]);

    await answer(t, b, id, RANKINGS.mixed);
    item = stackItem(await feed(t, owner), id)!;
    expect(item.users.map((u) => [u.user_id, u.is_viewed])).toEqual([
      [owner.id, true],
      [a.id, true],
      [b.id, false],
    ]);

    // Opening it with mark_viewed=true clears it too.
    expect((await as(t, owner).get(`/v1/stacks/${id}?mark_viewed=true`)).status).toBe(200);
    expect(stackItem(await feed(t, owner), id)!.users.every((u) => u.is_viewed)).toBe(true);
  });

  it('me.viewed and me.viewed_comments: false until I view; another user commenting after my view clears viewed_comments', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    expect(stackItem(await feed(t, friend), id)!.me).toEqual({ is_answered: false, viewed: false, viewed_comments: true });

    await comment(t, me, id, 'my own comment');
    // My own comment never makes anything unread for me.
    expect(stackItem(await feed(t, me), id)!.me.viewed_comments).toBe(true);
    expect(stackItem(await feed(t, friend), id)!.me.viewed_comments).toBe(false);

    await viewed(friend, id);
    expect(stackItem(await feed(t, friend), id)!.me).toEqual({ is_answered: false, viewed: true, viewed_comments: true });

    await comment(t, me, id, 'another one');
    expect(stackItem(await feed(t, friend), id)!.me).toEqual({ is_answered: false, viewed: true, viewed_comments: false });
    await viewed(friend, id);
    expect(stackItem(await feed(t, friend), id)!.me.viewed_comments).toBe(true);

    await answer(t, friend, id);
    expect(stackItem(await feed(t, friend), id)!.me).toEqual({ is_answered: true, viewed: true, viewed_comments: true });
  });

  it('leaves out, both ways, a blocked user\'s answers (users) and comments (viewed_comments)', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id);
    await answer(t, b, id);
    await viewed(owner, id);
    await comment(t, b, id, 'after your view');
    const before = stackItem(await feed(t, owner), id)!;
    expect(before.users.map((u) => u.user_id).sort()).toEqual([a.id, b.id].sort());
    expect(before.me.viewed_comments).toBe(false);

    // b blocks me: b's answer and comment leave my card.
    await block(t, b, owner);
    const blockedBy = stackItem(await feed(t, owner), id)!;
    expect(blockedBy.users.map((u) => u.user_id)).toEqual([a.id]);
    expect(blockedBy.me.viewed_comments).toBe(true);

    // I block a: a's answer leaves too; a's new comment is no news.
    await block(t, owner, a);
    await comment(t, a, id, 'unseen by the blocker');
    const blocking = stackItem(await feed(t, owner), id)!;
    expect(blocking.users).toEqual([]);
    expect(blocking.me.viewed_comments).toBe(true);
  });

  it('viewed is 404 for a stack I may not see', async () => {
    const { me, friend, third } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    expectStackNotFound(await viewed(third, id));
    expectStackNotFound(await viewed(third, 999_999));
  });
});
