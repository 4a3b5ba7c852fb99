/**
 * Hidden stacks can be undone (docs/hidden-stacks.md): GET /v1/users/me/hidden-stacks lists
 * the stacks I hid (one by one or with Hide New Stacks), latest first, with how many; DELETE shows
 * one again, or all of one Hide New Stacks. An admin's hide for a member is not the member's.
 * The throttle is held by tests/api/write-throttles.test.ts with every other write's.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import { STACK_MESSAGES, type HiddenStacks } from '../../shared/schemas/stacks';
import { answer, as, expectError, feed, groupStackInDb, stackCast, stackItem, twist, twistedItem } from '../factories/stacks';
import type { FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HIDDEN = '/v1/users/me/hidden-stacks';
const hiddenOf = async (user: FactoryUser, query = ''): Promise<HiddenStacks> => {
  const res = await as(t, user).get(`${HIDDEN}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as HiddenStacks;
};
const hide = (user: FactoryUser, id: number, kind = 'stacks') => as(t, user).del(`/v1/${kind}/${id}/hide`);

describe('the stacks I hid', () => {
  it('lists a hidden stack with what a row needs, latest first, and shows it again in the feed after DELETE', async () => {
    const { owner, a, group } = await stackCast(t);
    const first = await groupStackInDb(t, a, group.id, { name: 'Breakfast' });
    const second = await groupStackInDb(t, a, group.id, { name: null });
    expect((await hide(owner, first)).status).toBe(200);
    expect((await hide(owner, second)).status).toBe(200);

    const listed = await hiddenOf(owner);
    expect(listed.hidden_count).toBe(2);
    expect(listed.hidden_count_capped).toBe(false);
    expect(listed.items.map((i) => i.id)).toEqual([second, first]);
    expect(listed.items[1]).toEqual({
      id: first,
      type: 'stack',
      original_id: null,
      name: 'Breakfast',
      twist_description: null,
      mode: 'group',
      group_name: group.name,
      owner_username: a.username,
      hidden_at: expect.any(String),
      batch_id: null,
    });
    expect(stackItem(await feed(t, owner), first)).toBeUndefined();

    const shown = await as(t, owner).del(`${HIDDEN}/${first}`);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toEqual({ count: 1, hidden_count: 1 });
    expect(stackItem(await feed(t, owner), first)).toBeDefined();
    expect((await hiddenOf(owner)).items.map((i) => i.id)).toEqual([second]);
    // Once shown, it is no longer hidden.
    expectError(await as(t, owner).del(`${HIDDEN}/${first}`), 404, 'NOT_HIDDEN', STACK_MESSAGES.notHidden);
  });

  it('lists a hidden twisted stack as one, with its original', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const original = await groupStackInDb(t, a, group.id);
    for (const user of [owner, a, b]) await answer(t, user, original);
    const twistedId = await twist(t, a, original);
    expect((await hide(owner, twistedId, 'twisted_stacks')).status).toBe(200);
    const [item] = (await hiddenOf(owner)).items;
    expect(item).toMatchObject({ id: twistedId, type: 'twisted', original_id: original, twist_description: 'But for breakfast', owner_username: a.username });
    expect((await as(t, owner).del(`${HIDDEN}/${twistedId}`)).status).toBe(200);
    expect(twistedItem(await feed(t, owner), twistedId)).toBeDefined();
  });

  it('Unhide all shows again exactly what one Hide New Stacks hid, and writes one event for my devices', async () => {
    const { owner, a, group } = await stackCast(t);
    const earlier = [await groupStackInDb(t, a, group.id), await groupStackInDb(t, a, group.id)];
    const firstCall = await as(t, owner).post('/v1/stacks/hide_new');
    expect(firstCall.body).toEqual({ count: 2, batch_id: expect.any(Number) });
    const later = [await groupStackInDb(t, a, group.id), await groupStackInDb(t, a, group.id), await groupStackInDb(t, a, group.id)];
    const secondCall = await as(t, owner).post('/v1/stacks/hide_new');
    expect(secondCall.body).toEqual({ count: 3, batch_id: expect.any(Number) });
    expect(secondCall.body.batch_id).not.toBe(firstCall.body.batch_id);

    const listed = await hiddenOf(owner);
    expect(listed.hidden_count).toBe(5);
    for (const item of listed.items) expect(item.batch_id).toBe(later.includes(item.id) ? secondCall.body.batch_id : firstCall.body.batch_id);

    const before = Number((await t.db.selectFrom('events').select(sql<number>`coalesce(max(seq), 0)`.as('seq')).executeTakeFirstOrThrow()).seq);
    const undone = await as(t, owner).del(`${HIDDEN}/batches/${secondCall.body.batch_id}`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toEqual({ count: 3, hidden_count: 2 });
    const written = await t.db.selectFrom('events').select(['type', 'user_id', 'data']).where('seq', '>', before).execute();
    expect(written).toEqual([{ type: 'feed.bulk_updated', user_id: owner.id, data: { action: 'unhide', count: 3 } }]);

    const items = await feed(t, owner, 'limit=100');
    for (const id of later) expect(stackItem(items, id)).toBeDefined();
    for (const id of earlier) expect(stackItem(items, id)).toBeUndefined();
    // Done: the batch has nothing left to show.
    expectError(await as(t, owner).del(`${HIDDEN}/batches/${secondCall.body.batch_id}`), 404, 'HIDE_BATCH_NOT_FOUND', STACK_MESSAGES.batchNotFound);
  });

  it('lists and counts only the stacks I may still see: a group I left takes its hidden stacks with it', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await groupStackInDb(t, owner, group.id);
    expect((await hide(b, id)).status).toBe(200);
    expect((await hiddenOf(b)).hidden_count).toBe(1);
    expect((await as(t, b).del(`/v1/groups/${group.id}/leave`)).status).toBe(200);
    expect(await hiddenOf(b)).toEqual({ items: [], hidden_count: 0, hidden_count_capped: false });
    expect((await hiddenOf(a)).hidden_count).toBe(0);
  });
});

describe('REFUSALS', () => {
  it("an admin's hide for a member is not the member's: not listed or counted, and DELETE answers 404 as for a stack never hidden", async () => {
    const { owner, a, admin, group } = await stackCast(t);
    const id = await groupStackInDb(t, owner, group.id);
    expect((await as(t, admin).del(`/v1/stacks/${id}/hide`).send({ user_ids: [a.id] })).status).toBe(200);
    expect(await hiddenOf(a)).toEqual({ items: [], hidden_count: 0, hidden_count_capped: false });
    expectError(await as(t, a).del(`${HIDDEN}/${id}`), 404, 'NOT_HIDDEN', STACK_MESSAGES.notHidden);
    // Still hidden for the member.
    expect(stackItem(await feed(t, a), id)).toBeUndefined();
    expect((await as(t, admin).get(`/v1/stacks/${id}`)).body.hidden_user_ids).toEqual([a.id]);
  });

  it("another user's hides and Hide New Stacks are not mine to undo: 404, and theirs stay hidden", async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await groupStackInDb(t, owner, group.id);
    const batch = (await as(t, b).post('/v1/stacks/hide_new')).body.batch_id as number;
    expect(batch).toEqual(expect.any(Number));
    expectError(await as(t, a).del(`${HIDDEN}/${id}`), 404, 'NOT_HIDDEN', STACK_MESSAGES.notHidden);
    expectError(await as(t, a).del(`${HIDDEN}/batches/${batch}`), 404, 'HIDE_BATCH_NOT_FOUND', STACK_MESSAGES.batchNotFound);
    expect((await hiddenOf(b)).items.map((i) => i.id)).toEqual([id]);
    expect((await t.request.get(HIDDEN)).status).toBe(401);
    expect((await t.request.delete(`${HIDDEN}/${id}`)).status).toBe(401);
  });

  it('ids are canonical; pages are 33 by default and 100 at most, offset at most 10,000', async () => {
    const { owner } = await stackCast(t);
    for (const bad of ['0', '1e0', 'x']) expect((await as(t, owner).del(`${HIDDEN}/${bad}`)).status).toBe(400);
    expect((await as(t, owner).del(`${HIDDEN}/batches/01`)).status).toBe(400);
    expect((await as(t, owner).get(`${HIDDEN}?limit=${LIMITS.pageSizeMax + 1}`)).status).toBe(400);
    expect((await as(t, owner).get(`${HIDDEN}?offset=${LIMITS.feedOffsetMax + 1}`)).status).toBe(400);
  });
});

describe('bounds', () => {
  it(`pages 33 at a time, and counts up to ${LIMITS.hiddenCountMax} (capped beyond) along an index`, async () => {
    const { owner, a, group } = await stackCast(t);
    const total = LIMITS.hiddenCountMax + 2;
    await sql`insert into stacks (name, positions, owner_id, mode, group_id)
      select 'bulk ' || n, '["a","b","c","d","e","f"]'::jsonb, ${a.id}, 'group', ${group.id} from generate_series(1, ${total}) n`.execute(t.db);
    await sql`insert into stack_hides (stack_id, user_id, hidden_by) select id, ${owner.id}, ${owner.id} from stacks where group_id = ${group.id}`.execute(t.db);

    const first = await hiddenOf(owner);
    expect(first.items).toHaveLength(LIMITS.pageSizeStacks);
    expect({ count: first.hidden_count, capped: first.hidden_count_capped }).toEqual({ count: LIMITS.hiddenCountMax, capped: true });
    const last = await hiddenOf(owner, `?offset=${total - 2}&limit=100`);
    expect(last.items).toHaveLength(2);
    const seen = new Set([...first.items, ...(await hiddenOf(owner, '?offset=33&limit=100')).items].map((i) => i.id));
    expect(seen.size).toBe(133);

    // My own hides, latest first, can be read along stack_hides_self_idx (the list's order and filter).
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select h.stack_id from stack_hides h
        where h.user_id = ${owner.id} and h.hidden_by = ${owner.id} order by h.created_at desc, h.stack_id desc limit 33`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan using stack_hides_self_idx/);
  });
});
