/**
 * Sessions (docs/sessions.md) over REST, as a third-party client signs in and manages them: each
 * sign-in its own token, the list, ending one (its token and its streams), ending the others,
 * signing out, the bound on live sessions, and the cost of checking a token.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY } from '../../shared/limits';
import type { Session } from '../../shared/schemas/sessions';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { createEventHub, type EventHub } from '../../server/modules/events/event-hub';
import { deviceOf } from '../../server/modules/auth/sessions.service';
import { expectError } from '../factories/stacks';
import { createCode, createUser, uniqueName, type FactoryUser } from '../factories/users';
import { listen, openSse, type SseStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let hub: EventHub;
let server: { url: string; close(): Promise<void> };
const opened: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
  hub = createEventHub({ handle: t.testDb.handle, logger: createLogger('silent'), pruneEveryMs: 0 });
  await hub.start();
  server = await listen(createApp({ ...t.deps, events: hub }));
});
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});
afterAll(async () => {
  await server.close();
  await hub.stop();
  await t.close();
});

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let ipCounter = 0;
/** Signs in over REST from its own address (login throttles are per IP) and answers the token. */
async function signIn(user: FactoryUser, userAgent = CHROME_LINUX): Promise<string> {
  ipCounter += 1;
  const res = await t.request
    .post('/v1/auth/login')
    .set('User-Agent', userAgent)
    .set('X-Forwarded-For', `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`)
    .send({ username_or_email: user.username, password: user.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token as string;
}

const get = (path: string, token: string) => t.request.get(path).set('Authorization', `Bearer ${token}`);
const post = (path: string, token: string) => t.request.post(path).set('Authorization', `Bearer ${token}`).send({});
const del = (path: string, token: string) => t.request.delete(path).set('Authorization', `Bearer ${token}`);
const sessionsOf = async (token: string) => {
  const res = await get('/v1/users/me/sessions', token);
  expect(res.status).toBe(200);
  return res.body as Session[];
};

async function stream(token: string): Promise<SseStream> {
  const s = await openSse(server.url, '/v1/events', { authorization: `Bearer ${token}` });
  opened.push(s);
  return s;
}

async function endsWithin(s: SseStream, ms: number): Promise<void> {
  await Promise.race([s.ended, new Promise((_, fail) => setTimeout(() => fail(new Error(`the stream was still open after ${ms} ms`)), ms))]);
}

describe('each sign-in is a session of its own', () => {
  it('two sign-ins in the same second get different tokens, both valid; the list names each, newest first, the current one marked', async () => {
    const user = await createUser(t.db);
    const [laptop, phone] = await Promise.all([signIn(user, CHROME_LINUX), signIn(user, SAFARI_IPHONE)]);
    expect(laptop).not.toBe(phone);
    expect((await get('/v1/users/me', laptop)).status).toBe(200);
    expect((await get('/v1/users/me', phone)).status).toBe(200);

    const listed = (await sessionsOf(laptop)).filter((s) => s.device !== 'vitest');
    expect(listed).toHaveLength(2);
    expect(listed.map((s) => s.device).sort()).toEqual(['Chrome on Linux', 'Safari on iOS']);
    expect(listed.find((s) => s.current)?.device).toBe('Chrome on Linux');
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    for (const session of listed) {
      expect(session).toEqual({ id: expect.any(Number), device: expect.any(String), ip: expect.stringMatching(/^10\.9\./), created_at: expect.any(String), last_seen_at: expect.any(String), current: expect.any(Boolean), second_factor: false, sign_in_method: 'password' });
    }
    expect(listed[0].id).toBeGreaterThan(listed[1].id);
    // The factory's session (made with the user) is listed too, but is not current.
    expect((await sessionsOf(laptop)).find((s) => s.device === 'vitest')?.current).toBe(false);
  });

  it('registering starts a session labelled as a registration', async () => {
    const code = await createCode(t.db);
    const username = uniqueName('reg');
    const res = await t.request
      .post('/v1/users/register')
      .set('X-Forwarded-For', '10.8.0.1')
      .send({ username, email: `${username}@example.test`, password: 'password123', registration_code: code.code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [session] = await sessionsOf(res.body.access_token as string);
    expect(session).toMatchObject({ current: true, second_factor: false, sign_in_method: 'registration' });
  });

  it('names devices from their user agents', () => {
    expect(deviceOf(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(deviceOf('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceOf('')).toBe('Unknown device');
  });
});

describe('ending sessions', () => {
  it('DELETE ends another session: its token is refused at once and its stream closes within 5 s; mine goes on', async () => {
    const user = await createUser(t.db);
    const mine = await signIn(user);
    const theirs = await signIn(user, SAFARI_IPHONE);
    const theirStream = await stream(theirs);
    const myStream = await stream(mine);
    expect(theirStream.status).toBe(200);
    const target = (await sessionsOf(mine)).find((s) => s.device === 'Safari on iOS')!;

    const res = await del(`/v1/users/me/sessions/${target.id}`, mine);
    expect(res.status).toBe(204);
    expectError(await get('/v1/users/me', theirs), 401, 'UNAUTHORIZED', 'The token has been revoked');
    await endsWithin(theirStream, 5_000);
    expect((await get('/v1/users/me', mine)).status).toBe(200);
    expect(hub.streamCount(user.id)).toBe(1);
    myStream.close();
    // Ending it again: it is not live any more.
    expectError(await del(`/v1/users/me/sessions/${target.id}`, mine), 404, 'SESSION_NOT_FOUND', 'Session not found');
  });

  it("another user's session is 404 and goes on; ids are canonical", async () => {
    const [me, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const myToken = await signIn(me);
    const theirToken = await signIn(other);
    const theirs = (await sessionsOf(theirToken)).find((s) => s.current)!;
    expectError(await del(`/v1/users/me/sessions/${theirs.id}`, myToken), 404, 'SESSION_NOT_FOUND', 'Session not found');
    expect((await get('/v1/users/me', theirToken)).status).toBe(200);
    expect((await del('/v1/users/me/sessions/01', myToken)).status).toBe(400);
  });

  it('revoke-others ends every session but this one, and says how many', async () => {
    const user = await createUser(t.db);
    const tokens = [await signIn(user), await signIn(user), await signIn(user)];
    const streams = [await stream(tokens[1]), await stream(tokens[2])];
    const res = await post('/v1/users/me/sessions/revoke-others', tokens[0]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 3 }); // two sign-ins and the factory's session
    for (const token of tokens.slice(1)) expect((await get('/v1/users/me', token)).status).toBe(401);
    for (const s of streams) await endsWithin(s, 5_000);
    expect((await get('/v1/users/me', tokens[0])).status).toBe(200);
    expect((await sessionsOf(tokens[0])).map((s) => s.current)).toEqual([true]);
    expect((await post('/v1/users/me/sessions/revoke-others', tokens[0])).body).toEqual({ ended: 0 });
  });

  it('signing out ends this session only', async () => {
    const user = await createUser(t.db);
    const [a, b] = [await signIn(user), await signIn(user)];
    expect((await post('/v1/auth/logout', a)).status).toBe(204);
    expect((await get('/v1/users/me', a)).status).toBe(401);
    expect((await post('/v1/auth/logout', a)).status).toBe(401);
    expect((await get('/v1/users/me', b)).status).toBe(200);
  });

  it('a password reset still ends every session (the token version)', async () => {
    const user = await createUser(t.db);
    const token = await signIn(user);
    await t.db.updateTable('users').set({ token_version: user.token_version + 1 }).where('id', '=', user.id).execute();
    expect((await get('/v1/users/me', token)).status).toBe(401);
    expect((await get('/v1/users/me', await signIn(user))).status).toBe(200);
  });
});

describe('bounds', () => {
  it(`an account holds at most ${SECURITY.sessionsPerUser} live sessions: a sign-in beyond ends the oldest`, async () => {
    const user = await createUser(t.db);
    const first = await signIn(user);
    for (let i = 0; i < SECURITY.sessionsPerUser - 1; i += 1) await signIn(user);
    expect((await get('/v1/users/me', first)).status).toBe(200);
    const newest = await signIn(user);
    expect((await get('/v1/users/me', first)).status).toBe(401);
    expect(await sessionsOf(newest)).toHaveLength(SECURITY.sessionsPerUser);
    const live = await t.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(SECURITY.sessionsPerUser);
  });

  it('ended sessions are forgotten after a while, at the next sign-in', async () => {
    const user = await createUser(t.db);
    const token = await signIn(user);
    await post('/v1/users/me/sessions/revoke-others', token);
    await t.db.updateTable('sessions').set({ ended_at: new Date(Date.now() - (SECURITY.sessionForgetDays + 1) * 86_400_000) }).where('user_id', '=', user.id).where('ended_at', 'is not', null).execute();
    await signIn(user);
    const rows = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(2);
  });

  it('checking a token is one statement; last_seen_at is written at most once a minute per session', async () => {
    const user = await createUser(t.db);
    const token = await signIn(user);
    const statementsOf = async () => (await t.testDb.countQueries(() => get('/v1/users/me', token).then((res) => res))).count;
    const steady = await statementsOf();
    await t.db.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 120_000) }).where('user_id', '=', user.id).execute();
    expect(await statementsOf()).toBe(steady + 1);
    expect(await statementsOf()).toBe(steady);
    const seen = (await sessionsOf(token)).find((s) => s.current)!;
    expect(Date.now() - Date.parse(seen.last_seen_at)).toBeLessThan(60_000);
  });
});
