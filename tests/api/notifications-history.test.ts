/**
 * Notification history (docs/notifications.md): GET /v1/users/notifications?order=unread_first
 * lists the unread notifications newest first, then the read ones ("Earlier") newest first, paged
 * through both; each says whether its request can still be answered. The default call is unchanged.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../shared/schemas/users';
import { as } from '../factories/groups';
import { expectError, groupWith } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HISTORY = '/v1/users/notifications?order=unread_first';
async function list(user: FactoryUser, query: string): Promise<Notification[]> {
  const res = await as(t, user).get(`/v1/users/notifications${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Notification[];
}

/** RELEASE_NOTES for `user`, `minutesAgo` old, read or not; answers its id. */
async function note(user: FactoryUser, minutesAgo: number, isRead: boolean): Promise<number> {
  const row = await t.db
    .insertInto('notifications')
    .values({ user_id: user.id, type: 'RELEASE_NOTES', data: sql`${JSON.stringify({ message: `${minutesAgo} min` })}::jsonb` as never, is_read: isRead, created_at: sql`now() - make_interval(mins => ${minutesAgo})` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('order=unread_first', () => {
  it('lists the unread ones newest first, then the read ones ("Earlier") newest first; the default order stays newest first', async () => {
    const me = await createUser(t.db);
    const readOld = await note(me, 40, true);
    const unreadOld = await note(me, 30, false);
    const readNew = await note(me, 20, true);
    const unreadNew = await note(me, 10, false);
    expect((await list(me, '?order=unread_first')).map((n) => n.id)).toEqual([unreadNew, unreadOld, readNew, readOld]);
    const plain = await list(me, '');
    expect(plain.map((n) => n.id)).toEqual([unreadNew, readNew, unreadOld, readOld]);
    // The default call answers as before: no new field.
    for (const n of plain) expect(Object.keys(n).sort()).toEqual(['created_at', 'data', 'id', 'is_read', 'type']);
    expect((await list(me, '?order=newest')).map((n) => n.id)).toEqual(plain.map((n) => n.id));
    expect((await list(me, '?order=unread_first&unread_only=true')).map((n) => n.id)).toEqual([unreadNew, unreadOld]);
  });

  it('pages through both parts in that order (50 a page by default, 100 at most)', async () => {
    const me = await createUser(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await note(me, 100 - i, false));
    for (let i = 0; i < 3; i += 1) ids.push(await note(me, 50 - i, true));
    const expected = [ids[2], ids[1], ids[0], ids[5], ids[4], ids[3]];
    const pages = [await list(me, `${'?order=unread_first'}&limit=4`), await list(me, '?order=unread_first&limit=4&offset=4')];
    expect(pages.flat().map((n) => n.id)).toEqual(expected);
    expect(pages[0].map((n) => n.is_read)).toEqual([false, false, false, true]);
    expect((await as(t, me).get(`${HISTORY}&limit=101`)).status).toBe(400);
    expectError(await as(t, me).get('/v1/users/notifications?order=oldest'), 400, 'VALIDATION_FAILED', 'order must be newest or unread_first');
  });

  it('a friend request read but unanswered stays actionable in Earlier, and can still be accepted; answered, it is not', async () => {
    const [me, alice, bob] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const fromAlice = (await as(t, alice).post('/v1/users/friends/requests', { user_id: me.id })).body.request_id as number;
    const fromBob = (await as(t, bob).post('/v1/users/friends/requests', { user_id: me.id })).body.request_id as number;
    // The panel closes: everything listed is marked read, nothing answered.
    const listed = await list(me, '?order=unread_first');
    expect((await as(t, me).post('/v1/users/notifications/mark-read', { notification_ids: listed.map((n) => n.id) })).status).toBe(200);
    const earlier = await list(me, '?order=unread_first');
    expect(earlier.map((n) => [n.data.request_id, n.is_read, n.actionable])).toEqual([
      [fromBob, true, true],
      [fromAlice, true, true],
    ]);
    expect((await as(t, me).put(`/v1/users/friends/requests/${fromAlice}`, { status: 'ACCEPTED' })).status).toBe(200);
    expect((await as(t, me).put(`/v1/users/friends/requests/${fromBob}`, { status: 'REJECTED' })).status).toBe(200);
    expect((await list(me, '?order=unread_first')).map((n) => n.actionable)).toEqual([false, false]);
  });

  it('a group invitation is actionable until answered or withdrawn; other kinds never are', async () => {
    const [owner, me] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await t.db.insertInto('friendships').values([{ user_id: owner.id, friend_id: me.id }, { user_id: me.id, friend_id: owner.id }]).execute();
    const group = await groupWith(t, owner, []);
    expect((await as(t, owner).post(`/v1/groups/${group.id}/invite/${me.id}`)).status).toBe(200);
    await note(me, 60, false);
    const [invite, release] = await list(me, '?order=unread_first');
    expect({ type: invite.type, actionable: invite.actionable }).toEqual({ type: 'GROUP_INVITE', actionable: true });
    expect({ type: release.type, actionable: release.actionable }).toEqual({ type: 'RELEASE_NOTES', actionable: false });
    const withdrawn = await createUser(t.db);
    const requestId = (await as(t, withdrawn).post('/v1/users/friends/requests', { user_id: me.id })).body.request_id as number;
    expect((await as(t, withdrawn).del(`/v1/users/friends/requests/${requestId}`)).status).toBe(200);
    const afterWithdrawal = (await list(me, '?order=unread_first')).find((n) => n.data.request_id === requestId);
    expect(afterWithdrawal).toMatchObject({ type: 'FRIEND_REQUEST', is_read: true, actionable: false });
  });

  it('REFUSAL: only my own notifications, signed in', async () => {
    const [me, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const mine = await note(me, 5, true);
    await note(other, 5, true);
    expect((await list(me, '?order=unread_first')).map((n) => n.id)).toEqual([mine]);
    expect((await t.request.get(HISTORY)).status).toBe(401);
  });
});
