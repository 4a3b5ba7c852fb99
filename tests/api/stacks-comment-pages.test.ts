import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKINGS, answer, as, baseOf, block, comment, createGroupStack, expectError, getStack, stackCast, timedCommentsInDb, twist, type Kind } from '../factories/stacks';
import type { FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface CommentOut {
  id: number;
  user_id: number;
  description: string;
}
interface Page {
  comments: CommentOut[];
  comments_has_more: boolean;
}

const ids = (page: Page) => page.comments.map((c) => c.id);
const pageOf = async (user: FactoryUser, id: number, query = '', kind: Kind = 'stack') => (await getStack(t, user, id, kind, query)) as Page;
const LIMIT_DETAIL = 'comments_limit must be between 1 and 100';

describe('GET /v1/stacks/{id}: comments a page at a time, newest page first', () => {
  let cast: Awaited<ReturnType<typeof stackCast>>;
  let stackId: number;
  /** The 150 comments' ids, oldest first. */
  let all: number[];
  beforeAll(async () => {
    cast = await stackCast(t);
    stackId = await createGroupStack(t, cast.owner, cast.group.id);
    all = await timedCommentsInDb(t, stackId, [cast.a, cast.b], 150);
  });

  it('with 150 comments, the first call returns the newest 100, oldest first, and says there are more', async () => {
    const first = await pageOf(cast.owner, stackId);
    expect(first.comments).toHaveLength(100);
    expect(ids(first)).toEqual(all.slice(50));
    expect(first.comments[0].description).toBe('comment 50');
    expect(first.comments[99].description).toBe('comment 149');
    expect(first.comments_has_more).toBe(true);
  });

  it('comments_offset=100 returns the remaining 50 (the oldest) and says there are no more', async () => {
    const second = await pageOf(cast.owner, stackId, '?comments_offset=100');
    expect(ids(second)).toEqual(all.slice(0, 50));
    expect(second.comments_has_more).toBe(false);
  });

  it('smaller pages walk back through every comment once, without gaps', async () => {
    const seen: number[][] = [];
    let offset = 0;
    let page: Page;
    do {
      page = await pageOf(cast.a, stackId, `?comments_offset=${offset}&comments_limit=40`);
      expect(page.comments.length).toBeLessThanOrEqual(40);
      seen.unshift(ids(page));
      offset += page.comments.length;
    } while (page.comments_has_more);
    expect(seen.map((p) => p.length)).toEqual([30, 40, 40, 40]);
    expect(seen.flat()).toEqual(all);
  });

  it('an exact fit says no more; an offset past the end is an empty last page', async () => {
    expect((await pageOf(cast.a, stackId, '?comments_offset=50')).comments_has_more).toBe(false);
    expect((await pageOf(cast.a, stackId, '?comments_offset=49')).comments_has_more).toBe(true);
    expect(await pageOf(cast.a, stackId, '?comments_offset=500')).toMatchObject({ comments: [], comments_has_more: false });
  });

  it('a stack with few comments returns them all and says there are no more', async () => {
    const id = await createGroupStack(t, cast.owner, cast.group.id);
    await comment(t, cast.a, id, 'first');
    await comment(t, cast.b, id, 'second');
    const page = await pageOf(cast.owner, id);
    expect(page.comments.map((c) => c.description)).toEqual(['first', 'second']);
    expect(page.comments_has_more).toBe(false);
  });

  it.each([
    ['comments_limit=101', LIMIT_DETAIL],
    ['comments_limit=1000', LIMIT_DETAIL],
    ['comments_limit=0', LIMIT_DETAIL],
    ['comments_limit=ten', 'comments_limit: must be a whole number written in plain digits, like 42'],
    ['comments_offset=-1', 'comments_offset must be 0 or more'],
  ])('refuses %s with 400 and a detail naming the parameter', async (query, detail) => {
    expectError(await as(t, cast.owner).get(`/v1/stacks/${stackId}?${query}`), 400, 'VALIDATION_FAILED', detail);
  });

  it('comments_limit=100 is allowed and the same as the default', async () => {
    expect(ids(await pageOf(cast.owner, stackId, '?comments_limit=100'))).toEqual(ids(await pageOf(cast.owner, stackId)));
  });
});

describe('GET /v1/stacks/{id}: what fills a page', () => {
  it("a page holds 100 comments the viewer may read: blocked users' comments are left out before counting", async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    // 120 by a, 30 by b, interleaved; b wrote the very first one.
    const all = await timedCommentsInDb(t, id, [b, a, a, a, a], 150);
    await block(t, owner, b);
    const byA = all.filter((_, i) => i % 5 !== 0);

    const first = await pageOf(owner, id);
    expect(ids(first)).toEqual(byA.slice(20));
    expect(first.comments_has_more).toBe(true);
    const second = await pageOf(owner, id, '?comments_offset=100');
    expect(ids(second)).toEqual(byA.slice(0, 20));
    expect(second.comments_has_more).toBe(false);
    // b is named as blocked though none of b's comments is on the page asked for.
    expect((await getStack(t, owner, id, 'stack', '?comments_offset=100&comments_limit=1')).blocked_user_ids).toEqual([b.id]);
    // a, who blocks nobody, sees all 150.
    expect((await pageOf(a, id, '?comments_offset=100')).comments).toHaveLength(50);
  });

  it('sandboxed comments count only for those who see them (their author and admins)', async () => {
    const { owner, a, b, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    const all = await timedCommentsInDb(t, id, [a, b], 101);
    // The newest of the 101 (a's) is sandboxed: b reads 100, a and admins 101.
    await t.db.updateTable('comments').set({ is_sandboxed: true }).where('id', '=', all[100]).execute();
    expect(await pageOf(b, id)).toMatchObject({ comments: expect.any(Array), comments_has_more: false });
    expect(ids(await pageOf(b, id))).toEqual(all.slice(0, 100));
    for (const viewer of [a, admin]) {
      const page = await pageOf(viewer, id);
      expect(page.comments.at(-1)!.id).toBe(all[100]);
      expect(page.comments_has_more).toBe(true);
    }
  });
});

describe('GET /v1/twisted_stacks/{id}: the same pages', () => {
  it('150 comments: 100 and more, then the remaining 50; limit above 100 is 400', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const stackId = await createGroupStack(t, owner, group.id);
    for (const user of [owner, a, b]) await answer(t, user, stackId, RANKINGS.identity);
    const twistedId = await twist(t, a, stackId);
    const all = await timedCommentsInDb(t, twistedId, [owner, b], 150);

    const first = await pageOf(a, twistedId, '', 'twisted');
    expect(ids(first)).toEqual(all.slice(50));
    expect(first.comments_has_more).toBe(true);
    const second = await pageOf(a, twistedId, '?comments_offset=100', 'twisted');
    expect(ids(second)).toEqual(all.slice(0, 50));
    expect(second.comments_has_more).toBe(false);
    expectError(await as(t, a).get(`${baseOf('twisted')}/${twistedId}?comments_limit=101`), 400, 'VALIDATION_FAILED', LIMIT_DETAIL);
    // The original stack's comments are its own.
    expect(await pageOf(a, stackId)).toMatchObject({ comments: [], comments_has_more: false });
  });
});
