import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as backfillFirstLogin } from '../../migrations/2026_11_26_100000_backfill_first_login';
import { createCode, createUser, uniqueName } from '../factories/users';
import { createTestApp, linkIn, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Body {
  username?: unknown;
  email?: unknown;
  password?: unknown;
  registration_code?: unknown;
}

/** A valid registration body with a fresh name and e-mail; fields can be replaced or removed. */
function body(code: string, overrides: Body = {}): Body {
  const username = uniqueName('reg');
  return { username, email: `${username.toLowerCase()}@example.test`, password: 'password123', registration_code: code, ...overrides };
}

function without(value: Body, field: keyof Body): Body {
  const copy = { ...value };
  delete copy[field];
  return copy;
}

const register = (payload: Body) => t.request.post('/v1/users/register').send(payload);

function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ detail, code }) });
}

async function codeRow(id: number) {
  return t.db.selectFrom('registration_codes').select(['uses', 'max_uses']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function insertCode(values: { code: string; max_uses?: number; expires_at?: Date | null }) {
  return t.db
    .insertInto('registration_codes')
    .values({ code: values.code, max_uses: values.max_uses ?? 1, expires_at: values.expires_at ?? null, created_by: null })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}

describe('POST /v1/users/register: success', () => {
  it('returns a bearer token that works on GET /v1/users/me', async () => {
    const code = await createCode(t.db);
    const payload = body(code.code);
    const res = await register(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });

    const me = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${res.body.access_token}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: payload.username, email: payload.email, role: 'USER', is_email_verified: false, socials: [] });
    expect(await codeRow(code.id)).toEqual({ uses: 1, max_uses: 1 });
  });

  it('counts as the first login: the new account has a last login of today, as the user and others see it', async () => {
    const code = await createCode(t.db);
    const payload = body(code.code);
    const before = Date.now();
    const res = await register(payload);
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom('users').select(['id', 'last_login_at']).where('username', '=', payload.username as string).executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
    expect(new Date(row.last_login_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const today = new Date().toISOString().slice(0, 10);
    const me = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${res.body.access_token}`);
    expect(me.body.last_login).toBe(today);
    // A stranger's view of the new profile: not a dash ('Last Login: today').
    const other = await createUser(t.db);
    const profile = await t.request.get(`/v1/users/${row.id}`).set('Authorization', `Bearer ${t.tokenFor(other)}`);
    expect(profile.status).toBe(200);
    expect(profile.body.last_login).toBe(today);
  });

  it('the backfill migration gives an account that never signed in its registration time, and leaves a real login alone', async () => {
    const [never, seen] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const loggedIn = new Date('2026-11-20T08:00:00Z');
    await t.db.updateTable('users').set({ last_login_at: loggedIn }).where('id', '=', seen.id).execute();
    await backfillFirstLogin(t.db as never);
    const rows = await t.db.selectFrom('users').select(['id', 'created_at', 'last_login_at']).where('id', 'in', [never.id, seen.id]).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(new Date(byId.get(never.id)!.last_login_at!).getTime()).toBe(new Date(byId.get(never.id)!.created_at).getTime());
    expect(new Date(byId.get(seen.id)!.last_login_at!).getTime()).toBe(loggedIn.getTime());
  });

  it('accepts the boundaries: a 3- and a 30-character username, a 72-byte password', async () => {
    const code = await createCode(t.db, { maxUses: 4 });
    expect((await register(body(code.code, { username: 'Ab3' }))).status).toBe(200);
    const long = `${uniqueName('l')}${'x'.repeat(30)}`.slice(0, 30);
    expect((await register(body(code.code, { username: long }))).status).toBe(200);
    expect((await register(body(code.code, { password: 'p'.repeat(72) }))).status).toBe(200);
    // 24 three-byte characters are exactly 72 bytes.
    expect((await register(body(code.code, { password: '漢'.repeat(24) }))).status).toBe(200);
  });

  it('trims the e-mail and the registration code, and matches the code in any letter case', async () => {
    const code = await createCode(t.db, { maxUses: 2 });
    const name = uniqueName('trim');
    const res = await register(body(`  ${code.code.toLowerCase()}  `, { email: `  ${name}@Example.test ` }));
    expect(res.status).toBe(200);
    const me = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${res.body.access_token}`);
    expect(me.body.email).toBe(`${name}@Example.test`);

    const mixed = code.code
      .split('')
      .map((c, i) => (i % 2 ? c.toLowerCase() : c))
      .join('');
    expect((await register(body(mixed))).status).toBe(200);
    expect(await codeRow(code.id)).toEqual({ uses: 2, max_uses: 2 });
  });

  it('mails a verification link to the new address and writes it to the outbox folder', async () => {
    const code = await createCode(t.db);
    const payload = body(code.code);
    const before = t.mails.length;
    expect((await register(payload)).status).toBe(200);

    expect(t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(payload.email);
    expect(mail.subject).toBe('Verify your e-mail for Stacks');
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe(t.config.appUrl);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const outbox = t.config.mail.outboxDir;
    expect(existsSync(outbox)).toBe(true);
    const files = readdirSync(outbox).filter((f) => f.endsWith('.eml') && f.includes(String(payload.email)));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outbox, files[0]), 'utf8');
    expect(eml).toContain(`To: ${payload.email}`);
    expect(eml).toContain('Subject: Verify your e-mail for Stacks');

    const verify = await t.request.post('/v1/users/verify-email').send({ token: link.searchParams.get('token') });
    expect(verify.body).toEqual({ message: 'Email verified successfully' });
  });
});

describe('POST /v1/users/register: validation (spec 1 §5)', () => {
  const cases: [string, (code: string) => Body, string][] = [
    ['username missing', (c) => without(body(c), 'username'), 'Username is required'],
    ['username empty', (c) => body(c, { username: '' }), 'Username is required'],
    ['username of 2 characters', (c) => body(c, { username: 'ab' }), 'Username must be at least 3 characters'],
    ['username of 31 characters', (c) => body(c, { username: 'a'.repeat(31) }), 'Username must be no more than 30 characters'],
    ['username with a space', (c) => body(c, { username: 'ab cd' }), 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['username with a dot', (c) => body(c, { username: 'ab.cd' }), 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['username with an accented letter', (c) => body(c, { username: 'josé1' }), 'Username can only contain letters, numbers, underscores, and hyphens'],
    ['username starting with an underscore', (c) => body(c, { username: '_abc' }), 'Username must start with a letter or number'],
    ['username starting with a hyphen', (c) => body(c, { username: '-abc' }), 'Username must start with a letter or number'],
    ['username ending with an underscore', (c) => body(c, { username: 'abc_' }), 'Username must end with a letter or number'],
    ['username ending with a hyphen', (c) => body(c, { username: 'abc-' }), 'Username must end with a letter or number'],
    ['username not a string', (c) => body(c, { username: 12345 }), 'Username is required'],
    ['email missing', (c) => without(body(c), 'email'), 'Email is required'],
    ['email empty', (c) => body(c, { email: '' }), 'Email is required'],
    ['email of spaces', (c) => body(c, { email: '   ' }), 'Email is required'],
    ['email without @', (c) => body(c, { email: 'alice.example.test' }), 'Please enter a valid email address'],
    ['email without domain dot', (c) => body(c, { email: 'alice@example' }), 'Please enter a valid email address'],
    ['email with a space inside', (c) => body(c, { email: 'al ice@example.test' }), 'Please enter a valid email address'],
    ['password missing', (c) => without(body(c), 'password'), 'Password is required'],
    ['password empty', (c) => body(c, { password: '' }), 'Password is required'],
    ['password of 7 characters', (c) => body(c, { password: '1234567' }), 'Password must be at least 8 characters'],
    ['password of 73 bytes', (c) => body(c, { password: 'p'.repeat(73) }), 'Password must be no more than 72 bytes'],
    // 30 characters but 90 bytes in UTF-8: the limit is bcrypt's, counted in bytes.
    ['password of 30 three-byte characters', (c) => body(c, { password: '漢'.repeat(30) }), 'Password must be no more than 72 bytes'],
    ['password of 25 three-byte characters', (c) => body(c, { password: '€'.repeat(25) }), 'Password must be no more than 72 bytes'],
    ['registration code missing', (c) => without(body(c), 'registration_code'), 'Registration code is required'],
    ['registration code empty', () => body('', {}), 'Registration code is required'],
    ['registration code of spaces', () => body('   ', {}), 'Registration code is required'],
  ];

  it.each(cases)('%s -> 400 with the spec message', async (_label, make, detail) => {
    const code = await createCode(t.db);
    const mailsBefore = t.mails.length;
    const res = await register(make(code.code));
    expectError(res, 400, 'VALIDATION_FAILED', detail);
    expect(res.body.errors).toEqual(expect.arrayContaining([{ field: expect.any(String), message: detail }]));
    expect(await codeRow(code.id)).toEqual({ uses: 0, max_uses: 1 });
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('names every failing field in errors[]', async () => {
    const res = await register({ username: 'a', email: 'nope', password: 'short', registration_code: '' });
    expectError(res, 400, 'VALIDATION_FAILED', 'Username must be at least 3 characters');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'Username must be at least 3 characters' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'password', message: 'Password must be at least 8 characters' },
        { field: 'registration_code', message: 'Registration code is required' },
      ]),
    );
  });
});

describe('POST /v1/users/register: conflicts', () => {
  it('refuses a username taken in another letter case with 409 USERNAME_TAKEN', async () => {
    const existing = await createUser(t.db, { username: uniqueName('Taken') });
    const code = await createCode(t.db);
    const res = await register(body(code.code, { username: existing.username.toUpperCase() }));
    expectError(res, 409, 'USERNAME_TAKEN', 'Username is already taken');
  });

  it('refuses an e-mail taken in another letter case with 409 EMAIL_TAKEN', async () => {
    const existing = await createUser(t.db);
    const code = await createCode(t.db);
    const res = await register(body(code.code, { email: existing.email.toUpperCase() }));
    expectError(res, 409, 'EMAIL_TAKEN', 'An account with this email already exists');
  });

  it('a failed registration does not consume a use of the code', async () => {
    const existing = await createUser(t.db);
    const code = await createCode(t.db);
    const mailsBefore = t.mails.length;
    expectError(await register(body(code.code, { username: existing.username })), 409, 'USERNAME_TAKEN', 'Username is already taken');
    expectError(await register(body(code.code, { email: existing.email })), 409, 'EMAIL_TAKEN', 'An account with this email already exists');
    expect(await codeRow(code.id)).toEqual({ uses: 0, max_uses: 1 });
    expect(t.mails.length).toBe(mailsBefore);

    expect((await register(body(code.code))).status).toBe(200);
    expect(await codeRow(code.id)).toEqual({ uses: 1, max_uses: 1 });
  });

  it('two simultaneous sign-ups with one username: one account, a 409, one use of the code', async () => {
    const code = await createCode(t.db, { maxUses: 5 });
    const username = uniqueName('race');
    const results = await Promise.all([
      register(body(code.code, { username, email: `${username}-a@example.test` })),
      register(body(code.code, { username: username.toUpperCase(), email: `${username}-b@example.test` })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, 'USERNAME_TAKEN', 'Username is already taken');
    expect(await codeRow(code.id)).toEqual({ uses: 1, max_uses: 5 });
  });

  it('two simultaneous sign-ups with one e-mail: one account, a 409 EMAIL_TAKEN, one use of the code', async () => {
    const code = await createCode(t.db, { maxUses: 5 });
    const email = `${uniqueName('same')}@example.test`;
    const results = await Promise.all([
      register(body(code.code, { email })),
      register(body(code.code, { email: email.toUpperCase() })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, 'EMAIL_TAKEN', 'An account with this email already exists');
    expect(await codeRow(code.id)).toEqual({ uses: 1, max_uses: 5 });
  });
});

describe('POST /v1/users/register: registration codes', () => {
  it('refuses an unknown code with 400 INVALID_REGISTRATION_CODE and sends no mail', async () => {
    const mailsBefore = t.mails.length;
    const res = await register(body('NOPE-NOPE-NOPE'));
    expectError(res, 400, 'INVALID_REGISTRATION_CODE', 'Invalid registration code');
    expect(t.mails.length).toBe(mailsBefore);
  });

  it('refuses a code longer than 64 characters as invalid', async () => {
    const res = await register(body('X'.repeat(65)));
    expectError(res, 400, 'VALIDATION_FAILED', 'Invalid registration code');
  });

  it('refuses a used code with 400 REGISTRATION_CODE_USED', async () => {
    const code = await createCode(t.db);
    expect((await register(body(code.code))).status).toBe(200);
    const res = await register(body(code.code));
    expectError(res, 400, 'REGISTRATION_CODE_USED', 'This registration code has already been used');
    expect(await codeRow(code.id)).toEqual({ uses: 1, max_uses: 1 });
  });

  it('refuses an expired code with 400 REGISTRATION_CODE_EXPIRED', async () => {
    const code = await insertCode({ code: `OLD-${uniqueName('c')}`, max_uses: 5, expires_at: new Date(Date.now() - 60_000) });
    const res = await register(body(code.code));
    expectError(res, 400, 'REGISTRATION_CODE_EXPIRED', 'This registration code has expired');
    expect(await codeRow(code.id)).toEqual({ uses: 0, max_uses: 5 });
  });

  it('accepts a code whose expiry is still ahead', async () => {
    const code = await insertCode({ code: `SOON-${uniqueName('c')}`, expires_at: new Date(Date.now() + 60_000) });
    expect((await register(body(code.code))).status).toBe(200);
  });

  it('a code with max_uses 3 admits exactly 3 users', async () => {
    const code = await createCode(t.db, { maxUses: 3 });
    for (let i = 0; i < 3; i += 1) expect((await register(body(code.code))).status).toBe(200);
    expectError(await register(body(code.code)), 400, 'REGISTRATION_CODE_USED', 'This registration code has already been used');
    expect(await codeRow(code.id)).toEqual({ uses: 3, max_uses: 3 });
  });

  it.each([
    [1, 8],
    [3, 8],
  ])('a %i-use code and %i simultaneous registrations: exactly that many accounts', async (maxUses, attempts) => {
    const code = await createCode(t.db, { maxUses });
    const results = await Promise.all(Array.from({ length: attempts }, () => register(body(code.code))));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(maxUses);
    for (const res of refused) expectError(res, 400, 'REGISTRATION_CODE_USED', 'This registration code has already been used');
    expect(await codeRow(code.id)).toEqual({ uses: maxUses, max_uses: maxUses });
    const accounts = await t.db.selectFrom('users').select('id').where('registration_code_id', '=', code.id).execute();
    expect(accounts).toHaveLength(maxUses);
  });
});

describe('POST /v1/users/register: guessing codes is throttled per IP', () => {
  it('after 20 wrong codes the next attempt is 429 with Retry-After, even with a good code', async () => {
    await t.db.deleteFrom('rate_limits').execute();
    try {
      for (let i = 0; i < 20; i += 1) {
        expectError(await register(body(`WRONG-${i}`)), 400, 'INVALID_REGISTRATION_CODE', 'Invalid registration code');
      }
      const blocked = await register(body('WRONG-21'));
      expectError(blocked, 429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please try again later.');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      const code = await createCode(t.db);
      expectError(await register(body(code.code)), 429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please try again later.');
      expect(await codeRow(code.id)).toEqual({ uses: 0, max_uses: 1 });
    } finally {
      await t.db.deleteFrom('rate_limits').execute();
    }
  });

  it('used or expired codes and successful sign-ups do not count as guesses', async () => {
    await t.db.deleteFrom('rate_limits').execute();
    try {
      const code = await createCode(t.db);
      expect((await register(body(code.code))).status).toBe(200);
      for (let i = 0; i < 21; i += 1) {
        expectError(await register(body(code.code)), 400, 'REGISTRATION_CODE_USED', 'This registration code has already been used');
      }
      const fresh = await createCode(t.db);
      expect((await register(body(fresh.code))).status).toBe(200);
    } finally {
      await t.db.deleteFrom('rate_limits').execute();
    }
  });
});
