import bcrypt from 'bcrypt';
import type { Response } from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, SECURITY } from '../../shared/limits';
import { createCode, createUser, uniqueName } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every throttle reserves its attempt before the costly work, so attempts sent in parallel or in
 * one tRPC batch count exactly like sequential ones. IPs come from X-Forwarded-For (trust proxy).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('rate_limits').execute();
});

let ipSequence = 0;
/** A fresh client address, so tests and roles do not share per-IP counters. */
const newIp = () => `198.51.100.${(ipSequence += 1) % 250}`;

const TOO_MANY = { detail: 'Too many attempts. Please try again later.', code: 'TOO_MANY_REQUESTS' };
const INVALID_LOGIN = { detail: 'Incorrect username/email or password', code: 'INVALID_CREDENTIALS' };

const login = (ip: string, username_or_email: string, password: string) =>
  t.request.post('/v1/auth/login').set('X-Forwarded-For', ip).send({ username_or_email, password });

/** One tRPC batch request of the same procedure with one input per call. */
function batch(ip: string, procedure: string, inputs: unknown[]) {
  const paths = inputs.map(() => procedure).join(',');
  const body = Object.fromEntries(inputs.map((input, i) => [i, input]));
  return t.request.post(`/trpc/${paths}?batch=1`).set('X-Forwarded-For', ip).send(body);
}

type BatchItem = { result?: unknown; error?: { data: { httpStatus: number; code: string } } };
const statusesOf = (res: Response) => (res.body as BatchItem[]).map((item) => item.error?.data.httpStatus ?? 200);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('tRPC batches are bounded', () => {
  it(`a batch of ${LIMITS.trpcBatchMax} calls is served; one more call is 400 BATCH_TOO_LARGE and none of it runs`, async () => {
    const user = await createUser(t.db);
    const token = t.tokenFor(user);
    const ok = await t.request.get(`/trpc/${Array(LIMITS.trpcBatchMax).fill('users.me').join(',')}?batch=1`).set('Authorization', `Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(LIMITS.trpcBatchMax);

    const ip = newIp();
    const inputs = Array.from({ length: LIMITS.trpcBatchMax + 1 }, () => ({ username_or_email: user.username, password: 'wrong-password' }));
    const tooBig = await batch(ip, 'auth.login', inputs);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toMatchObject({ message: `A batch may hold at most ${LIMITS.trpcBatchMax} calls`, data: { code: 'BATCH_TOO_LARGE', httpStatus: 400 } });
    // Nothing of the refused batch was evaluated: the account's budget is untouched.
    expect(await t.db.selectFrom('rate_limits').select('key').execute()).toEqual([]);
  });
});

describe('login throttles are atomic', () => {
  it(`30 parallel wrong logins for one name: ${SECURITY.loginFailuresPerAccountAndIp} are evaluated, the rest are 429, and so is the right password after`, async () => {
    const user = await createUser(t.db);
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(ip, user.username, `wrong-${i}`)));
    const statuses = answers.map((res) => res.status);
    expect(count(statuses, 401)).toBe(SECURITY.loginFailuresPerAccountAndIp);
    expect(count(statuses, 429)).toBe(30 - SECURITY.loginFailuresPerAccountAndIp);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toEqual(TOO_MANY);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await login(ip, user.username, user.password)).status).toBe(429);
  });

  it('41 logins in three batches (40 wrong, the right one last) evaluate at most 5 and issue no token', async () => {
    const user = await createUser(t.db);
    const ip = newIp();
    const wrong = Array.from({ length: 40 }, (_, i) => ({ username_or_email: user.username, password: `wrong-${i}` }));
    const inputs = [...wrong, { username_or_email: user.username, password: user.password }];
    const answers = await Promise.all([batch(ip, 'auth.login', inputs.slice(0, 20)), batch(ip, 'auth.login', inputs.slice(20, 40)), batch(ip, 'auth.login', inputs.slice(40))]);
    const statuses = answers.flatMap(statusesOf);
    expect(statuses).toHaveLength(41);
    expect(41 - count(statuses, 429)).toBeLessThanOrEqual(SECURITY.loginFailuresPerAccountAndIp);
    expect(count(statuses, 200)).toBe(0);
    expect(count(statuses, 401)).toBe(SECURITY.loginFailuresPerAccountAndIp);
  });

  it(`spraying many names from one IP in parallel: at most ${SECURITY.loginFailuresPerIp} are evaluated`, async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 35 }, () => login(ip, uniqueName('spray'), 'password123')));
    const statuses = answers.map((res) => res.status);
    expect(count(statuses, 401)).toBe(SECURITY.loginFailuresPerIp);
    expect(count(statuses, 429)).toBe(35 - SECURITY.loginFailuresPerIp);
  });

  it("a stranger's failures do not lock the owner out: the right password from another IP still logs in", async () => {
    const owner = await createUser(t.db);
    const stranger = newIp();
    for (let i = 0; i < SECURITY.loginFailuresPerAccountAndIp; i += 1) expect((await login(stranger, owner.username, 'guess')).body).toEqual(INVALID_LOGIN);
    expect((await login(stranger, owner.username, owner.password)).status).toBe(429);
    const home = await login(newIp(), owner.username, owner.password);
    expect(home.status).toBe(200);
    expect(home.body.access_token).toEqual(expect.any(String));
  });

  it('no ownership oracle: after a username is throttled, its e-mail answers exactly like an unknown e-mail', async () => {
    const owner = await createUser(t.db);
    const ip = newIp();
    for (let i = 0; i < SECURITY.loginFailuresPerAccountAndIp; i += 1) await login(ip, owner.username, 'guess');
    expect((await login(ip, owner.username, 'guess')).status).toBe(429);
    const known = await login(ip, owner.email, 'guess');
    const unknown = await login(ip, `${uniqueName('ghost')}@example.test`, 'guess');
    expect({ status: known.status, body: known.body }).toEqual({ status: 401, body: INVALID_LOGIN });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 401, body: INVALID_LOGIN });
  });

  it(`a guess spread over many IPs stops at ${SECURITY.loginFailuresPerAccount} failures per name; refused attempts do not count`, async () => {
    const owner = await createUser(t.db);
    const ips = Array.from({ length: SECURITY.loginFailuresPerAccount / SECURITY.loginFailuresPerAccountAndIp }, newIp);
    // Each IP also hammers past its own limit: those refusals must not use up the name's budget.
    const rounds = await Promise.all(
      ips.map(async (ip) => {
        const statuses: number[] = [];
        for (let i = 0; i < SECURITY.loginFailuresPerAccountAndIp + 3; i += 1) statuses.push((await login(ip, owner.username, 'guess')).status);
        return statuses;
      }),
    );
    const statuses = rounds.flat();
    expect(count(statuses, 401)).toBe(SECURITY.loginFailuresPerAccount);
    const next = await login(newIp(), owner.username, owner.password);
    expect({ status: next.status, body: next.body }).toEqual({ status: 429, body: TOO_MANY });
  });
});

describe('registration guesses are atomic', () => {
  const body = (code: string, email?: string) => {
    const username = uniqueName('reg');
    return { username, email: email ?? `${username}@example.test`, password: 'password123', registration_code: code };
  };

  it(`60 wrong codes in three batches: at most ${SECURITY.registerPerIp} are evaluated`, async () => {
    const ip = newIp();
    const inputs = Array.from({ length: 60 }, (_, i) => body(`WRONG-${i}`));
    const answers = await Promise.all([0, 20, 40].map((from) => batch(ip, 'auth.register', inputs.slice(from, from + 20))));
    const statuses = answers.flatMap(statusesOf);
    expect(count(statuses, 400)).toBe(SECURITY.registerPerIp);
    expect(count(statuses, 429)).toBe(60 - SECURITY.registerPerIp);
  });

  it('an e-mail that already has an account counts as a probe, even under a valid code', async () => {
    const ip = newIp();
    const existing = await createUser(t.db);
    const code = await createCode(t.db, { maxUses: 100 });
    const answers = await Promise.all(
      Array.from({ length: SECURITY.registerPerIp + 5 }, () => t.request.post('/v1/users/register').set('X-Forwarded-For', ip).send(body(code.code, existing.email))),
    );
    const statuses = answers.map((res) => res.status);
    expect(count(statuses, 409)).toBe(SECURITY.registerPerIp);
    expect(count(statuses, 429)).toBe(5);
  });

  it('successful sign-ups give their attempt back', async () => {
    const ip = newIp();
    const code = await createCode(t.db, { maxUses: SECURITY.registerPerIp + 5 });
    for (let i = 0; i < SECURITY.registerPerIp + 2; i += 1) {
      expect((await t.request.post('/v1/users/register').set('X-Forwarded-For', ip).send(body(code.code))).status).toBe(200);
    }
  });
});

describe('password reset is throttled and checks the token before hashing', () => {
  it('100 bogus resets cost no bcrypt, answer fast, and a concurrent login is not delayed', async () => {
    const user = await createUser(t.db);
    const ip = newIp();
    const hashes = vi.spyOn(bcrypt, 'hash');
    try {
      const started = Date.now();
      const resets = Promise.all(
        Array.from({ length: 100 }, (_, i) => t.request.post('/v1/auth/reset').set('X-Forwarded-For', ip).send({ token: `bogus-${i}`, password: 'new-password-1' })),
      );
      const loginStarted = Date.now();
      const loggedIn = await login(newIp(), user.username, user.password);
      const loginMs = Date.now() - loginStarted;
      const answers = await resets;
      const totalMs = Date.now() - started;
      const statuses = answers.map((res) => res.status);
      expect(count(statuses, 400)).toBe(SECURITY.resetPerIp);
      expect(count(statuses, 429)).toBe(100 - SECURITY.resetPerIp);
      expect(answers.find((res) => res.status === 400)!.body).toEqual({ detail: 'Invalid password reset link', code: 'INVALID_TOKEN' });
      expect(hashes).not.toHaveBeenCalled();
      expect(loggedIn.status).toBe(200);
      expect(totalMs).toBeLessThan(5_000);
      expect(loginMs).toBeLessThan(2_000);
    } finally {
      hashes.mockRestore();
    }
  });
});

describe('recovery answers before any account-dependent work', () => {
  it('answers an existing address while its mail is still being sent, the same as an unknown one', async () => {
    const user = await createUser(t.db);
    let releaseMail!: () => void;
    const mailHeld = new Promise<void>((resolve) => (releaseMail = resolve));
    const send = vi.spyOn(t.deps.mailer, 'send').mockImplementation(() => mailHeld);
    try {
      const ip = newIp();
      const known = await t.request.post('/v1/auth/recovery').set('X-Forwarded-For', ip).send({ email: user.email });
      const unknown = await t.request.post('/v1/auth/recovery').set('X-Forwarded-For', ip).send({ email: `${uniqueName('ghost')}@example.test` });
      expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: unknown.body });
      expect(known.status).toBe(200);
      releaseMail();
      await t.flushMail();
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0][0].to).toBe(user.email);
    } finally {
      send.mockRestore();
    }
  });
});
