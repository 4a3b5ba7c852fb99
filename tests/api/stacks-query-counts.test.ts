import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberInDb } from '../factories/groups';
import {
  RANKINGS,
  answersInDb,
  as,
  block,
  commentsInDb,
  createFriendStack,
  createGroupStack,
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

/** SQL statements run while serving one GET (authentication included). */
async function measure(viewer: FactoryUser, path: string) {
  const { result, count, statements } = await t.testDb.countQueries(() => as(t, viewer).get(path));
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return { count, statements, body: result.body };
}

/**
 * A viewer in a group with `others` members (one of them blocked by the viewer) and a friend;
 * `stacks` stacks (every third a friend stack) each answered by every member and the friend where
 * they may, with `comments` comments each; the viewer answers every other stack; one stack twisted.
 */
async function makeWorld(stacks: number, others: number, comments: number) {
  const viewer = await createUser(t.db);
  const friend = await createUser(t.db);
  await makeFriends(t, viewer, friend);
  const members = await Promise.all(Array.from({ length: others }, (_, i) => createUser(t.db, { avatar_id: (i % 9) + 1 })));
  const group = await groupWith(t, viewer, []);
  for (const m of members) await addMemberInDb(t.db, group.id, m);
  await block(t, viewer, members[0]);
  const ids: number[] = [];
  for (let i = 0; i < stacks; i += 1) {
    const isFriend = i % 3 === 0;
    const id = isFriend ? await createFriendStack(t, friend, viewer) : await createGroupStack(t, viewer, group.id);
    const responders = isFriend ? [friend] : members;
    await answersInDb(t, id, responders, RANKINGS.mixed);
    if (i % 2 === 0) await answersInDb(t, id, [viewer], RANKINGS.identity);
    await commentsInDb(t, id, responders, comments);
    ids.push(id);
  }
  // One twisted stack (a group stack the viewer answered, with two other responders).
  const twisted = await twist(t, viewer, ids[1 + (ids.length > 2 ? 1 : 0)]);
  await answersInDb(t, twisted, members.slice(1, 3), RANKINGS.reversed);
  return { viewer, friend, members, group, ids, twisted };
}

describe('N+1 guards for stacks: statements per call do not grow with the data', () => {
  let small: Awaited<ReturnType<typeof makeWorld>>;
  let large: Awaited<ReturnType<typeof makeWorld>>;
  beforeAll(async () => {
    small = await makeWorld(3, 3, 1);
    large = await makeWorld(34, 5, 3);
  }, 180_000);

  it.each(['', '?filter_new=true', '?filter_friends=true&order_by=created_at', '?filter_no_bots=true&limit=100'])('GET /v2/stacks%s: the same statements for a page of 3-4 and of 33+', async (query) => {
    const few = await measure(small.viewer, `/v2/stacks${query}`);
    const many = await measure(large.viewer, `/v2/stacks${query}`);
    expect(many.body.length).toBeGreaterThan(few.body.length);
    if (query === '') {
      expect(few.body).toHaveLength(4); // 3 stacks and 1 twisted stack
      expect(many.body).toHaveLength(33);
    }
    expect(many.count, many.statements.join('\n---\n')).toBe(few.count);
    expect(many.count, many.statements.join('\n---\n')).toBeLessThanOrEqual(2);
  });

  it('GET /v1/twisted_stacks: the same statements in both worlds', async () => {
    const few = await measure(small.viewer, '/v1/twisted_stacks');
    const many = await measure(large.viewer, '/v1/twisted_stacks');
    expect(many.count).toBe(few.count);
    expect(many.count).toBeLessThanOrEqual(2);
  });

  it('GET /v1/stacks/{id}: the same statements for 2 responders and 1 comment as for 12 and 20', async () => {
    const owner = await createUser(t.db);
    const crowd = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)));
    const group = await groupWith(t, owner, crowd);
    const thin = await createGroupStack(t, owner, group.id);
    const busy = await createGroupStack(t, owner, group.id);
    await answersInDb(t, thin, crowd.slice(0, 2), RANKINGS.mixed);
    await commentsInDb(t, thin, crowd.slice(0, 1), 1);
    await answersInDb(t, busy, crowd, RANKINGS.mixed);
    await commentsInDb(t, busy, crowd, 20);
    await block(t, owner, crowd[0]);
    for (const user of [owner]) {
      await answersInDb(t, thin, [user]);
      await answersInDb(t, busy, [user]);
    }
    const reader = crowd[5];
    for (const query of ['', '?mark_viewed=true']) {
      const few = await measure(owner, `/v1/stacks/${thin}${query}`);
      const many = await measure(owner, `/v1/stacks/${busy}${query}`);
      expect(few.body.users).toHaveLength(2); // the owner and crowd[1]; crowd[0] is blocked
      expect(many.body.users).toHaveLength(12);
      expect(few.body.comments).toHaveLength(0);
      expect(many.body.comments).toHaveLength(18); // crowd[0] wrote 2 of the 20
      expect(many.count, many.statements.join('\n---\n')).toBe(few.count);
      expect(many.count, many.statements.join('\n---\n')).toBeLessThanOrEqual(query ? 3 : 2);
      // Another viewer (not blocking anyone) sees everything with the same number of statements.
      const readerMany = await measure(reader, `/v1/stacks/${busy}${query}`);
      expect(readerMany.body.users).toHaveLength(13);
      expect(readerMany.body.comments).toHaveLength(20);
      expect(readerMany.count).toBe(many.count);
    }
  });

  it('GET /v1/stacks/{id}: 250 comments cost what 1 does, and any page holds 100 at most', async () => {
    const owner = await createUser(t.db);
    const crowd = await Promise.all(Array.from({ length: 4 }, () => createUser(t.db)));
    const group = await groupWith(t, owner, crowd);
    const thin = await createGroupStack(t, owner, group.id);
    const busy = await createGroupStack(t, owner, group.id);
    await commentsInDb(t, thin, crowd, 1);
    await commentsInDb(t, busy, crowd, 250);
    const few = await measure(owner, `/v1/stacks/${thin}?mark_viewed=true`);
    for (const query of ['', '&comments_offset=100', '&comments_offset=200']) {
      const many = await measure(owner, `/v1/stacks/${busy}?mark_viewed=true${query}`);
      expect(many.body.comments).toHaveLength(query.endsWith('200') ? 50 : 100);
      expect(many.body.comments_has_more).toBe(!query.endsWith('200'));
      expect(many.count, many.statements.join('\n---\n')).toBe(few.count);
    }
  });

  it('GET /v1/twisted_stacks/{id}: the same statements in both worlds', async () => {
    const few = await measure(small.viewer, `/v1/twisted_stacks/${small.twisted}?mark_viewed=true`);
    const many = await measure(large.viewer, `/v1/twisted_stacks/${large.twisted}?mark_viewed=true`);
    expect(many.body.original.users.length).toBeGreaterThan(few.body.original.users.length);
    expect(many.count).toBe(few.count);
    expect(many.count).toBeLessThanOrEqual(3);
  });
});
