/**
 * An ignored friend request is not told to its sender (docs/friend-requests.md): the sender sees it
 * pending until it is answered or withdrawn, may withdraw it, and then waits out a cooling-off time
 * (FRIENDS.requestCoolingOffDays) before asking the same person again, exactly as after withdrawing
 * a request nobody ignored. The throttle is held by tests/api/write-throttles.test.ts.
 */
import { sql } from 'kysely';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIENDS } from '../../shared/limits';
import { COOLING_OFF_DETAIL } from '../../server/modules/friends/friends.service';
import { as } from '../factories/groups';
import { expectError } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REQUESTS = '/v1/users/friends/requests';
const send = (from: FactoryUser, to: FactoryUser) => as(t, from).post(REQUESTS, { user_id: to.id });
const ignore = (user: FactoryUser, id: number) => as(t, user).put(`${REQUESTS}/${id}`, { status: 'REJECTED' });
const withdraw = (user: FactoryUser, id: number | string) => as(t, user).del(`${REQUESTS}/${id}`);
const profile = async (viewer: FactoryUser, other: FactoryUser) => (await as(t, viewer).get(`/v1/users/${other.id}`)).body as { friend_status: string; friend_request_id: number | null };
const listed = async (viewer: FactoryUser, other: FactoryUser) =>
  ((await as(t, viewer).get(`/v1/users?q=${other.username}`)).body as { id: number; friend_status: string }[]).find((u) => u.id === other.id)?.friend_status;

async function sent(from: FactoryUser, to: FactoryUser): Promise<number> {
  const res = await send(from, to);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.request_id as number;
}

/** Two people, and a request from `sender` that `target` ignored. */
async function ignoredRequest() {
  const [sender, target] = await Promise.all([createUser(t.db), createUser(t.db)]);
  const id = await sent(sender, target);
  expect((await ignore(target, id)).status).toBe(200);
  return { sender, target, id };
}

/** Moves the sending of `id` back by `days` (the cooling-off counts from it). */
async function sentDaysAgo(id: number, days: number) {
  await t.db.updateTable('friend_requests').set({ created_at: sql`now() - make_interval(days => ${days})` }).where('id', '=', id).execute();
}

function expectCoolingOff(res: Response, maxSeconds: number) {
  expectError(res, 429, 'FRIEND_REQUEST_COOLING_OFF', COOLING_OFF_DETAIL);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('an ignored request, as its sender sees it', () => {
  it('stays pending ("Friend request sent") in the profile, the user list and the outgoing list; the target sees nothing', async () => {
    const { sender, target, id } = await ignoredRequest();
    expect(await profile(sender, target)).toMatchObject({ friend_status: 'pending', friend_request_id: id });
    expect(await listed(sender, target)).toBe('pending');
    expect((await as(t, sender).get(`${REQUESTS}?type=outgoing`)).body).toEqual([expect.objectContaining({ id, status: 'PENDING', user_id: target.id })]);
    expect(await profile(target, sender)).toMatchObject({ friend_status: 'not_friends', friend_request_id: null });
    expect((await as(t, target).get(REQUESTS)).body).toEqual([]);
    expect((await as(t, target).get('/v1/users/notifications/unread-count')).body).toMatchObject({ pending_friend_requests: 0 });
    // Sending again is what sending a pending one again is.
    expectError(await send(sender, target), 409, 'REQUEST_PENDING', 'Friend request already sent');
    // The sender's data export says pending too.
    const exported = (await as(t, sender).get('/v1/users/me/export')).body.friend_requests.sent;
    expect(exported).toEqual([expect.objectContaining({ username: target.username, status: 'PENDING', responded_at: null })]);
  });

  it('ends when the target asks back (they become friends) or either blocks', async () => {
    const first = await ignoredRequest();
    expect((await send(first.target, first.sender)).body).toEqual({ friend_status: 'friends', request_id: first.id });
    expect(await profile(first.sender, first.target)).toMatchObject({ friend_status: 'friends' });
    expect((await as(t, first.sender).del(`/v1/users/friends/${first.target.id}`)).status).toBe(200);
    expect(await profile(first.sender, first.target)).toMatchObject({ friend_status: 'not_friends', friend_request_id: null });

    const second = await ignoredRequest();
    expect((await as(t, second.target).post('/v1/users/blocks', { user_id: second.sender.id })).status).toBe(200);
    expect((await as(t, second.target).del(`/v1/users/blocks/${second.sender.id}`)).status).toBe(200);
    expect(await profile(second.sender, second.target)).toMatchObject({ friend_status: 'not_friends', friend_request_id: null });
  });

  it('a friendship settles it for good: after an unfriend nothing reads pending either way', async () => {
    const { sender, target } = await ignoredRequest();
    // The target asks the sender later: the sender had asked (ignored), so they are friends at once.
    expect((await send(target, sender)).body.friend_status).toBe('friends');
    expect((await as(t, target).del(`/v1/users/friends/${sender.id}`)).status).toBe(200);
    expect(await profile(sender, target)).toMatchObject({ friend_status: 'not_friends' });
    expect(await profile(target, sender)).toMatchObject({ friend_status: 'not_friends' });
  });
});

describe('withdrawing', () => {
  it('the sender withdraws an ignored request: gone for both; asking again waits out the cooling-off time', async () => {
    const { sender, target, id } = await ignoredRequest();
    const res = await withdraw(sender, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id, friend_status: 'not_friends' });
    expect(await profile(sender, target)).toMatchObject({ friend_status: 'not_friends', friend_request_id: null });
    expect((await as(t, sender).get(`${REQUESTS}?type=outgoing`)).body).toEqual([]);

    expectCoolingOff(await send(sender, target), FRIENDS.requestCoolingOffDays * 86_400);
    await sentDaysAgo(id, FRIENDS.requestCoolingOffDays - 1);
    expectCoolingOff(await send(sender, target), 86_400);
    await sentDaysAgo(id, FRIENDS.requestCoolingOffDays);
    const again = await send(sender, target);
    expect(again.body).toEqual({ friend_status: 'pending', request_id: expect.any(Number) });
    expect((await as(t, target).get(REQUESTS)).body).toEqual([expect.objectContaining({ id: again.body.request_id })]);
  });

  it('a pending request withdrawn: gone from the target\'s list and red dot, its notification read; the same cooling-off (an ignore is never told)', async () => {
    const [sender, target] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const id = await sent(sender, target);
    expect((await as(t, target).get('/v1/users/notifications/unread-count')).body).toMatchObject({ unread_count: 1, pending_friend_requests: 1 });
    expect((await withdraw(sender, id)).status).toBe(200);
    expect((await as(t, target).get(REQUESTS)).body).toEqual([]);
    expect((await as(t, target).get('/v1/users/notifications/unread-count')).body).toMatchObject({ unread_count: 0, pending_friend_requests: 0 });
    expect(await profile(target, sender)).toMatchObject({ friend_status: 'not_friends', friend_request_id: null });
    const ignored = await ignoredRequest();
    expect((await withdraw(ignored.sender, ignored.id)).status).toBe(200);
    const [afterPending, afterIgnored] = [await send(sender, target), await send(ignored.sender, ignored.target)];
    expect({ status: afterPending.status, body: afterPending.body }).toEqual({ status: afterIgnored.status, body: afterIgnored.body });
    expectCoolingOff(afterPending, FRIENDS.requestCoolingOffDays * 86_400);
  });

  it('the cooling-off is per person: others can be asked at once, and the target may still ask the sender', async () => {
    const { sender, target, id } = await ignoredRequest();
    expect((await withdraw(sender, id)).status).toBe(200);
    const someoneElse = await createUser(t.db);
    expect((await send(sender, someoneElse)).status).toBe(200);
    expect((await send(target, sender)).body.friend_status).toBe('pending');
  });
});

describe('REFUSALS', () => {
  it('only the sender withdraws: the target gets 403 NOT_THE_SENDER, anyone else 404; nothing changes', async () => {
    const { sender, target, id } = await ignoredRequest();
    const stranger = await createUser(t.db);
    expectError(await withdraw(target, id), 403, 'NOT_THE_SENDER', 'Only the person who sent a friend request can withdraw it');
    expectError(await withdraw(stranger, id), 404, 'FRIEND_REQUEST_NOT_FOUND', 'Friend request not found');
    expectError(await withdraw(sender, 2_000_000_000), 404, 'FRIEND_REQUEST_NOT_FOUND', 'Friend request not found');
    expect(await profile(sender, target)).toMatchObject({ friend_status: 'pending', friend_request_id: id });
    expect((await t.request.delete(`${REQUESTS}/${id}`)).status).toBe(401);
    expect((await withdraw(sender, '1e0')).status).toBe(400);
  });

  it('a request no longer open cannot be withdrawn: accepted or already withdrawn, 409', async () => {
    const [sender, target] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const accepted = await sent(sender, target);
    expect((await as(t, target).put(`${REQUESTS}/${accepted}`, { status: 'ACCEPTED' })).status).toBe(200);
    expectError(await withdraw(sender, accepted), 409, 'REQUEST_ANSWERED', 'This friend request is no longer open');
    const { sender: other, id } = await ignoredRequest();
    expect((await withdraw(other, id)).status).toBe(200);
    expectError(await withdraw(other, id), 409, 'REQUEST_ANSWERED', 'This friend request is no longer open');
  });
});
