import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode } from '../factories/users';
import { createTestApp, linkIn, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('smoke', () => {
  it('registers, verifies and reads me', async () => {
    const code = await createCode(t.db);
    const reg = await t.request.post('/v1/users/register').send({ username: 'Alice', email: 'alice@example.test', password: 'password123', registration_code: code.code });
    expect(reg.status).toBe(200);
    const link = linkIn(t.mails.at(-1), '/verify-email');
    const ver = await t.request.post('/v1/users/verify-email').send({ token: link.searchParams.get('token') });
    expect(ver.body).toEqual({ message: 'Email verified successfully' });
    const me = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${reg.body.access_token}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'Alice', email: 'alice@example.test', is_email_verified: true, socials: [], role: 'USER' });
  });
});
