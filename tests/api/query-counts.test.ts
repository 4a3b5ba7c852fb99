import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (user: FactoryUser) => ({ Authorization: `Bearer ${t.tokenFor(user)}` });

async function post(user: FactoryUser, path: string, body: object) {
  const res = await t.request.post(path).set(bearer(user)).send(body);
  expect(res.status).toBe(200);
  return res.body;
}

/**
 * A viewer and `size` other users: every fifth one a friend, one with an incoming request, one
 * with an outgoing request, one blocked, one a stranger. Incoming requests also make notifications.
 */
async function makeWorld(size: number) {
  const viewer = await createUser(t.db);
  for (let i = 0; i < size; i += 1) {
    const other = await createUser(t.db, { bio: `bio ${i}`, avatar_id: (i % 9) + 1 });
    switch (i % 5) {
      case 0:
        await post(viewer, '/v1/users/friends/requests', { user_id: other.id });
        await post(other, '/v1/users/friends/requests', { user_id: viewer.id });
        break;
      case 1:
        await post(other, '/v1/users/friends/requests', { user_id: viewer.id });
        break;
      case 2:
        await post(viewer, '/v1/users/friends/requests', { user_id: other.id });
        break;
      case 3:
        await post(viewer, '/v1/users/blocks', { user_id: other.id });
        break;
      default:
        break;
    }
  }
  return viewer;
}

const ENDPOINTS = [
  '/v1/users',
  '/v1/users/friends/me',
  '/v1/users/friends/requests',
  '/v1/users/friends/requests?type=outgoing',
  '/v1/users/blocks',
  '/v1/users/notifications',
  '/v1/users/notifications/unread-count',
];

/** SQL statements run while serving one GET (the authentication lookup included) and the rows it answered. */
async function measure(viewer: FactoryUser, path: string) {
  const { result, count, statements } = await t.testDb.countQueries(() => t.request.get(path).set(bearer(viewer)));
  expect(result.status).toBe(200);
  return { count, statements, rows: Array.isArray(result.body) ? result.body.length : 1 };
}

describe('N+1 guards: statements per list do not grow with the data', () => {
  let small: FactoryUser;
  let large: FactoryUser;
  beforeAll(async () => {
    small = await makeWorld(3);
    large = await makeWorld(30);
  }, 120_000);

  it.each(ENDPOINTS)('GET %s runs the same few statements for 3 and for 30 related users', async (path) => {
    const few = await measure(small, path);
    const many = await measure(large, path);
    // Every user is in everyone's /v1/users, so only the viewer's own lists grow with the world.
    if (path.startsWith('/v1/users/') && !path.endsWith('/unread-count')) expect(many.rows).toBeGreaterThan(few.rows);
    expect(many.count, many.statements.join('\n---\n')).toBe(few.count);
    expect(many.count).toBeGreaterThanOrEqual(2);
    expect(many.count, many.statements.join('\n---\n')).toBeLessThanOrEqual(3);
  });

  it('the lists really hold the larger world', async () => {
    const users = await t.request.get('/v1/users').set(bearer(large));
    const statuses = users.body.map((u: { friend_status: string }) => u.friend_status);
    expect(statuses.filter((s: string) => s === 'friends')).toHaveLength(6);
    expect(statuses.filter((s: string) => s === 'incoming' || s === 'pending')).toHaveLength(12);
    const friends = await t.request.get('/v1/users/friends/me').set(bearer(large));
    expect(friends.body).toHaveLength(6);
    const incoming = await t.request.get('/v1/users/friends/requests').set(bearer(large));
    expect(incoming.body).toHaveLength(6);
    const blocks = await t.request.get('/v1/users/blocks').set(bearer(large));
    expect(blocks.body).toHaveLength(6);
    const notifications = await t.request.get('/v1/users/notifications').set(bearer(large));
    expect(notifications.body).toHaveLength(6);
    const unread = await t.request.get('/v1/users/notifications/unread-count').set(bearer(large));
    expect(unread.body).toEqual({ unread_count: 6, pending_friend_requests: 6, pending_group_requests: 0 });
  });
});
