import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastReleaseNotes } from '../../server/modules/notifications/notifications.service';
import { createCode, createUser, uniqueName, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface NotificationBody {
  id: number;
  type: string;
  data: Record<string, unknown>;
  is_read: boolean;
  created_at: string;
}

const bearer = (user: FactoryUser) => ({ Authorization: `Bearer ${t.tokenFor(user)}` });
const get = (user: FactoryUser, path: string) => t.request.get(path).set(bearer(user));
const markRead = (user: FactoryUser, ids: unknown) => t.request.post('/v1/users/notifications/mark-read').set(bearer(user)).send({ notification_ids: ids });
const unreadCount = async (user: FactoryUser) => {
  const res = await get(user, '/v1/users/notifications/unread-count');
  expect(res.status).toBe(200);
  return res.body as { unread_count: number; pending_friend_requests: number; pending_group_requests: number };
};

async function list(user: FactoryUser, query: Record<string, string | number | boolean> = {}): Promise<NotificationBody[]> {
  const res = await get(user, '/v1/users/notifications').query(query);
  expect(res.status).toBe(200);
  return res.body;
}

/** A refusal: the status, the `{detail, code}` body, and never a stack trace. */
function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, detail: res.body?.detail, code: res.body?.code }).toEqual({ status, detail, code });
  expect(res.body).not.toHaveProperty('stack');
  expect(res.text).not.toMatch(/\n\s+at\s/);
}

/** `count` other users each send `target` a friend request, one after the other (oldest first). */
async function requestsTo(target: FactoryUser, count: number) {
  const senders: FactoryUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const sender = await createUser(t.db);
    const res = await t.request.post('/v1/users/friends/requests').set(bearer(sender)).send({ user_id: target.id });
    expect(res.status).toBe(200);
    senders.push(sender);
  }
  return senders;
}

async function registerWith(code: string) {
  const username = uniqueName('new');
  const res = await t.request
    .post('/v1/users/register')
    .send({ username, email: `${username}@example.test`, password: 'password123', registration_code: code });
  expect(res.status).toBe(200);
  const me = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${res.body.access_token}`);
  return { id: me.body.id as number, username };
}

async function newUserNotificationsAbout(userId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['user_id', 'data'])
    .where('type', '=', 'NEW_USER')
    .where(({ eb, ref }) => eb(ref('data', '->>').key('user_id' as never), '=', String(userId)))
    .execute();
}

describe('GET /v1/users/notifications', () => {
  it('lists my notifications newest first', async () => {
    const me = await createUser(t.db);
    const senders = await requestsTo(me, 3);
    const items = await list(me);
    expect(items.map((n) => n.data.from_user_id)).toEqual(senders.map((s) => s.id).reverse());
    expect(items[0]).toEqual({
      id: expect.any(Number),
      type: 'FRIEND_REQUEST',
      data: { from_user_id: senders[2].id, from_username: senders[2].username, request_id: expect.any(Number) },
      is_read: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const times = items.map((n) => Date.parse(n.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Nobody else sees them.
    expect(await list(senders[0])).toEqual([]);
  });

  it('unread_only=true leaves out read ones', async () => {
    const me = await createUser(t.db);
    await requestsTo(me, 3);
    const all = await list(me);
    expect((await markRead(me, [all[1].id])).status).toBe(200);

    const unread = await list(me, { unread_only: 'true' });
    expect(unread.map((n) => n.id)).toEqual([all[0].id, all[2].id]);
    expect(unread.every((n) => !n.is_read)).toBe(true);
    const everything = await list(me, { unread_only: 'false' });
    expect(everything.map((n) => [n.id, n.is_read])).toEqual([
      [all[0].id, false],
      [all[1].id, true],
      [all[2].id, false],
    ]);
  });

  it('pages with offset and limit', async () => {
    const me = await createUser(t.db);
    await requestsTo(me, 5);
    const all = (await list(me)).map((n) => n.id);
    expect(all).toHaveLength(5);
    expect((await list(me, { limit: 2 })).map((n) => n.id)).toEqual(all.slice(0, 2));
    expect((await list(me, { offset: 2, limit: 2 })).map((n) => n.id)).toEqual(all.slice(2, 4));
    expect((await list(me, { offset: 4, limit: 2 })).map((n) => n.id)).toEqual(all.slice(4));
    expect(await list(me, { offset: 5 })).toEqual([]);
  });

  it.each([
    ['limit 101', { limit: 101 }, 'limit: Too big: expected number to be <=100'],
    ['limit 0', { limit: 0 }, 'limit: Too small: expected number to be >=1'],
    ['a negative offset', { offset: -1 }, 'offset: Too small: expected number to be >=0'],
  ])('refuses %s with 400', async (_label, query, detail) => {
    const me = await createUser(t.db);
    expectError(await get(me, '/v1/users/notifications').query(query), 400, 'VALIDATION_FAILED', detail);
  });

  it('needs a token', async () => {
    expectError(await t.request.get('/v1/users/notifications'), 401, 'UNAUTHORIZED', 'Not authenticated');
    expectError(await t.request.get('/v1/users/notifications/unread-count'), 401, 'UNAUTHORIZED', 'Not authenticated');
  });
});

describe('GET /v1/users/notifications/unread-count', () => {
  it('counts unread notifications and open friend and group requests', async () => {
    const me = await createUser(t.db);
    expect(await unreadCount(me)).toEqual({ unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 });
    const senders = await requestsTo(me, 2);
    expect(await unreadCount(me)).toEqual({ unread_count: 2, pending_friend_requests: 2, pending_group_requests: 0 });

    // Reading the notification does not answer the request: the red dot stays.
    const items = await list(me);
    expect((await markRead(me, items.map((n) => n.id))).status).toBe(200);
    expect(await unreadCount(me)).toEqual({ unread_count: 0, pending_friend_requests: 2, pending_group_requests: 0 });

    const request = items.find((n) => n.data.from_user_id === senders[0].id)!;
    expect((await t.request.put(`/v1/users/friends/requests/${request.data.request_id}`).set(bearer(me)).send({ status: 'REJECTED' })).status).toBe(200);
    expect(await unreadCount(me)).toEqual({ unread_count: 0, pending_friend_requests: 1, pending_group_requests: 0 });
  });
});

describe('unread-count and deactivated senders', () => {
  it('a request from a user who has since been deactivated is neither listed nor counted as open', async () => {
    const me = await createUser(t.db);
    const [gone, staying] = await requestsTo(me, 2);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', gone.id).execute();

    const open = await get(me, '/v1/users/friends/requests');
    expect(open.body.map((r: { from_user_id: number }) => r.from_user_id)).toEqual([staying.id]);
    expect((await unreadCount(me)).pending_friend_requests).toBe(1);
  });
});

describe('POST /v1/users/notifications/mark-read', () => {
  it('marks my notifications read and the count drops; marking again is 200 with marked 0', async () => {
    const me = await createUser(t.db);
    await requestsTo(me, 3);
    const all = await list(me);
    const first = await markRead(me, [all[0].id, all[2].id]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ marked: 2, unread_count: 1 });
    expect((await unreadCount(me)).unread_count).toBe(1);
    expect((await list(me, { unread_only: 'true' })).map((n) => n.id)).toEqual([all[1].id]);

    const again = await markRead(me, [all[0].id, all[2].id]);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ marked: 0, unread_count: 1 });

    const duplicates = await markRead(me, [all[1].id, all[1].id, all[0].id]);
    expect(duplicates.body).toEqual({ marked: 1, unread_count: 0 });
  });

  it("refuses someone else's notification with 404; it stays unread for its owner", async () => {
    const owner = await createUser(t.db);
    const intruder = await createUser(t.db);
    await requestsTo(owner, 1);
    await requestsTo(intruder, 1);
    const [theirs] = await list(owner);
    const [mine] = await list(intruder);

    expectError(await markRead(intruder, [theirs.id]), 404, 'NOTIFICATION_NOT_FOUND', `Notification not found: ${theirs.id}`);
    // A mix of own and foreign ids marks nothing.
    expectError(await markRead(intruder, [mine.id, theirs.id]), 404, 'NOTIFICATION_NOT_FOUND', `Notification not found: ${theirs.id}`);

    expect((await list(owner)).map((n) => n.is_read)).toEqual([false]);
    expect((await unreadCount(owner)).unread_count).toBe(1);
    expect((await list(intruder)).map((n) => n.is_read)).toEqual([false]);
  });

  it('refuses an unknown id with 404', async () => {
    const me = await createUser(t.db);
    expectError(await markRead(me, [2_000_000_000]), 404, 'NOTIFICATION_NOT_FOUND', 'Notification not found: 2000000000');
  });

  it('refuses an empty or malformed list with 400', async () => {
    const me = await createUser(t.db);
    expectError(await markRead(me, []), 400, 'VALIDATION_FAILED', 'notification_ids must list at least one id');
    expectError(await markRead(me, 'all'), 400, 'VALIDATION_FAILED', 'notification_ids: Invalid input: expected array, received string');
    expectError(await markRead(me, [9_999_999_999]), 400, 'VALIDATION_FAILED', 'notification_ids.0: Too big: expected number to be <=2147483647');
  });
});

describe('NEW_USER notifications', () => {
  it('registering with a code made by a user notifies that user with {user_id, username}', async () => {
    const inviter = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const code = await createCode(t.db, { createdBy: inviter.id });
    const created = await registerWith(code.code);

    const items = await list(inviter);
    expect(items).toEqual([
      { id: expect.any(Number), type: 'NEW_USER', data: { user_id: created.id, username: created.username }, is_read: false, created_at: expect.any(String) },
    ]);
    expect(await newUserNotificationsAbout(created.id)).toEqual([{ user_id: inviter.id, data: { user_id: created.id, username: created.username } }]);
    expect(await list(admin)).toEqual([]);
  });

  it('a code without a creator notifies every active admin and nobody else', async () => {
    const adminA = await createUser(t.db, { role: 'ADMIN' });
    const adminB = await createUser(t.db, { role: 'ADMIN' });
    const retiredAdmin = await createUser(t.db, { role: 'ADMIN', is_active: false });
    const plain = await createUser(t.db);
    const code = await createCode(t.db);
    const created = await registerWith(code.code);

    const activeAdmins = await t.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').where('is_active', '=', true).execute();
    const notified = (await newUserNotificationsAbout(created.id)).map((n) => n.user_id);
    expect(notified.sort((a, b) => a - b)).toEqual(activeAdmins.map((a) => a.id).sort((a, b) => a - b));
    expect(notified).toEqual(expect.arrayContaining([adminA.id, adminB.id]));
    expect(notified).not.toContain(retiredAdmin.id);
    expect(notified).not.toContain(plain.id);
    expect(notified).not.toContain(created.id);

    for (const admin of [adminA, adminB]) {
      expect((await list(admin)).filter((n) => n.type === 'NEW_USER' && n.data.user_id === created.id)).toEqual([
        expect.objectContaining({ data: { user_id: created.id, username: created.username }, is_read: false }),
      ]);
    }
  });
});

describe('RELEASE_NOTES', () => {
  it('broadcastReleaseNotes reaches every active user and no deactivated one', async () => {
    const one = await createUser(t.db);
    const two = await createUser(t.db, { role: 'ADMIN' });
    const gone = await createUser(t.db, { is_active: false });
    const message = `Version ${uniqueName('v')}: new stacks view`;

    const sent = await broadcastReleaseNotes(t.db, message);
    const active = await t.db.selectFrom('users').select('id').where('is_active', '=', true).execute();
    expect(sent).toBe(active.length);

    const rows = await t.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'RELEASE_NOTES')
      .where(({ eb, ref }) => eb(ref('data', '->>').key('message' as never), '=', message))
      .execute();
    expect(rows.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(active.map((a) => a.id).sort((a, b) => a - b));
    expect(rows.map((r) => r.user_id)).not.toContain(gone.id);

    for (const user of [one, two]) {
      expect((await list(user))[0]).toEqual({ id: expect.any(Number), type: 'RELEASE_NOTES', data: { message }, is_read: false, created_at: expect.any(String) });
    }
  });
});

describe('over tRPC', () => {
  it('GET /trpc/notifications.unreadCount with the Bearer header', async () => {
    const me = await createUser(t.db);
    await requestsTo(me, 1);
    const res = await t.request.get('/trpc/notifications.unreadCount').set(bearer(me));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { data: { unread_count: 1, pending_friend_requests: 1, pending_group_requests: 0 } } });
  });

  it('answers 401 without a token', async () => {
    const res = await t.request.get('/trpc/notifications.unreadCount');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ message: 'Not authenticated', data: { httpStatus: 401, detail: 'Not authenticated', code: 'UNAUTHORIZED' } });
    expect(res.text).not.toMatch(/\n\s+at\s/);
  });
});
