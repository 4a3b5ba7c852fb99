/**
 * The admin console's API (docs/admin.md) as a third-party client calls it: every action over REST,
 * the audit entry each writes (and over tRPC, source web), the refusals, and the lists' bounds.
 * Who may call each path is in authz-matrix.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import { CODE_USED_UP } from '../../server/modules/admin/admin.service';
import type { AuditEntry } from '../../shared/schemas/admin';
import { as, expectError, groupWith } from '../factories/stacks';
import { createUser, uniqueName, type FactoryUser } from '../factories/users';
import { runCliInProcess, cliEnv } from '../helpers/cli';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let boss: FactoryUser;
beforeAll(async () => {
  t = await createTestApp();
  boss = await createUser(t.db, { role: 'ADMIN' });
});
afterAll(() => t.close());

const rest = (user: FactoryUser = boss) => as(t, user);
const patch = (path: string, body: object, user: FactoryUser = boss) => t.request.patch(path).set('Authorization', `Bearer ${t.tokenFor(user)}`).send(body);

/** The newest audit entries, as the API answers them. */
async function audit(query = ''): Promise<AuditEntry[]> {
  const res = await rest().get(`/v1/admin/audit${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AuditEntry[];
}

/** The newest entry of an action on a target. */
async function lastEntry(action: string, targetId: string | number | null): Promise<AuditEntry | undefined> {
  return (await audit(`?action=${action}&limit=100`)).find((entry) => entry.target_id === (targetId === null ? null : String(targetId)));
}

async function register(code: string) {
  const username = uniqueName('joiner');
  return t.request.post('/v1/users/register').send({ username, email: `${username.toLowerCase()}@example.com`, password: 'password123', registration_code: code });
}

describe('registration codes', () => {
  it('POST makes a code with uses and expiry (201), GET lists it with its use count, DELETE revokes it', async () => {
    const made = await rest().post('/v1/admin/codes', { uses: 2, expires_days: 7 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ max_uses: 2, uses: 0, status: 'active', revoked_at: null, created_by: { id: boss.id, username: boss.username } });
    const expiresIn = Date.parse(made.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);

    expect((await register(made.body.code)).status).toBe(200);
    const listed = (await rest().get('/v1/admin/codes')).body as { id: number; uses: number }[];
    expect(listed.find((code) => code.id === made.body.id)).toMatchObject({ uses: 1, max_uses: 2 });

    const revoked = await rest().del(`/v1/admin/codes/${made.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: made.body.id, status: 'revoked', uses: 1, revoked_at: expect.any(String) });
    // Nobody registers with it any more, though it had a use left.
    expect((await register(made.body.code)).status).toBe(400);
    // Revoking again changes nothing and still answers the code.
    expect((await rest().del(`/v1/admin/codes/${made.body.id}`)).body.revoked_at).toBe(revoked.body.revoked_at);
  });

  it('revoking keeps the expiry the code had (or none) and shows it revoked; the code reads expired to whoever tries it', async () => {
    const dated = await rest().post('/v1/admin/codes', { uses: 3, expires_days: 30 });
    const revoked = await rest().del(`/v1/admin/codes/${dated.body.id}`);
    expect(revoked.body).toMatchObject({ status: 'revoked', expires_at: dated.body.expires_at, revoked_at: expect.any(String), used_up: false });
    expect(Date.parse(revoked.body.revoked_at)).toBeLessThan(Date.parse(revoked.body.expires_at));
    expectError(await register(dated.body.code), 400, 'REGISTRATION_CODE_EXPIRED', 'This registration code has expired');

    const open = await rest().post('/v1/admin/codes', {});
    const revokedOpen = await rest().del(`/v1/admin/codes/${open.body.id}`);
    expect(revokedOpen.body).toMatchObject({ status: 'revoked', expires_at: null, revoked_at: expect.any(String) });
    const listed = (await rest().get('/v1/admin/codes')).body as { id: number }[];
    expect(listed.find((code) => code.id === open.body.id)).toMatchObject({ status: 'revoked', expires_at: null });
    expect((await register(open.body.code)).status).toBe(400);
  });

  it('REFUSAL: a used-up code is reported (used_up) and cannot be revoked: 409 CODE_USED_UP, audited, nothing changes', async () => {
    const made = await rest().post('/v1/admin/codes', { uses: 1 });
    expect(made.body.used_up).toBe(false);
    expect((await register(made.body.code)).status).toBe(200);
    const listed = ((await rest().get('/v1/admin/codes')).body as { id: number }[]).find((code) => code.id === made.body.id);
    expect(listed).toMatchObject({ status: 'used_up', used_up: true, uses: 1, revoked_at: null });
    expectError(await rest().del(`/v1/admin/codes/${made.body.id}`), 409, 'CODE_USED_UP', CODE_USED_UP);
    expect(await lastEntry('codes.revoke', made.body.id)).toMatchObject({ outcome: 'failure', detail: `CODE_USED_UP: ${CODE_USED_UP}` });
    const after = ((await rest().get('/v1/admin/codes')).body as { id: number }[]).find((code) => code.id === made.body.id);
    expect(after).toEqual(listed);
  });

  it('a code without expires_days never expires and has one use; bad values are 400 with the field named', async () => {
    const made = await rest().post('/v1/admin/codes', {});
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ max_uses: 1, expires_at: null });
    for (const body of [{ uses: 0 }, { uses: LIMITS.codeUsesMax + 1 }, { uses: 2.5 }, { expires_days: 0 }, { expires_days: 1.5 }]) {
      const res = await rest().post('/v1/admin/codes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('an unknown code is 404 CODE_NOT_FOUND and the failure is audited; a personal invite is not an admin code', async () => {
    expectError(await rest().del('/v1/admin/codes/999999'), 404, 'CODE_NOT_FOUND', 'Registration code not found');
    expect(await lastEntry('codes.revoke', 999999)).toMatchObject({ outcome: 'failure', detail: 'CODE_NOT_FOUND: Registration code not found' });
    const member = await createUser(t.db);
    const invite = await rest(member).post('/v1/users/me/invites');
    expect(invite.status).toBe(201);
    expect((await rest().del(`/v1/admin/codes/${invite.body.id}`)).status).toBe(404);
  });
});

describe('users', () => {
  it('q finds accounts by part of a username or e-mail, deactivated ones too, with who invited whom', async () => {
    const inviter = await createUser(t.db);
    const invite = await rest(inviter).post('/v1/users/me/invites');
    const joined = await register(invite.body.code);
    expect(joined.status).toBe(200);
    const joinedName = (await t.db.selectFrom('users').select('username').where('registration_code_id', '=', invite.body.id).executeTakeFirstOrThrow()).username;

    const found = await rest().get(`/v1/admin/users?q=${encodeURIComponent(joinedName.slice(2).toUpperCase())}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual([expect.objectContaining({ username: joinedName, role: 'USER', is_active: true, invited_by: { id: inviter.id, username: inviter.username }, invited_count: 0 })]);

    const byEmail = await rest().get(`/v1/admin/users?q=${encodeURIComponent(`${joinedName.toLowerCase()}@example`)}`);
    expect(byEmail.body.map((user: { username: string }) => user.username)).toEqual([joinedName]);

    const detail = await rest().get(`/v1/admin/users/${inviter.id}`);
    expect(detail.body).toMatchObject({ id: inviter.id, invited_count: 1, invited: [{ username: joinedName }] });
    // LIKE's own characters are matched literally.
    expect((await rest().get('/v1/admin/users?q=%25')).body).toEqual([]);
  });

  it('PUT role makes an admin and takes it back; the new admin may use the console at once', async () => {
    const member = await createUser(t.db);
    expect((await rest(member).get('/v1/admin/codes')).status).toBe(403);
    const promoted = await rest().put(`/v1/admin/users/${member.id}/role`, { role: 'ADMIN' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: member.id, role: 'ADMIN' });
    expect((await rest(member).get('/v1/admin/codes')).status).toBe(200);
    expect((await rest().put(`/v1/admin/users/${member.id}/role`, { role: 'USER' })).body.role).toBe('USER');
    expect((await rest(member).get('/v1/admin/codes')).status).toBe(403);
    expect((await rest().put(`/v1/admin/users/${member.id}/role`, { role: 'OWNER' })).status).toBe(400);
    expect(await lastEntry('users.role', member.id)).toMatchObject({ outcome: 'success', detail: `${member.username} is now USER`, source: 'rest' });
  });

  it('deactivating an account revokes its token at once; an admin cannot deactivate or demote themself (409)', async () => {
    const member = await createUser(t.db);
    expect((await rest(member).get('/v1/users/me')).status).toBe(200);
    const res = await rest().post(`/v1/admin/users/${member.id}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, is_active: false });
    expect((await rest(member).get('/v1/users/me')).status).toBe(401);
    // Still found by the console, as deactivated.
    expect((await rest().get(`/v1/admin/users?q=${member.username}`)).body).toEqual([expect.objectContaining({ id: member.id, is_active: false })]);

    expectError(await rest().post(`/v1/admin/users/${boss.id}/deactivate`), 409, 'SELF_ADMIN_CHANGE', 'You cannot deactivate your own account');
    expectError(await rest().put(`/v1/admin/users/${boss.id}/role`, { role: 'USER' }), 409, 'SELF_ADMIN_CHANGE', 'You cannot change the role of your own account');
    expect((await rest().get('/v1/users/me')).body.role).toBe('ADMIN');
    expect(await lastEntry('users.deactivate', boss.id)).toMatchObject({ outcome: 'failure', actor: { id: boss.id, username: boss.username } });
    expectError(await rest().post('/v1/admin/users/999999/deactivate'), 404, 'USER_NOT_FOUND', 'User not found');
  });
});

describe('bots', () => {
  async function makeBot() {
    const owner = await createUser(t.db);
    const member = await createUser(t.db);
    const group = await groupWith(t, owner, [member]);
    const res = await rest().post('/v1/admin/bots', { name: 'Quizbot', avatar_id: 3, owner_id: owner.id, audience: { type: 'group', group_id: group.id }, schedule: [0], tags: ['food', 'films'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { bot: res.body, owner, group };
  }

  it('creates a bot (201) with its owner, audience, schedule and tags; it is listed', async () => {
    const { bot, owner, group } = await makeBot();
    expect(bot).toMatchObject({ name: 'Quizbot', owner: { id: owner.id }, audience: { type: 'group', group: { id: group.id } }, schedule: [0], generator: 'builtin', last_run: null });
    expect(bot.keywords.map((k: { name: string; status: string }) => [k.name, k.status])).toEqual([
      ['films', 'PENDING'],
      ['food', 'PENDING'],
    ]);
    expect(((await rest().get('/v1/admin/bots')).body as { id: number }[]).map((b) => b.id)).toContain(bot.id);
    expect(await lastEntry('bots.create', bot.id)).toMatchObject({ outcome: 'success', target_type: 'bot' });
  });

  it('PATCH edits the schedule and tags; run now posts a stack once a day (409 after), force runs again; purge removes DISABLED tags', async () => {
    const { bot } = await makeBot();
    const edited = await patch(`/v1/admin/bots/${bot.id}`, { schedule: [4, 2], add_tags: ['music'], remove_tags: ['films'] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.schedule).toEqual([2, 4]);
    expect(Object.fromEntries(edited.body.keywords.map((k: { name: string; status: string }) => [k.name, k.status]))).toMatchObject({ music: 'PENDING', food: 'PENDING' });
    expect(await lastEntry('bots.update', bot.id)).toMatchObject({ detail: 'schedule Wed, Fri; added music; removed films' });

    const run = await rest().post(`/v1/admin/bots/${bot.id}/run`, {});
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ success: true, stack_id: expect.any(Number) });
    expectError(await rest().post(`/v1/admin/bots/${bot.id}/run`, {}), 409, 'BOT_ALREADY_RAN', `Bot ${bot.id} already ran today (${run.body.run_on}); run it with force to run it again`);
    const again = await rest().post(`/v1/admin/bots/${bot.id}/run`, { force: true });
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(run.body.id);

    // The run moved the removed tag to DISABLED: purge deletes it and keeps the others.
    const before = (await rest().get(`/v1/admin/bots`)).body.find((b: { id: number }) => b.id === bot.id);
    expect(before.last_run).toMatchObject({ success: true, run_on: run.body.run_on });
    expect(before.keywords.find((k: { name: string }) => k.name === 'films')?.status).toBe('DISABLED');
    const purged = await rest().post(`/v1/admin/bots/${bot.id}/purge`);
    expect(purged.status).toBe(200);
    expect(purged.body.keywords.map((k: { name: string }) => k.name).sort()).toEqual(['food', 'music']);
    expect(await lastEntry('bots.purge', bot.id)).toMatchObject({ detail: '1 disabled tag removed', outcome: 'success' });
  });

  it('unknown bots are 404 on every bot action', async () => {
    for (const res of [await patch('/v1/admin/bots/999999', { schedule: [1] }), await rest().post('/v1/admin/bots/999999/run', {}), await rest().post('/v1/admin/bots/999999/purge')]) {
      expectError(res, 404, 'BOT_NOT_FOUND', 'Bot not found');
    }
  });
});

describe('release notes', () => {
  it('reach every active user as a RELEASE_NOTES notification (201 with the count)', async () => {
    const member = await createUser(t.db);
    const active = (await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('is_active', '=', true).executeTakeFirstOrThrow()).n;
    const res = await rest().post('/v1/admin/release-notes', { message: '  Version 2 is out  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ recipients: Number(active) });
    const notes = (await rest(member).get('/v1/users/notifications')).body as { type: string; data: { message?: string } }[];
    expect(notes.find((n) => n.type === 'RELEASE_NOTES')?.data.message).toBe('Version 2 is out');
    expect((await rest().post('/v1/admin/release-notes', { message: '   ' })).status).toBe(400);
    expect((await rest().post('/v1/admin/release-notes', { message: 'x'.repeat(LIMITS.releaseNotesMax + 1) })).status).toBe(400);
  });
});

describe('GET /v1/admin/audit', () => {
  it('answers entries of the documented shape, newest first, filtered by actor (id or username) and action, paged', async () => {
    const other = await createUser(t.db, { role: 'ADMIN' });
    const made = (await rest(other).post('/v1/admin/codes', { uses: 5 })).body;
    await rest(other).post('/v1/admin/codes', { uses: 6 });
    const byName = await audit(`?actor=${other.username.toUpperCase()}`);
    const byId = await audit(`?actor=${other.id}`);
    expect(byName).toEqual(byId);
    expect(byName).toHaveLength(2);
    expect(byName[1]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: { id: other.id, username: other.username },
      source: 'rest',
      action: 'codes.create',
      target_type: 'code',
      target_id: String(made.id),
      outcome: 'success',
      detail: `${made.code}: 5 uses, never expires`,
    });
    expect(byName[0].id).toBeGreaterThan(byName[1].id);
    expect(await audit(`?actor=${other.id}&limit=1&offset=1`)).toEqual([byName[1]]);
    expect(await audit(`?actor=${other.id}&action=users.role`)).toEqual([]);
    expect(await audit('?actor=nobody-at-all')).toEqual([]);
    expect((await rest().get('/v1/admin/audit?action=codes.delete')).status).toBe(400);
    expect((await rest().get(`/v1/admin/audit?offset=${LIMITS.adminOffsetMax + 1}`)).status).toBe(400);
  });

  it('records the app’s calls as web, and a report decision as reports.update', async () => {
    const res = await t.request.post('/trpc/admin.createCode').set('Authorization', `Bearer ${t.tokenFor(boss)}`).send({ uses: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.result.data.id as number;
    expect(await lastEntry('codes.create', id)).toMatchObject({ source: 'web', actor: { id: boss.id } });

    const [reporter, target] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const report = (await rest(reporter).post('/v1/reports', { target_type: 'user', target_id: target.id, reason: 'spam' })).body;
    expect((await rest().put(`/v1/reports/${report.id}`, { status: 'resolved', resolution_note: 'Warned' })).status).toBe(200);
    expect(await lastEntry('reports.update', report.id)).toMatchObject({ target_type: 'report', outcome: 'success', detail: 'resolved: Warned' });
  });

  it('records CLI actions with source cli and no actor', async () => {
    const result = await runCliInProcess(['codes:create', '--uses', '4'], { db: t.db, env: cliEnv() });
    expect(result.code).toBe(0);
    const code = result.stdout.trim().split('\n').at(-1);
    const entry = (await audit('?action=codes.create&limit=10')).find((e) => e.detail?.startsWith(`${code}:`));
    expect(entry).toMatchObject({ source: 'cli', actor: null, outcome: 'success', detail: `${code}: 4 uses, never expires` });
  });

  it('entries cannot be changed or deleted, even by a statement on the table; refusals of non-admins write none', async () => {
    const before = await audit('?limit=1');
    await expect(t.db.updateTable('admin_audit').set({ outcome: 'failure' }).execute()).rejects.toThrow(/cannot be changed/);
    await expect(t.db.deleteFrom('admin_audit').execute()).rejects.toThrow(/cannot be changed/);
    const member = await createUser(t.db);
    expect((await rest(member).post('/v1/admin/codes', { uses: 1 })).status).toBe(403);
    expect(await audit('?limit=1')).toEqual(before);
    // No path edits or deletes an entry.
    expect((await rest().del(`/v1/admin/audit/${before[0].id}`)).status).toBe(404);
  });

  it('a page of each list is read in the same number of statements whatever its length', async () => {
    for (let i = 0; i < 4; i++) await rest().post('/v1/admin/codes', { uses: 1 });
    const count = async (path: string, limit: number) => {
      const { result, count: statements } = await t.testDb.countQueries(() => rest().get(`${path}?limit=${limit}`).then((res) => res));
      expect(result.status).toBe(200);
      expect(result.body).toHaveLength(limit);
      return statements;
    };
    for (const path of ['/v1/admin/codes', '/v1/admin/users', '/v1/admin/audit']) expect(await count(path, 1), path).toBe(await count(path, 4));
  });
});
