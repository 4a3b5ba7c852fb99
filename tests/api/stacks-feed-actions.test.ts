/**
 * Hide New Stacks and Clear Updates over the whole feed (spec 2 §2.1): POST /v1/stacks/hide_new
 * and POST /v1/stacks/clear_updates, each one call whatever the number of pages, under the
 * feed's filters, answering how many stacks they changed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNewBanner, isUpdateBanner, stackBanner } from '../../client/src/features/stacks/stack-banner';
import { LIMITS } from '../../shared/limits';
import {
  answer,
  as,
  block,
  comment,
  createFriendStack,
  createGroupStack,
  expectError,
  feed,
  groupStackInDb,
  makeBotStack,
  stackCast,
  stackItem,
  twist,
  twistedItem,
  type FeedItem,
} from '../factories/stacks';
import type { FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hideNew = (user: FactoryUser, body?: object) => as(t, user).post('/v1/stacks/hide_new', body);
const clearUpdates = (user: FactoryUser, body?: object) => as(t, user).post('/v1/stacks/clear_updates', body);

/** Every item of the feed, page after page (the client sees 33 at a time). */
async function wholeFeed(user: FactoryUser, query = ''): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await feed(t, user, `limit=100&offset=${offset}${query ? `&${query}` : ''}`);
    items.push(...page);
    if (page.length < 100) return items;
  }
}

/** A stable key per feed item: stacks by id, twisted stacks by their own id. */
const keyOf = (item: FeedItem) => (item.type === 'twisted' ? `t${item.twist!.id}` : `s${item.id}`);
const keysWhere = (items: FeedItem[], test: (item: FeedItem) => boolean) => items.filter(test).map(keyOf).sort();
const isNew = (item: FeedItem) => isNewBanner(stackBanner(item));
const isUpdate = (item: FeedItem) => isUpdateBanner(stackBanner(item));

/**
 * `owner`'s group with a, b: `count` new group stacks from a, one stack the owner answered (a
 * answered it first, so it has no news), one twisted stack new to the owner (a twisted a stack
 * the owner, a and b answered).
 */
async function manyNew(count: number) {
  const cast = await stackCast(t);
  const { owner, a, b, group } = cast;
  const answered = await createGroupStack(t, a, group.id, { name: 'answered' });
  await answer(t, a, answered);
  await answer(t, owner, answered);
  const original = await createGroupStack(t, a, group.id, { name: 'to twist' });
  for (const user of [owner, a, b]) await answer(t, user, original);
  const twisted = await twist(t, a, original);
  const fresh: number[] = [];
  // In the database: more than one user's allowance of POST /v1/stacks (WRITE_THROTTLES.stacks).
  for (let i = 0; i < count; i += 1) fresh.push(await groupStackInDb(t, a, group.id, { name: `new ${i}` }));
  return { ...cast, answered, original, twisted, fresh };
}

describe('POST /v1/stacks/hide_new', () => {
  it('hides every new stack and new twisted stack of the feed in one call, past the first page, and says how many', async () => {
    const { owner, answered, original, twisted, fresh } = await manyNew(40);
    expect((await feed(t, owner)).length).toBe(LIMITS.pageSizeStacks);
    expect(twistedItem(await wholeFeed(owner), twisted)).toMatchObject({ me: { is_answered: false, viewed: false } });

    const { result: res, statements } = await t.testDb.countQueries(() => hideNew(owner));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ count: 41, batch_id: expect.any(Number) });
    // One statement does the hiding, however many stacks: as many as when there is nothing to
    // hide, and the one summary event (docs/live-events.md; none when nothing changed).
    expect(statements.filter((q) => /insert into "stack_hides"/i.test(q))).toHaveLength(1);
    expect(statements.filter((q) => /insert into "events"/i.test(q))).toHaveLength(1);
    expect(statements.length).toBe((await t.testDb.countQueries(() => hideNew(owner))).count + 1);

    // Left: the answered stacks only (the twisted original is answered too).
    const after = await wholeFeed(owner);
    expect(keysWhere(after, () => true)).toEqual([`s${answered}`, `s${original}`].sort());
    expect(fresh.some((id) => stackItem(after, id))).toBe(false);
    // Hidden for me only.
    expect(await wholeFeed(owner, 'filter_new=true')).toEqual([]);
    // Nothing more to hide.
    expect((await hideNew(owner)).body).toEqual({ count: 0, batch_id: null });
  });

  it('hides for me only: the other members still see the stacks, and I can still open them', async () => {
    const { owner, b, fresh } = await manyNew(2);
    expect((await hideNew(owner)).body).toEqual({ count: 3, batch_id: expect.any(Number) });
    const others = await wholeFeed(b);
    for (const id of fresh) expect(stackItem(others, id)).toBeDefined();
    expect((await as(t, owner).get(`/v1/stacks/${fresh[0]}`)).status).toBe(200);
  });

  it('writes one feed.bulk_updated event for me instead of an event per stack (docs/live-events.md)', async () => {
    const { owner, fresh } = await manyNew(3);
    const before = Number((await t.db.selectFrom('events').select(sql<number>`coalesce(max(seq), 0)`.as('seq')).executeTakeFirstOrThrow()).seq);
    expect((await hideNew(owner)).body).toEqual({ count: fresh.length + 1, batch_id: expect.any(Number) });
    const written = await t.db.selectFrom('events').select(['type', 'user_id', 'data']).where('seq', '>', before).execute();
    expect(written).toEqual([{ type: 'feed.bulk_updated', user_id: owner.id, data: { action: 'hide_new', count: fresh.length + 1 } }]);
  });

  it('hides what the cards call new (the banner rule), a twisted stack once I have opened it no longer', async () => {
    const { owner, a, group, twisted } = await manyNew(1);
    // A twisted stack I opened but did not answer: its banner is not new any more.
    await as(t, owner).post(`/v1/twisted_stacks/${twisted}/viewed`);
    // A stack I own but did not answer yet: 'New stack!' for me too.
    const mine = await createGroupStack(t, owner, group.id, { name: 'mine' });
    // A friend stack to me.
    const friendly = await createFriendStack(t, a, owner, { name: 'to me' });
    const before = await wholeFeed(owner);
    const expected = keysWhere(before, isNew);
    expect(expected).toEqual(expect.arrayContaining([`s${mine}`, `s${friendly}`]));
    expect(expected).not.toContain(`t${twisted}`);

    expect((await hideNew(owner)).body).toEqual({ count: expected.length, batch_id: expect.any(Number) });
    const after = await wholeFeed(owner);
    expect(keysWhere(after, () => true)).toEqual(keysWhere(before, (item) => !isNew(item)));
  });

  it('keeps to the filters in its body: friend stacks only, no bot stacks', async () => {
    const { owner, a, group } = await stackCast(t);
    const groupNew = await createGroupStack(t, a, group.id, { name: 'group' });
    const friendNew = await createFriendStack(t, a, owner, { name: 'friend' });
    const botNew = await createGroupStack(t, a, group.id, { name: 'bot' });
    await makeBotStack(t, botNew);

    expect((await hideNew(owner, { filter_friends: true })).body).toEqual({ count: 1, batch_id: expect.any(Number) });
    let left = await wholeFeed(owner);
    expect(stackItem(left, friendNew)).toBeUndefined();
    expect(stackItem(left, groupNew)).toBeDefined();

    expect((await hideNew(owner, { filter_no_bots: true })).body).toEqual({ count: 1, batch_id: expect.any(Number) });
    left = await wholeFeed(owner);
    expect(stackItem(left, groupNew)).toBeUndefined();
    expect(keysWhere(left, () => true)).toEqual([`s${botNew}`]);

    expect((await hideNew(owner, { filter_new: true, filter_friends: false, filter_no_bots: false })).body).toEqual({ count: 1, batch_id: expect.any(Number) });
    expect(await wholeFeed(owner)).toEqual([]);
  });

  it('takes no body at all (all filters off)', async () => {
    const { owner, a, group } = await stackCast(t);
    await createGroupStack(t, a, group.id);
    const res = await t.request.post('/v1/stacks/hide_new').set('Authorization', `Bearer ${t.tokenFor(owner)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ count: 1, batch_id: expect.any(Number) });
  });

  it('refuses filters that are not booleans (400) and callers without a token (401)', async () => {
    const { owner } = await stackCast(t);
    const res = await hideNew(owner, { filter_friends: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringContaining('filter_friends must be true or false') });
    expectError(await t.request.post('/v1/stacks/hide_new').send({}), 401, 'UNAUTHORIZED', 'Not authenticated');
  });
});

describe('POST /v1/stacks/clear_updates', () => {
  /** `owner` answered stacks that now have news: responses, comments, both, a twisted stack's answer. */
  async function withUpdates() {
    const cast = await stackCast(t);
    const { owner, a, b, group } = cast;
    const stacks: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await createGroupStack(t, a, group.id, { name: `answered ${i}` });
      await answer(t, owner, id);
      stacks.push(id);
    }
    const [responded, commented, both, quiet] = stacks;
    await answer(t, b, responded);
    await comment(t, a, commented);
    await answer(t, a, both);
    await comment(t, b, both);
    // A twisted stack I answered, then a answered.
    const original = await createGroupStack(t, a, group.id, { name: 'original' });
    for (const user of [owner, a, b]) await answer(t, user, original);
    const twisted = await twist(t, b, original);
    await answer(t, owner, twisted, undefined, 'twisted');
    await answer(t, a, twisted, undefined, 'twisted');
    // New to me: not an update, stays as it is.
    const fresh = await createGroupStack(t, a, group.id, { name: 'new' });
    await answer(t, b, fresh);
    return { ...cast, responded, commented, both, quiet, original, twisted, fresh };
  }

  it('marks viewed, responses and comments, every stack with news, says how many, and leaves new stacks alone', async () => {
    const { owner, responded, commented, both, twisted, fresh } = await withUpdates();
    const before = await wholeFeed(owner);
    const expected = keysWhere(before, isUpdate);
    // The original's twist made it news as well (its updated_at moved; b and a answered after me).
    expect(expected).toEqual(expect.arrayContaining([`s${responded}`, `s${commented}`, `s${both}`, `t${twisted}`]));

    const { result: res, statements } = await t.testDb.countQueries(() => clearUpdates(owner));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ count: expected.length });
    expect(statements.filter((q) => /insert into "stack_views"/i.test(q))).toHaveLength(1);

    const after = await wholeFeed(owner);
    expect(after.filter(isUpdate)).toEqual([]);
    for (const key of expected) {
      const item = after.find((i) => keyOf(i) === key)!;
      expect(item.users.every((u) => u.is_viewed)).toBe(true);
      expect(item.me).toMatchObject({ viewed: true, viewed_comments: true });
    }
    // The new stack is still new and not marked viewed.
    expect(stackItem(after, fresh)).toMatchObject({ me: { is_answered: false, viewed: false }, users: [expect.objectContaining({ is_viewed: false })] });
    expect((await clearUpdates(owner)).body).toEqual({ count: 0 });
  });

  it('has the effect of the per-stack viewed call: later news shows again', async () => {
    const { owner, a, commented } = await withUpdates();
    await clearUpdates(owner);
    await comment(t, a, commented, 'Later');
    expect(stackItem(await wholeFeed(owner), commented)).toMatchObject({ me: { viewed_comments: false } });
  });

  it('does not count news from a blocked user', async () => {
    const { owner, b, group, a } = await stackCast(t);
    const id = await createGroupStack(t, a, group.id);
    await answer(t, owner, id);
    await answer(t, b, id);
    await block(t, owner, b);
    expect((await clearUpdates(owner)).body).toEqual({ count: 0 });
  });

  it('keeps to the filters in its body', async () => {
    const { owner, a, group } = await stackCast(t);
    const friendStack = await createFriendStack(t, owner, a);
    const groupStack = await createGroupStack(t, a, group.id);
    const botStack = await createGroupStack(t, a, group.id);
    await makeBotStack(t, botStack);
    for (const id of [friendStack, groupStack, botStack]) {
      await answer(t, owner, id);
      await comment(t, a, id);
    }
    expect((await clearUpdates(owner, { filter_friends: true })).body).toEqual({ count: 1 });
    expect((await clearUpdates(owner, { filter_no_bots: true })).body).toEqual({ count: 1 });
    const left = await wholeFeed(owner);
    expect(keysWhere(left, isUpdate)).toEqual([`s${botStack}`]);
    // The New filter shows stacks I have not answered: none of these.
    expect((await clearUpdates(owner, { filter_new: true })).body).toEqual({ count: 0 });
    expect((await clearUpdates(owner, {})).body).toEqual({ count: 1 });
  });

  it('refuses callers without a token (401)', async () => {
    expectError(await t.request.post('/v1/stacks/clear_updates').send({}), 401, 'UNAUTHORIZED', 'Not authenticated');
  });
});
