import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersInDb, as, expectError, positions, twist } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Ids (and other whole numbers) in paths, queries and bodies accept only the plain decimal form:
 * `Number()` reads `1e0`, `1.0`, `+1`, `0x1`, ` 1` and `01` as 1, and each of them used to read
 * stack 1. Now each is a 400 VALIDATION_FAILED naming the field, while `1` and JSON numbers work.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notWhole = (field: string) => `${field}: must be a whole number written in plain digits, like 42`;

/** The same number written in each form `Number()` reads but an id must not be (in a URL: encoded). */
function nonCanonical(id: number): string[] {
  return [`${id}e0`, `${id}.0`, `%2B${id}`, `+${id}`, `0x${id.toString(16)}`, `%20${id}`, `0${id}`, `${id}_0`, `${String(id)[0]}_${String(id).slice(1)}`];
}

let me: FactoryUser;
const ids = { stack: 0, twisted: 0, group: 0, user: 0, comment: 0 };

beforeAll(async () => {
  me = await createUser(t.db);
  const friend = await createUser(t.db);
  await t.db.insertInto('friendships').values([{ user_id: me.id, friend_id: friend.id }, { user_id: friend.id, friend_id: me.id }]).execute();
  const stack = await t.db
    .insertInto('stacks')
    .values({ name: 'Fruit', positions: sql`${JSON.stringify(positions())}::jsonb` as never, owner_id: friend.id, mode: 'friend', friend_id: me.id, group_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await answersInDb(t, stack.id, [me, friend]);
  const group = await as(t, me).post('/v1/groups', { name: `ids${me.id}`.slice(0, 24) });
  const comment = await t.db.insertInto('comments').values({ stack_id: stack.id, user_id: me.id, description: 'Hi' }).returning('id').executeTakeFirstOrThrow();
  Object.assign(ids, { stack: stack.id, twisted: await twist(t, me, stack.id), group: group.body.id, user: friend.id, comment: comment.id });
});

/** One representative route per kind of id: each answers 200 for the plain id. */
const ROUTES: { name: string; field: string; call: (id: string) => ReturnType<ReturnType<typeof as>['get']>; id: () => number }[] = [
  { name: 'GET /v1/stacks/{id}', field: 'id', id: () => ids.stack, call: (id) => as(t, me).get(`/v1/stacks/${id}`) },
  { name: 'GET /v1/twisted_stacks/{id}', field: 'id', id: () => ids.twisted, call: (id) => as(t, me).get(`/v1/twisted_stacks/${id}`) },
  { name: 'GET /v1/groups/{id}', field: 'id', id: () => ids.group, call: (id) => as(t, me).get(`/v1/groups/${id}`) },
  { name: 'GET /v1/users/{id}', field: 'id', id: () => ids.user, call: (id) => as(t, me).get(`/v1/users/${id}`) },
  { name: 'PUT /v1/stacks/{id}/comments/{cid}', field: 'cid', id: () => ids.comment, call: (cid) => as(t, me).put(`/v1/stacks/${ids.stack}/comments/${cid}`, { description: 'Edited' }) },
];

describe('path ids accept only canonical decimal integers', () => {
  for (const route of ROUTES) {
    it(`${route.name}: the plain id works; 1e0, 1.0, +1, 0x1, " 1", 01 and 1_0 forms of it are 400 naming ${route.field}`, async () => {
      const ok = await route.call(String(route.id()));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      for (const form of nonCanonical(route.id())) {
        const res = await route.call(form);
        expect({ form, status: res.status, body: res.body }).toMatchObject({ form, status: 400, body: { code: 'VALIDATION_FAILED', detail: notWhole(route.field) } });
      }
    });
  }

  it('the share image reads its path id the same way', async () => {
    expect((await as(t, me).get(`/v1/stacks/${ids.stack}/image.png`)).status).toBe(200);
    for (const form of nonCanonical(ids.stack)) expectError(await as(t, me).get(`/v1/stacks/${form}/image.png`), 400, 'VALIDATION_FAILED', notWhole('id'));
  });

  it('ids in a body and numbers in a query string too; JSON numbers and tRPC calls still pass', async () => {
    const body = { name: 'Fruit', positions: positions(), mode: 'friend' };
    expectError(await as(t, me).post('/v1/stacks', { ...body, target_id: `${ids.user}e0` }), 400, 'VALIDATION_FAILED', notWhole('target_id'));
    expectError(await as(t, me).post('/v1/stacks', { ...body, target_id: `0${ids.user}` }), 400, 'VALIDATION_FAILED', notWhole('target_id'));
    expect((await as(t, me).post('/v1/stacks', { ...body, target_id: ids.user })).status).toBe(200);
    expect((await as(t, me).post('/v1/stacks', { ...body, target_id: String(ids.user) })).status).toBe(200);
    for (const query of ['offset=1e0', 'offset=01', 'offset=%201', 'limit=0x10', 'limit=%2B5', 'limit=5.0']) {
      const field = query.split('=')[0];
      const res = await as(t, me).get(`/v2/stacks?${query}`);
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body: expect.objectContaining({ code: 'VALIDATION_FAILED', detail: notWhole(field) }) });
    }
    expect((await as(t, me).get('/v2/stacks?offset=0&limit=5')).status).toBe(200);
    expectError(await as(t, me).get(`/v1/stacks/${ids.stack}?comments_offset=1e0`), 400, 'VALIDATION_FAILED', notWhole('comments_offset'));
    expectError(await as(t, me).get(`/v1/stacks/${ids.stack}?comments_limit=010`), 400, 'VALIDATION_FAILED', notWhole('comments_limit'));
    const input = encodeURIComponent(JSON.stringify({ id: ids.stack }));
    const trpc = await t.request.get(`/trpc/stacks.get?input=${input}`).set('Authorization', `Bearer ${t.tokenFor(me)}`);
    expect(trpc.status, JSON.stringify(trpc.body)).toBe(200);
    const fractional = await t.request.get(`/trpc/stacks.get?input=${encodeURIComponent(JSON.stringify({ id: 1.5 }))}`).set('Authorization', `Bearer ${t.tokenFor(me)}`);
    expect(fractional.status).toBe(400);
  });
});
