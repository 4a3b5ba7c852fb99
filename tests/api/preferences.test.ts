/**
 * Preferences that follow the account (docs/preferences.md): the theme and how the onboarding tour
 * ended, read and written at /v1/users/me/preferences, by their owner only. The throttle is held by
 * tests/api/write-throttles.test.ts with every other write's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_VERSION } from '../../shared/limits';
import { PREFERENCES_MESSAGES } from '../../shared/schemas/preferences';
import { as } from '../factories/groups';
import { expectError } from '../factories/stacks';
import { createSession, createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/v1/users/me/preferences';

describe('preferences', () => {
  it('start empty: no theme chosen, no tour ended', async () => {
    const me = await createUser(t.db);
    const res = await as(t, me).get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ theme: null, tour: null });
  });

  it('follow the account: a theme and a skipped tour set in one session are read in another', async () => {
    const me = await createUser(t.db);
    const before = Date.now();
    const put = await as(t, me).put(PATH, { theme: 'light', tour: { status: 'skipped' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ theme: 'light', tour: { status: 'skipped', version: ONBOARDING_VERSION } });
    expect(Date.parse(put.body.tour.at)).toBeGreaterThanOrEqual(before - 5_000);

    const phone = { ...me, session_id: await createSession(t.db, me.id, { userAgent: 'phone' }) };
    const read = await as(t, phone).get(PATH);
    expect(read.body).toEqual(put.body);
  });

  it('change only the fields given; tour null forgets the ending (Show tour again)', async () => {
    const me = await createUser(t.db);
    await as(t, me).put(PATH, { theme: 'system', tour: { status: 'completed' } });
    const themeOnly = await as(t, me).put(PATH, { theme: 'dark' });
    expect(themeOnly.body).toMatchObject({ theme: 'dark', tour: { status: 'completed' } });
    const reset = await as(t, me).put(PATH, { tour: null });
    expect(reset.body).toEqual({ theme: 'dark', tour: null });
  });

  it('are validated by the shared schema, with their messages', async () => {
    const me = await createUser(t.db);
    expectError(await as(t, me).put(PATH, { theme: 'blue' }), 400, 'VALIDATION_FAILED', 'theme must be system, light or dark');
    expectError(await as(t, me).put(PATH, { tour: { status: 'halfway' } }), 400, 'VALIDATION_FAILED', 'tour.status must be completed or skipped');
    expectError(await as(t, me).put(PATH, {}), 400, 'VALIDATION_FAILED', PREFERENCES_MESSAGES.empty);
    expect((await as(t, me).get(PATH)).body).toEqual({ theme: null, tour: null });
  });

  it('REFUSAL: only their owner reads or writes them: no token is 401, and no path names another user', async () => {
    const [me, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    expect((await t.request.get(PATH)).status).toBe(401);
    expect((await t.request.put(PATH).send({ theme: 'light' })).status).toBe(401);
    expect((await as(t, me).put(`/v1/users/${other.id}/preferences`, { theme: 'light' })).status).toBe(404);
    await as(t, me).put(PATH, { theme: 'light' });
    expect((await as(t, other).get(PATH)).body).toEqual({ theme: null, tour: null });
  });
});
