/**
 * Notification settings (docs/notification-settings.md): GET answers every kind with its defaults,
 * PUT changes any subset (either channel alone) and keeps only differences from the defaults,
 * validation names the field, sign-in is required, the write is throttled, and the dispatcher's
 * settingsFor reads many users' settings in one statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_THROTTLES } from '../../shared/limits';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KINDS } from '../../shared/schemas/notification-settings';
import { settingsFor } from '../../server/modules/notification-settings/notification-settings.service';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PATH = '/v1/users/me/notification-settings';
const get = (user: FactoryUser) => t.request.get(PATH).set('Authorization', `Bearer ${t.tokenFor(user)}`);
const put = (user: FactoryUser, body: unknown) => t.request.put(PATH).set('Authorization', `Bearer ${t.tokenFor(user)}`).send(body as object);
const storedRows = (user: FactoryUser) => t.db.selectFrom('notification_settings').select(['kind', 'push', 'email']).where('user_id', '=', user.id).orderBy('kind').execute();

describe('GET /v1/users/me/notification-settings', () => {
  it('answers every kind with the defaults for a user who changed nothing', async () => {
    const res = await get(await createUser(t.db));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.settings)).toEqual([...NOTIFICATION_KINDS]);
    expect(res.body).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    expect(res.body.settings.friend_request).toEqual({ push: true, email: 'instant' });
    expect(res.body.settings.comment_on_my_stack).toEqual({ push: true, email: 'daily' });
    expect(res.body.settings.release_notes).toEqual({ push: false, email: 'off' });
  });

  it('refuses without sign-in, and with a bad token', async () => {
    expect((await t.request.get(PATH)).status).toBe(401);
    expect((await t.request.put(PATH).send({ settings: {} })).status).toBe(401);
    const bad = await t.request.get(PATH).set('Authorization', 'Bearer nope');
    expect(bad.status).toBe(401);
    expect(bad.body.detail).toBe('The token is invalid or has expired');
  });
});

describe('PUT /v1/users/me/notification-settings', () => {
  it('changes only the kinds and fields given, answers the whole, and stores only differences from the defaults', async () => {
    const user = await createUser(t.db);
    const first = await put(user, { settings: { friend_request: { email: 'off' }, release_notes: { push: true } } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.settings).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      friend_request: { push: true, email: 'off' },
      release_notes: { push: true, email: 'off' },
    });
    expect(await storedRows(user)).toEqual([
      { kind: 'friend_request', push: null, email: 'off' },
      { kind: 'release_notes', push: true, email: null },
    ]);

    // Either field alone: push changes, the e-mail choice made before stays.
    const second = await put(user, { settings: { friend_request: { push: false } } });
    expect(second.body.settings.friend_request).toEqual({ push: false, email: 'off' });
    expect((await get(user)).body).toEqual(second.body);

    // Back to the defaults: the rows go.
    const third = await put(user, { settings: { friend_request: { push: true, email: 'instant' }, release_notes: { push: false } } });
    expect(third.body).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    expect(await storedRows(user)).toEqual([]);
  });

  it('accepts an empty change and answers the settings as they are', async () => {
    const user = await createUser(t.db);
    const res = await put(user, { settings: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS });
  });

  it('keeps each user\'s settings their own', async () => {
    const [alice, bob] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await put(alice, { settings: { stack_for_me: { email: 'instant' } } });
    expect((await get(bob)).body.settings.stack_for_me).toEqual({ push: true, email: 'daily' });
    expect((await get(alice)).body.settings.stack_for_me).toEqual({ push: true, email: 'instant' });
  });

  it('applies parallel changes of one user in turn: none is lost', async () => {
    const user = await createUser(t.db);
    const results = await Promise.all([
      put(user, { settings: { group_invite: { push: false } } }),
      put(user, { settings: { group_invite: { email: 'daily' } } }),
      put(user, { settings: { report_outcome: { email: 'off' } } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const settings = (await get(user)).body.settings;
    expect(settings.group_invite).toEqual({ push: false, email: 'daily' });
    expect(settings.report_outcome).toEqual({ push: true, email: 'off' });
  });

  it.each([
    [{ settings: { foo: { push: true } } }, 'settings: unknown notification kind "foo"'],
    [{ settings: { friend_request: { email: 'weekly' } } }, 'settings.friend_request.email: must be one of off, instant, daily'],
    [{ settings: { friend_request: { push: 'yes' } } }, 'settings.friend_request.push: must be true or false'],
    [{ settings: { friend_request: { sms: true } } }, 'settings.friend_request: only push and email may be set'],
    [{ settings: { friend_request: null } }, 'settings.friend_request'],
    [{}, 'settings'],
  ])('refuses %j with 400 and a detail naming the field', async (body, detail) => {
    const user = await createUser(t.db);
    const res = await put(user, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.detail).toContain(detail);
    // Nothing changed.
    expect(await storedRows(user)).toEqual([]);
  });

  it('lists the known kinds when refusing an unknown one', async () => {
    const res = await put(await createUser(t.db), { settings: { friend_requests: { push: false } } });
    expect(res.body.detail).toBe(`settings: unknown notification kind "friend_requests" (kinds: ${NOTIFICATION_KINDS.join(', ')})`);
  });

  it('refuses a body over the JSON limit with 413', async () => {
    const res = await put(await createUser(t.db), { settings: {}, padding: 'x'.repeat(110 * 1024) });
    expect(res.status).toBe(413);
  });

  it(`throttles changes per user: past ${WRITE_THROTTLES.notificationSettings[0].max} in 10 minutes, 429 with Retry-After; other users are not held`, async () => {
    const [user, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const { max, detail } = WRITE_THROTTLES.notificationSettings[0];
    for (let i = 0; i < max; i += 1) {
      const res = await put(user, { settings: { stack_for_me: { push: i % 2 === 0 } } });
      expect(res.status).toBe(200);
    }
    const refused = await put(user, { settings: { stack_for_me: { push: true } } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail, code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Reading is not throttled, and another user writes freely.
    expect((await get(user)).status).toBe(200);
    expect((await put(other, { settings: { stack_for_me: { push: false } } })).status).toBe(200);
  });
});

describe('settingsFor (the dispatcher\'s read)', () => {
  it('answers every user asked, defaults and differences alike, in one statement whatever their number', async () => {
    const users = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db)));
    await put(users[0], { settings: { answer_on_my_stack: { push: false } } });
    await put(users[1], { settings: { answer_on_my_stack: { email: 'off' } } });
    await put(users[2], { settings: { comment_on_my_stack: { email: 'off' } } });
    const ids = users.map((u) => u.id);

    const { result, count } = await t.testDb.countQueries(() => settingsFor(t.db, ids, 'answer_on_my_stack'));
    expect(count).toBe(1);
    expect([...result.keys()]).toEqual(ids);
    expect(result.get(users[0].id)).toEqual({ push: false, email: 'daily' });
    expect(result.get(users[1].id)).toEqual({ push: true, email: 'off' });
    expect(result.get(users[2].id)).toEqual({ push: true, email: 'daily' });
    expect(result.get(users[39].id)).toEqual(DEFAULT_NOTIFICATION_SETTINGS.answer_on_my_stack);

    const few = await t.testDb.countQueries(() => settingsFor(t.db, [users[0].id], 'answer_on_my_stack'));
    expect(few.count).toBe(1);
    // One statement, on the primary key's columns (user_id, kind), the ids as one array parameter.
    expect(few.statements[0]).toMatch(/from "notification_settings" where user_id = any\(\$1::int\[\]\) and "kind" = \$2/);
    const none = await t.testDb.countQueries(() => settingsFor(t.db, [], 'answer_on_my_stack'));
    expect(none.count).toBe(0);
    expect(none.result.size).toBe(0);
  });
});
