import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, SECURITY } from '../../shared/limits';
import { addMemberInDb } from '../factories/groups';
import {
  answer,
  as,
  block,
  comment,
  createFriendStack,
  createGroupStack,
  expectError,
  friendPair,
  groupWith,
  positions,
  stackCast,
  twist,
} from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test files its reports within a fresh hourly allowance.
beforeEach(async () => {
  await t.db.deleteFrom('rate_limits').execute();
});

type Target = 'user' | 'stack' | 'comment' | 'group';
const report = (user: FactoryUser, target_type: Target, target_id: number, extra: object = {}) =>
  as(t, user).post('/v1/reports', { target_type, target_id, reason: 'spam', ...extra });
const listReports = (user: FactoryUser, query = '') => as(t, user).get(`/v1/reports${query}`);
const updateReport = (user: FactoryUser, id: number, body: object) => as(t, user).put(`/v1/reports/${id}`, body);

/** Files a report and expects 201; answers its id. */
async function fileReport(user: FactoryUser, type: Target, id: number, extra: object = {}): Promise<number> {
  const res = await report(user, type, id, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const admin = () => createUser(t.db, { role: 'ADMIN' });

async function notificationsOf(user: FactoryUser) {
  const res = await as(t, user).get('/v1/users/notifications');
  expect(res.status).toBe(200);
  return res.body as { id: number; type: string; data: Record<string, unknown> }[];
}

describe('POST /v1/reports: each target type', () => {
  it('reports a user with 201 and keeps username, bio and avatar', async () => {
    const [reporter, target] = await Promise.all([createUser(t.db), createUser(t.db, { bio: 'Buy cheap watches', avatar_id: 4 })]);
    const res = await report(reporter, 'user', target.id, { reason: 'spam', note: '  Sends ads to everyone  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      reporter: reporter.username,
      target_type: 'user',
      target_id: target.id,
      reason: 'spam',
      note: 'Sends ads to everyone',
      snapshot: { username: target.username, bio: 'Buy cheap watches', avatar_id: 4 },
      status: 'open',
      resolution_note: null,
      resolved_by: null,
      created_at: expect.any(String),
      resolved_at: null,
      // The target's present state is for the admins' queue only.
      target_state: null,
    });
  });

  it('reports a group stack the reporter can see, keeping name, items, owner and type', async () => {
    const { owner, a, group } = await stackCast(t);
    const stackId = await createGroupStack(t, owner, group.id, { name: 'Worst fruit', positions: positions('Bad ') });
    const res = await report(a, 'stack', stackId, { reason: 'hate' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.snapshot).toEqual({
      type: 'stack',
      name: 'Worst fruit',
      positions: positions('Bad '),
      owner_username: owner.username,
      mode: 'group',
      group_id: group.id,
      group_name: group.name,
      bot_name: null,
      twist_description: null,
      stack_id: null,
    });
  });

  it('reports a twisted stack by its id as a stack of type twisted, naming its original', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const stackId = await createGroupStack(t, owner, group.id);
    for (const user of [owner, a, b]) await answer(t, user, stackId);
    const twistedId = await twist(t, a, stackId, 'But for dinner');
    const res = await report(b, 'stack', twistedId, { reason: 'other' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.snapshot).toMatchObject({ type: 'twisted', twist_description: 'But for dinner', owner_username: a.username, stack_id: stackId });
  });

  it('reports a comment, keeping its text, author and stack', async () => {
    const { me, friend } = await friendPair(t);
    const stackId = await createFriendStack(t, me, friend, { name: 'Snacks' });
    const commentId = await comment(t, friend, stackId, 'You are all idiots');
    const res = await report(me, 'comment', commentId, { reason: 'harassment' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      target_type: 'comment',
      target_id: commentId,
      reason: 'harassment',
      snapshot: { text: 'You are all idiots', author_username: friend.username, stack_id: stackId, stack_type: 'stack', stack_name: 'Snacks' },
    });
  });

  it('reports a public group, and a private group the reporter belongs to', async () => {
    const [owner, member, stranger] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const open = await groupWith(t, owner, [], { description: 'All welcome' });
    const closed = await groupWith(t, owner, [member], { is_public: false, description: 'Members only' });
    const res = await report(stranger, 'group', open.id, { reason: 'sexual content' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.snapshot).toEqual({ name: open.name, description: 'All welcome', owner_username: owner.username, is_public: true });
    expect((await report(member, 'group', closed.id, { reason: 'violence' })).status).toBe(201);
  });
});

describe('POST /v1/reports: a target the reporter cannot see is 404', () => {
  it('a user who blocked the reporter, one the reporter blocked, a deactivated one, an unknown id', async () => {
    const [reporter, blocker, blocked, gone] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db), createUser(t.db, { is_active: false })]);
    await block(t, blocker, reporter);
    await block(t, reporter, blocked);
    for (const id of [blocker.id, blocked.id, gone.id, 2_000_000_000]) expectError(await report(reporter, 'user', id), 404, 'USER_NOT_FOUND', 'User not found');
  });

  it("someone else's friend stack, a group stack of a group the reporter is not in, an unknown stack", async () => {
    const { me, friend, third } = await friendPair(t);
    const friendStack = await createFriendStack(t, me, friend);
    const { owner, group } = await stackCast(t);
    const groupStack = await createGroupStack(t, owner, group.id);
    for (const id of [friendStack, groupStack, 2_000_000_000]) expectError(await report(third, 'stack', id), 404, 'STACK_NOT_FOUND', 'Stack not found');
  });

  it('a sandboxed group stack the reporter never answered (the visibility rules of stacks)', async () => {
    const { owner, a, group } = await stackCast(t);
    const stackId = await createGroupStack(t, owner, group.id);
    expect((await as(t, owner).post(`/v1/stacks/${stackId}/sandbox`, { sandbox: true })).status).toBe(200);
    expectError(await report(a, 'stack', stackId), 404, 'STACK_NOT_FOUND', 'Stack not found');
  });

  it("a comment on a stack the reporter cannot see, someone else's sandboxed comment, a blocked author's comment", async () => {
    const { owner, a, b, group } = await stackCast(t);
    const stackId = await createGroupStack(t, owner, group.id);
    const outsider = await createUser(t.db);
    const visible = await comment(t, a, stackId, 'Hello');
    expectError(await report(outsider, 'comment', visible), 404, 'COMMENT_NOT_FOUND', 'Comment not found');

    const sandboxed = await comment(t, a, stackId, 'Oops');
    expect((await as(t, a).post(`/v1/stacks/${stackId}/comments/${sandboxed}/sandbox`, { sandbox: true })).status).toBe(200);
    expectError(await report(b, 'comment', sandboxed), 404, 'COMMENT_NOT_FOUND', 'Comment not found');

    await block(t, b, a);
    expectError(await report(b, 'comment', visible), 404, 'COMMENT_NOT_FOUND', 'Comment not found');
    expectError(await report(b, 'comment', 2_000_000_000), 404, 'COMMENT_NOT_FOUND', 'Comment not found');
  });

  it('an admin may report a sandboxed comment they moderate', async () => {
    const { owner, a, group } = await stackCast(t);
    const stackId = await createGroupStack(t, owner, group.id);
    const sandboxed = await comment(t, a, stackId, 'Oops');
    expect((await as(t, a).post(`/v1/stacks/${stackId}/comments/${sandboxed}/sandbox`, { sandbox: true })).status).toBe(200);
    expect((await report(await admin(), 'comment', sandboxed)).status).toBe(201);
  });

  it('a private group to a non-member, a retired group, an unknown group', async () => {
    const [owner, stranger] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const closed = await groupWith(t, owner, [], { is_public: false });
    const retired = await groupWith(t, owner, []);
    expect((await as(t, owner).del(`/v1/groups/${retired.id}`)).status).toBe(200);
    for (const id of [closed.id, retired.id, 2_000_000_000]) expectError(await report(stranger, 'group', id), 404, 'GROUP_NOT_FOUND', 'Group not found');
  });
});

describe('POST /v1/reports: refusals of the rules and of bad input', () => {
  const SELF = 'You cannot report yourself or your own content';

  it('refuses reporting yourself, your stack, your comment and your group with 400 SELF_REPORT', async () => {
    const { me, friend } = await friendPair(t);
    const stackId = await createFriendStack(t, me, friend);
    const commentId = await comment(t, me, stackId);
    const group = await groupWith(t, me, []);
    expectError(await report(me, 'user', me.id), 400, 'SELF_REPORT', SELF);
    expectError(await report(me, 'stack', stackId), 400, 'SELF_REPORT', SELF);
    expectError(await report(me, 'comment', commentId), 400, 'SELF_REPORT', SELF);
    expectError(await report(me, 'group', group.id), 400, 'SELF_REPORT', SELF);
    expect(await t.db.selectFrom('reports').select('id').where('reporter_id', '=', me.id).execute()).toEqual([]);
  });

  it('refuses a second report of the same target while the first is open (409), and allows one after it is decided', async () => {
    const [reporter, target, boss] = await Promise.all([createUser(t.db), createUser(t.db), admin()]);
    const first = await fileReport(reporter, 'user', target.id);
    expectError(await report(reporter, 'user', target.id, { reason: 'hate' }), 409, 'ALREADY_REPORTED', 'You have already reported this; the admins will look at it');
    expect((await updateReport(boss, first, { status: 'dismissed' })).status).toBe(200);
    expect((await report(reporter, 'user', target.id)).status).toBe(201);
  });

  it('names the documented reasons when the reason is unknown or missing', async () => {
    const [reporter, target] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const message = 'reason must be one of: spam, harassment, hate, sexual content, violence, other';
    expectError(await report(reporter, 'user', target.id, { reason: 'rude' }), 400, 'VALIDATION_FAILED', message);
    expectError(await as(t, reporter).post('/v1/reports', { target_type: 'user', target_id: target.id }), 400, 'VALIDATION_FAILED', message);
  });

  it(`takes a note of ${LIMITS.reportNoteMax} characters and refuses one more`, async () => {
    const [reporter, a, b] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    expect((await report(reporter, 'user', a.id, { note: 'x'.repeat(LIMITS.reportNoteMax) })).status).toBe(201);
    expectError(await report(reporter, 'user', b.id, { note: 'x'.repeat(LIMITS.reportNoteMax + 1) }), 400, 'VALIDATION_FAILED', `note must be no more than ${LIMITS.reportNoteMax} characters`);
    expectError(await report(reporter, 'user', b.id, { note: 42 }), 400, 'VALIDATION_FAILED', 'note must be text');
  });

  it('refuses an unknown target type and a bad id', async () => {
    const reporter = await createUser(t.db);
    expectError(await report(reporter, 'bot' as Target, 1), 400, 'VALIDATION_FAILED', 'target_type must be one of: user, stack, comment, group');
    expect((await report(reporter, 'user', -1)).status).toBe(400);
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.request.post('/v1/reports').send({ target_type: 'user', target_id: 1, reason: 'spam' });
    expect(res.status).toBe(401);
  });
});

describe(`POST /v1/reports is throttled: ${SECURITY.reportsPerHour} an hour per user`, () => {
  it('answers 429 with Retry-After and a detail beyond the allowance; refused reports did not count', async () => {
    const reporter = await createUser(t.db);
    const targets = await Promise.all(Array.from({ length: SECURITY.reportsPerHour + 1 }, () => createUser(t.db)));
    // A 404 and a 400 before the allowance is used: neither counts.
    expect((await report(reporter, 'user', 2_000_000_000)).status).toBe(404);
    expect((await report(reporter, 'user', reporter.id)).status).toBe(400);
    const answers = await Promise.all(targets.map((target) => report(reporter, 'user', target.id)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(SECURITY.reportsPerHour);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body).toEqual({ detail: `You can file at most ${SECURITY.reportsPerHour} reports an hour. Please try again later.`, code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await t.db.selectFrom('reports').select('id').where('reporter_id', '=', reporter.id).execute()).toHaveLength(SECURITY.reportsPerHour);
    // Another user has an allowance of their own.
    expect((await report(await createUser(t.db), 'user', targets[0].id)).status).toBe(201);
  });
});

describe('GET /v1/reports', () => {
  it('shows a non-admin only their own reports, an admin every report', async () => {
    const [alice, bob, target, boss] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db), admin()]);
    const aliceReport = await fileReport(alice, 'user', target.id);
    const bobReport = await fileReport(bob, 'user', target.id);
    const aliceList = (await listReports(alice)).body as { id: number; reporter: string }[];
    expect(aliceList.map((r) => r.id)).toEqual([aliceReport]);
    expect(aliceList[0].reporter).toBe(alice.username);
    expect(((await listReports(bob)).body as { id: number }[]).map((r) => r.id)).toEqual([bobReport]);
    const all = ((await listReports(boss, '?limit=100')).body as { id: number }[]).map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([aliceReport, bobReport]));
    expect(all.indexOf(bobReport)).toBeLessThan(all.indexOf(aliceReport));
  });

  it('filters by status, pages newest first, and names who decided', async () => {
    const [reporter, boss] = await Promise.all([createUser(t.db), admin()]);
    const targets = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)));
    const ids: number[] = [];
    for (const target of targets) ids.push(await fileReport(reporter, 'user', target.id));
    expect((await updateReport(boss, ids[0], { status: 'resolved', resolution_note: 'Warned them' })).status).toBe(200);
    expect((await updateReport(boss, ids[1], { status: 'dismissed' })).status).toBe(200);

    const open = ((await listReports(reporter, '?status=open')).body as { id: number }[]).map((r) => r.id);
    expect(open).toEqual([ids[4], ids[3], ids[2]]);
    const firstPage = ((await listReports(reporter, '?status=open&limit=2')).body as { id: number }[]).map((r) => r.id);
    const secondPage = ((await listReports(reporter, '?status=open&limit=2&offset=2')).body as { id: number }[]).map((r) => r.id);
    expect([firstPage, secondPage]).toEqual([[ids[4], ids[3]], [ids[2]]]);

    const resolved = (await listReports(reporter, '?status=resolved')).body;
    expect(resolved).toEqual([expect.objectContaining({ id: ids[0], status: 'resolved', resolution_note: 'Warned them', resolved_by: boss.username, resolved_at: expect.any(String) })]);
    const dismissed = (await listReports(reporter, '?status=dismissed')).body;
    expect(dismissed).toEqual([expect.objectContaining({ id: ids[1], status: 'dismissed', resolution_note: null, resolved_by: boss.username })]);

    // The admin's queue of open reports holds them too.
    const queue = ((await listReports(boss, '?status=open&limit=100')).body as { id: number }[]).map((r) => r.id);
    expect(queue).toEqual(expect.arrayContaining([ids[2], ids[3], ids[4]]));
    expect(queue).not.toContain(ids[0]);
  });

  it('refuses an unknown status and a page beyond the maximum', async () => {
    const user = await createUser(t.db);
    expectError(await listReports(user, '?status=closed'), 400, 'VALIDATION_FAILED', 'status must be one of: open, resolved, dismissed');
    expect((await listReports(user, `?limit=${LIMITS.pageSizeMax + 1}`)).status).toBe(400);
  });

  it('reads a page in the same number of statements whatever its length', async () => {
    const boss = await admin();
    const reporters = await Promise.all(Array.from({ length: 3 }, () => createUser(t.db)));
    for (const reporter of reporters) for (const target of await Promise.all([createUser(t.db), createUser(t.db)])) await fileReport(reporter, 'user', target.id);
    const count = async (limit: number) => {
      const { result, count: statements } = await t.testDb.countQueries(() => listReports(boss, `?limit=${limit}`).then((res) => res));
      expect(result.body).toHaveLength(limit);
      return statements;
    };
    expect(await count(1)).toBe(await count(6));
  });

  it('reads a page of every target type, with their present state, in the same number of statements whatever its length', async () => {
    const boss = await admin();
    const { owner, a, group } = await stackCast(t);
    const stackId = await createGroupStack(t, owner, group.id);
    const commentId = await comment(t, owner, stackId, 'Hmm');
    const [user1, user2] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await fileReport(a, 'user', user1.id);
    await fileReport(a, 'user', user2.id);
    await fileReport(a, 'stack', stackId);
    await fileReport(a, 'comment', commentId);
    await fileReport(a, 'group', group.id);
    const count = async (limit: number) => {
      const { result, count: statements } = await t.testDb.countQueries(() => listReports(boss, `?limit=${limit}`).then((res) => res));
      expect(result.body).toHaveLength(limit);
      for (const row of result.body as { target_state: unknown }[]) expect(row.target_state).toEqual({ deleted: false, sandboxed: false, hidden_for_users: 0 });
      return statements;
    };
    expect(await count(1)).toBe(await count(5));
  });
});

describe("GET /v1/reports: each target's present state (admins)", () => {
  /** The admin's view of one report. */
  async function stateOf(boss: FactoryUser, id: number) {
    const res = await listReports(boss, '?limit=100');
    expect(res.status).toBe(200);
    return (res.body as { id: number; target_state: unknown }[]).find((r) => r.id === id)?.target_state;
  }
  const fresh = { deleted: false, sandboxed: false, hidden_for_users: 0 };

  it('a comment: sandboxed once an admin sandboxes it, unsandboxed again, deleted once its author deletes it', async () => {
    const { owner, a, group } = await stackCast(t);
    const boss = await admin();
    const stackId = await createGroupStack(t, owner, group.id);
    const commentId = await comment(t, owner, stackId, 'Rude words');
    const id = await fileReport(a, 'comment', commentId);
    expect(await stateOf(boss, id)).toEqual(fresh);
    expect((await as(t, boss).post(`/v1/stacks/${stackId}/comments/${commentId}/sandbox`, { sandbox: true })).status).toBe(200);
    expect(await stateOf(boss, id)).toEqual({ ...fresh, sandboxed: true });
    // The reporter's own view of it says nothing of moderation.
    expect(((await listReports(a)).body as { id: number; target_state: unknown }[]).find((r) => r.id === id)?.target_state).toBeNull();
    expect((await as(t, boss).post(`/v1/stacks/${stackId}/comments/${commentId}/sandbox`, { sandbox: false })).status).toBe(200);
    expect(await stateOf(boss, id)).toEqual(fresh);
    expect((await as(t, owner).del(`/v1/stacks/${stackId}/comments/${commentId}`)).status).toBe(200);
    expect(await stateOf(boss, id)).toEqual({ ...fresh, deleted: true });
  });

  it("a group stack: sandboxed, hidden for the members an admin chose; a twisted stack shows its original's state", async () => {
    const { owner, a, b, group } = await stackCast(t);
    const boss = await admin();
    const [c, d] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await addMemberInDb(t.db, group.id, c);
    await addMemberInDb(t.db, group.id, d);
    const stackId = await createGroupStack(t, owner, group.id);
    for (const user of [owner, a, b]) await answer(t, user, stackId);
    const twistedId = await twist(t, a, stackId, 'But for dinner');
    const stackReport = await fileReport(b, 'stack', stackId);
    const twistReport = await fileReport(b, 'stack', twistedId);
    // Hiding it for yourself is no moderation: it does not count.
    expect((await as(t, b).del(`/v1/stacks/${stackId}/hide`)).status).toBe(200);
    expect(await stateOf(boss, stackReport)).toEqual(fresh);

    expect((await as(t, boss).post(`/v1/stacks/${stackId}/sandbox`, { sandbox: true })).status).toBe(200);
    expect((await as(t, boss).del(`/v1/stacks/${stackId}/hide`).send({ user_ids: [c.id, d.id] })).status).toBe(200);
    expect(await stateOf(boss, stackReport)).toEqual({ deleted: false, sandboxed: true, hidden_for_users: 2 });
    expect(await stateOf(boss, twistReport)).toEqual({ deleted: false, sandboxed: true, hidden_for_users: 2 });
  });

  it('a user once deactivated, a group once retired', async () => {
    const [reporter, target, owner] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const boss = await admin();
    const group = await groupWith(t, owner, []);
    const userReport = await fileReport(reporter, 'user', target.id);
    const groupReport = await fileReport(reporter, 'group', group.id);
    expect(await stateOf(boss, userReport)).toEqual(fresh);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', target.id).execute();
    expect((await as(t, owner).del(`/v1/groups/${group.id}`)).status).toBe(200);
    expect(await stateOf(boss, userReport)).toEqual({ ...fresh, deleted: true });
    expect(await stateOf(boss, groupReport)).toEqual({ ...fresh, deleted: true });
  });

  it('the answer of a decision carries the state too', async () => {
    const { me, friend } = await friendPair(t);
    const boss = await admin();
    const stackId = await createFriendStack(t, me, friend);
    const commentId = await comment(t, friend, stackId, 'Spam spam');
    const id = await fileReport(me, 'comment', commentId);
    expect((await updateReport(boss, id, { status: 'resolved' })).body.target_state).toEqual(fresh);
  });
});

describe('PUT /v1/reports/{id}', () => {
  it('refuses non-admins with 403, the reporter too; an unknown report is 404 for admins', async () => {
    const [reporter, target, boss] = await Promise.all([createUser(t.db), createUser(t.db), admin()]);
    const id = await fileReport(reporter, 'user', target.id);
    for (const user of [reporter, target]) expectError(await updateReport(user, id, { status: 'resolved' }), 403, 'FORBIDDEN', 'Only admins may do this');
    expectError(await updateReport(boss, 2_000_000_000, { status: 'resolved' }), 404, 'REPORT_NOT_FOUND', 'Report not found');
    const row = await t.db.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('refuses a bad status and a resolution note that is too long', async () => {
    const [reporter, target, boss] = await Promise.all([createUser(t.db), createUser(t.db), admin()]);
    const id = await fileReport(reporter, 'user', target.id);
    expectError(await updateReport(boss, id, { status: 'closed' }), 400, 'VALIDATION_FAILED', 'status must be one of: open, resolved, dismissed');
    expectError(
      await updateReport(boss, id, { status: 'resolved', resolution_note: 'x'.repeat(LIMITS.reportNoteMax + 1) }),
      400,
      'VALIDATION_FAILED',
      `resolution_note must be no more than ${LIMITS.reportNoteMax} characters`,
    );
  });

  it('resolving sends the reporter one REPORT_RESOLVED notification with the note, as a live event too', async () => {
    const { me, friend } = await friendPair(t);
    const stackId = await createFriendStack(t, me, friend);
    const commentId = await comment(t, friend, stackId, 'You are all idiots');
    const id = await fileReport(me, 'comment', commentId, { reason: 'harassment' });
    const boss = await admin();

    const res = await updateReport(boss, id, { status: 'resolved', resolution_note: 'The comment was sandboxed.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'resolved', resolution_note: 'The comment was sandboxed.', resolved_by: boss.username, resolved_at: expect.any(String) });

    const notes = (await notificationsOf(me)).filter((n) => n.type === 'REPORT_RESOLVED');
    expect(notes).toHaveLength(1);
    expect(notes[0].data).toEqual({ report_id: id, status: 'resolved', target_type: 'comment', target_label: 'You are all idiots', message: 'The comment was sandboxed.' });
    // Nobody else hears of it: not the comment's author, not the admin.
    expect((await notificationsOf(friend)).some((n) => n.type === 'REPORT_RESOLVED')).toBe(false);
    expect((await notificationsOf(boss)).some((n) => n.type === 'REPORT_RESOLVED')).toBe(false);
    const events = await t.db.selectFrom('events').select(['type', 'data']).where('type', '=', 'notification.created').where('user_id', '=', me.id).execute();
    expect(events.map((e) => (e.data as { type: string }).type)).toContain('REPORT_RESOLVED');

    // Saving the same status again updates the note and notifies nobody again.
    expect((await updateReport(boss, id, { status: 'resolved', resolution_note: 'Sandboxed and warned.' })).body.resolution_note).toBe('Sandboxed and warned.');
    expect((await notificationsOf(me)).filter((n) => n.type === 'REPORT_RESOLVED')).toHaveLength(1);
  });

  it('dismissing without a note tells the reporter a short message; reopening clears who decided', async () => {
    const [reporter, target, boss] = await Promise.all([createUser(t.db), createUser(t.db), admin()]);
    const id = await fileReport(reporter, 'user', target.id);
    const dismissed = await updateReport(boss, id, { status: 'dismissed' });
    expect(dismissed.body).toMatchObject({ status: 'dismissed', resolution_note: null, resolved_by: boss.username });
    const [note] = (await notificationsOf(reporter)).filter((n) => n.type === 'REPORT_RESOLVED');
    expect(note.data).toEqual({
      report_id: id,
      status: 'dismissed',
      target_type: 'user',
      target_label: target.username,
      message: 'Thanks for your report. The admins found nothing against the rules.',
    });

    const reopened = await updateReport(boss, id, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', resolution_note: null, resolved_by: null, resolved_at: null });
    expect((await notificationsOf(reporter)).filter((n) => n.type === 'REPORT_RESOLVED')).toHaveLength(1);
  });
});

describe('the snapshot outlives the target', () => {
  it('keeps a comment as reported after it is edited and deleted', async () => {
    const { me, friend } = await friendPair(t);
    const stackId = await createFriendStack(t, me, friend);
    const commentId = await comment(t, friend, stackId, 'Original insult');
    const id = await fileReport(me, 'comment', commentId);
    expect((await as(t, friend).put(`/v1/stacks/${stackId}/comments/${commentId}`, { description: 'Nothing to see' })).status).toBe(200);
    expect((await as(t, friend).del(`/v1/stacks/${stackId}/comments/${commentId}`)).status).toBe(200);
    const [listed] = (await listReports(await admin(), '?limit=100')).body.filter((r: { id: number }) => r.id === id);
    expect(listed.snapshot).toMatchObject({ text: 'Original insult', author_username: friend.username });
  });

  it("keeps a stack's name and items after an edit, and a user's bio after it changes", async () => {
    const { me, friend } = await friendPair(t);
    const stackId = await createFriendStack(t, friend, me, { name: 'Rude list', positions: positions('Rude ') });
    const stackReport = await fileReport(me, 'stack', stackId);
    expect((await as(t, friend).post(`/v1/stacks/${stackId}/edit`, { name: 'Nice list', positions: positions('Nice ') })).status).toBe(200);
    expect((await as(t, friend).put('/v1/users/me/bio', { bio: 'Spammer' })).status).toBe(200);
    const userReport = await fileReport(me, 'user', friend.id);
    expect((await as(t, friend).put('/v1/users/me/bio', { bio: 'Reformed' })).status).toBe(200);

    const reports = (await listReports(me)).body as { id: number; snapshot: Record<string, unknown> }[];
    expect(reports.find((r) => r.id === stackReport)?.snapshot).toMatchObject({ name: 'Rude list', positions: positions('Rude ') });
    expect(reports.find((r) => r.id === userReport)?.snapshot).toMatchObject({ bio: 'Spammer' });
  });

  it('keeps a group member report after the member leaves', async () => {
    const [owner, member] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const group = await groupWith(t, owner, [], { is_public: false, description: 'Secret' });
    await addMemberInDb(t.db, group.id, member);
    const id = await fileReport(member, 'group', group.id);
    expect((await as(t, member).del(`/v1/groups/${group.id}/leave`)).status).toBe(200);
    const [listed] = (await listReports(member)).body as { id: number; snapshot: Record<string, unknown> }[];
    expect(listed).toMatchObject({ id, snapshot: { name: group.name, description: 'Secret', is_public: false } });
  });
});
