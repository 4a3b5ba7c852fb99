import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT } from '../../shared/limits';
import { addMemberInDb, as, createGroup, makeFriendsInDb } from '../factories/groups';
import { answer, block, comment, createFriendStack, createGroupStack, positions, RANKINGS, twist } from '../factories/stacks';
import { createUser, uniqueName, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (user: FactoryUser) => ({ Authorization: `Bearer ${t.tokenFor(user)}` });
const exportOf = (user: FactoryUser) => t.request.get('/v1/users/me/export').set(bearer(user));
const ranked = (texts: string[], ranking: readonly number[]) => ranking.map((i) => texts[i]);

function ok<T extends { status: number; body: unknown }>(res: T): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/**
 * Alice's world: a friend (bob) with an e-mail, a friends-only and a private social; requests both
 * ways; a block and a mute; stacks she made (one whose answers she sees, one she has not answered,
 * a twist she has not answered, one with a blocked responder); comments; groups and invitations;
 * an invite someone joined with; notifications; a report with a snapshot of bob's data.
 */
async function aliceWorld() {
  const alice = await createUser(t.db, { bio: 'Alice ranks everything' });
  const [bob, carol, dave, eve, frank, hank] = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db)));
  await makeFriendsInDb(t.db, alice, bob);
  await makeFriendsInDb(t.db, alice, hank);

  ok(await as(t, alice).put('/v1/users/me/socials', { platform: 'telegram', value: 'alice_ranks', visibility: 'public' }));
  ok(await as(t, alice).put('/v1/users/me/socials', { platform: 'signal', value: 'alice.private.77', visibility: 'private' }));
  ok(await as(t, bob).put('/v1/users/me/socials', { platform: 'telegram', value: 'bobsecretgram', visibility: 'friends' }));
  ok(await as(t, bob).put('/v1/users/me/socials', { platform: 'signal', value: 'bob.hidden.signal', visibility: 'private' }));

  ok(await as(t, alice).post('/v1/users/friends/requests', { user_id: carol.id }));
  ok(await as(t, dave).post('/v1/users/friends/requests', { user_id: alice.id }));
  await t.db.insertInto('mutes').values({ muter_id: alice.id, muted_id: frank.id }).execute();

  // S1: a friend stack both answered (alice sees bob's ranking), and its twist only bob answered.
  const s1Positions = positions('S1 ');
  const s1 = await createFriendStack(t, alice, bob, { name: 'Fruit one', positions: s1Positions });
  await answer(t, alice, s1, RANKINGS.identity);
  await answer(t, bob, s1, RANKINGS.reversed);
  const t1 = await twist(t, alice, s1, 'But for breakfast');
  await answer(t, bob, t1, RANKINGS.mixed, 'twisted');
  await comment(t, alice, s1, 'Alice thinks apples win');
  await comment(t, bob, s1, 'Bob comment secret');

  // A group alice owns: S2 answered by eve (blocked afterwards) and alice; S3 answered by bob only.
  const group = await createGroup(t, alice, { name: uniqueName('ag').slice(0, 24) });
  await addMemberInDb(t.db, group.id, bob);
  await addMemberInDb(t.db, group.id, eve);
  const s2Positions = positions('S2 ');
  const s2 = await createGroupStack(t, alice, group.id, { name: 'Group two', positions: s2Positions });
  await answer(t, eve, s2, RANKINGS.middle);
  await answer(t, alice, s2, RANKINGS.swapFirst);
  await block(t, alice, eve);
  const s3Positions = positions('S3 ');
  const s3 = await createGroupStack(t, alice, group.id, { name: 'Group three', positions: s3Positions });
  await answer(t, bob, s3, RANKINGS.mixed);

  // Group invitations both ways.
  ok(await as(t, alice).post(`/v1/groups/${group.id}/invite/${hank.id}`));
  const bobsGroup = await createGroup(t, bob, { name: uniqueName('bg').slice(0, 24) });
  ok(await as(t, bob).post(`/v1/groups/${bobsGroup.id}/invite/${alice.id}`));

  // An invite a newcomer joined with (NEW_USER notification, friendship), and one still unused.
  const used = await as(t, alice).post('/v1/users/me/invites');
  expect(used.status).toBe(201);
  const newcomer = uniqueName('newbie');
  const newcomerEmail = `${newcomer.toLowerCase()}@private.test`;
  ok(await t.request.post('/v1/users/register').send({ username: newcomer, email: newcomerEmail, password: 'password123', registration_code: used.body.code }));
  const unused = await as(t, alice).post('/v1/users/me/invites');

  // Reports: alice's own (with a snapshot of bob's data she must not get back), and one about her.
  await t.db
    .insertInto('reports')
    .values({
      reporter_id: alice.id,
      target_type: 'user',
      target_id: bob.id,
      reason: 'spam',
      note: 'Alice reports spam',
      snapshot: JSON.stringify({ username: bob.username, email: bob.email, bio: 'snapshot secret bio' }),
      status: 'resolved',
      resolution_note: 'Handled by the team',
      resolved_at: new Date(),
    })
    .execute();
  await t.db
    .insertInto('reports')
    .values({ reporter_id: bob.id, target_type: 'user', target_id: alice.id, reason: 'other', note: 'Bob report note secret', snapshot: JSON.stringify({ username: alice.username }) })
    .execute();

  return {
    alice,
    bob,
    carol,
    dave,
    eve,
    frank,
    hank,
    group,
    bobsGroup,
    s1,
    t1,
    s2,
    s3,
    s1Positions,
    s2Positions,
    s3Positions,
    newcomer,
    newcomerEmail,
    usedCode: used.body.code as string,
    unusedCode: unused.body.code as string,
  };
}

type World = Awaited<ReturnType<typeof aliceWorld>>;

describe('GET /v1/users/me/export', () => {
  let w: World;
  let doc: any;
  let text: string;
  let headers: Record<string, string>;
  beforeAll(async () => {
    w = await aliceWorld();
    const res = ok(await exportOf(w.alice));
    doc = res.body;
    text = res.text;
    headers = res.headers as Record<string, string>;
  }, 60_000);

  it('is one JSON document, offered as a file download', () => {
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['content-disposition']).toBe(`attachment; filename="stacks-export-${w.alice.username}-${doc.exported_at.slice(0, 10)}.json"`);
    expect(doc).toMatchObject({ format: 'stacks-export', version: 1, items_per_section: EXPORT.itemsPerSection, truncated: [] });
  });

  it('has the profile, with e-mail and role', () => {
    expect(doc.profile).toEqual({
      id: w.alice.id,
      username: w.alice.username,
      email: w.alice.email,
      bio: 'Alice ranks everything',
      avatar_id: 1,
      role: 'USER',
      is_email_verified: true,
      email_verified_at: expect.any(String),
      last_login_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('has all of my socials, private ones too', () => {
    expect(doc.socials.map((s: any) => [s.platform, s.value, s.visibility])).toEqual([
      ['signal', 'alice.private.77', 'private'],
      ['telegram', 'alice_ranks', 'public'],
    ]);
  });

  it('has friends, friend requests both ways, blocks and mutes, by username', () => {
    expect(doc.friends.map((f: any) => f.username).sort()).toEqual([w.bob.username, w.hank.username, w.newcomer].sort());
    expect(doc.friend_requests.sent).toEqual([{ username: w.carol.username, status: 'PENDING', created_at: expect.any(String), responded_at: null }]);
    expect(doc.friend_requests.received).toEqual([{ username: w.dave.username, status: 'PENDING', created_at: expect.any(String), responded_at: null }]);
    expect(doc.blocks).toEqual([{ username: w.eve.username, since: expect.any(String) }]);
    expect(doc.mutes).toEqual([{ username: w.frank.username, since: expect.any(String) }]);
  });

  it('has my stacks and twists with the answers the app shows me, and no others', () => {
    const byId = new Map(doc.stacks.map((s: any) => [s.id, s]));
    expect(doc.stacks.map((s: any) => s.id)).toEqual([w.s3, w.s2, w.t1, w.s1]);
    expect(byId.get(w.s1)).toEqual({
      id: w.s1,
      type: 'stack',
      original_stack_id: null,
      name: 'Fruit one',
      twist_description: null,
      positions: w.s1Positions,
      audience: { type: 'friend', username: w.bob.username, group_name: null },
      bot_name: null,
      is_sandboxed: false,
      created_at: expect.any(String),
      answers: [
        { username: w.alice.username, ranking: w.s1Positions, answered_at: expect.any(String) },
        { username: w.bob.username, ranking: ranked(w.s1Positions, RANKINGS.reversed), answered_at: expect.any(String) },
      ],
    });
    // The twist: alice has not answered it, so bob's answer stays hidden.
    expect(byId.get(w.t1)).toMatchObject({ type: 'twisted', original_stack_id: w.s1, twist_description: 'But for breakfast', answers: [] });
    // S2: the blocked responder's answer is left out.
    expect(byId.get(w.s2)).toMatchObject({
      audience: { type: 'group', username: null, group_name: w.group.name },
      answers: [{ username: w.alice.username, ranking: ranked(w.s2Positions, RANKINGS.swapFirst), answered_at: expect.any(String) }],
    });
    // S3: alice has not answered, so bob's ranking is not hers to see.
    expect(byId.get(w.s3)).toMatchObject({ name: 'Group three', answers: [] });
  });

  it('has my own answers and comments', () => {
    expect(doc.answers.map((a: any) => [a.stack_id, a.type, a.stack_name, a.ranking])).toEqual([
      [w.s2, 'stack', 'Group two', ranked(w.s2Positions, RANKINGS.swapFirst)],
      [w.s1, 'stack', 'Fruit one', w.s1Positions],
    ]);
    expect(doc.comments).toEqual([
      { id: expect.any(Number), stack_id: w.s1, description: 'Alice thinks apples win', is_sandboxed: false, created_at: expect.any(String), updated_at: expect.any(String) },
    ]);
  });

  it('has my groups with my role, and group invitations both ways', () => {
    expect(doc.groups).toEqual([
      { id: w.group.id, name: w.group.name, role: 'OWNER', joined_at: expect.any(String), is_public: true, is_restricted: false, is_readonly: false, is_retired: false },
    ]);
    expect(doc.group_invitations.sent).toEqual([{ group_name: w.group.name, username: w.hank.username, status: 'PENDING', created_at: expect.any(String), responded_at: null }]);
    expect(doc.group_invitations.received).toEqual([
      { group_name: w.bobsGroup.name, username: w.bob.username, status: 'PENDING', created_at: expect.any(String), responded_at: null },
    ]);
  });

  it('has my notifications, naming others by username without their ids', () => {
    const types = doc.notifications.map((n: any) => n.type);
    expect(types).toEqual(expect.arrayContaining(['FRIEND_REQUEST', 'GROUP_INVITE', 'NEW_USER']));
    expect(doc.notifications.find((n: any) => n.type === 'NEW_USER').data).toEqual({ username: w.newcomer });
    expect(doc.notifications.find((n: any) => n.type === 'FRIEND_REQUEST').data).toEqual({ from_username: w.dave.username, request_id: expect.any(Number) });
  });

  it('has my invites with their state and who joined', () => {
    expect(doc.invites).toEqual([
      { code: w.unusedCode, state: 'unused', created_at: expect.any(String), expires_at: expect.any(String), joined: null },
      { code: w.usedCode, state: 'used', created_at: expect.any(String), expires_at: expect.any(String), joined: w.newcomer },
    ]);
  });

  it('has the reports I filed with their outcome, not the snapshot, not reports about me', () => {
    expect(doc.reports).toEqual([
      {
        id: expect.any(Number),
        target_type: 'user',
        target_id: w.bob.id,
        reason: 'spam',
        note: 'Alice reports spam',
        status: 'resolved',
        resolution_note: 'Handled by the team',
        created_at: expect.any(String),
        resolved_at: expect.any(String),
      },
    ]);
  });

  it("contains none of another user's private data anywhere in the document", () => {
    const others = [w.bob, w.carol, w.dave, w.eve, w.frank, w.hank];
    for (const other of others) expect(text).not.toContain(other.email);
    expect(text).not.toContain(w.newcomerEmail);
    // Bob's socials: friends-only (shared with alice in the app) and private.
    expect(text).not.toContain('bobsecretgram');
    expect(text).not.toContain('bob.hidden.signal');
    // Rankings alice could not see: bob's on S3 and on the twist, eve's (blocked) on S2.
    expect(text).not.toContain(JSON.stringify(ranked(w.s3Positions, RANKINGS.mixed)));
    expect(text).not.toContain(JSON.stringify(ranked(w.s1Positions, RANKINGS.mixed)));
    expect(text).not.toContain(JSON.stringify(ranked(w.s2Positions, RANKINGS.middle)));
    // Others' comments, the report snapshot, a report about alice, password hashes, other users' ids.
    expect(text).not.toContain('Bob comment secret');
    expect(text).not.toContain('snapshot secret bio');
    expect(text).not.toContain('Bob report note secret');
    expect(text).not.toContain('$2b$');
    expect(text).not.toMatch(/"(from_)?user_id"/);
  });

  it('runs the same number of statements for an empty account as for a full one', async () => {
    const empty = await createUser(t.db);
    const small = await t.testDb.countQueries(() => exportOf(empty));
    const large = await t.testDb.countQueries(() => exportOf(w.alice));
    expect(small.result.status).toBe(200);
    expect(small.result.body).toMatchObject({ socials: [], friends: [], stacks: [], notifications: [], invites: [], reports: [] });
    expect(large.count).toBe(small.count);
    expect(large.count).toBeLessThanOrEqual(2);
  });

  it('shows an admin only the rankings a member would see (rankings stay hidden until they answered)', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const friend = await createUser(t.db);
    await makeFriendsInDb(t.db, admin, friend);
    const group = await createGroup(t, admin);
    await addMemberInDb(t.db, group.id, friend);
    const stackPositions = positions('AD ');
    const id = await createGroupStack(t, admin, group.id, { positions: stackPositions });
    await answer(t, friend, id, RANKINGS.reversed);
    const res = ok(await exportOf(admin));
    expect(res.body.stacks.find((s: any) => s.id === id).answers).toEqual([]);
    expect(res.text).not.toContain(JSON.stringify(ranked(stackPositions, RANKINGS.reversed)));
  });

  it('needs a token (401), and a deactivated account gets nothing', async () => {
    const res = await t.request.get('/v1/users/me/export');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
    const gone = await createUser(t.db);
    ok(await as(t, gone).post('/v1/users/me/deactivate', { confirm: true }));
    expect((await exportOf(gone)).status).toBe(401);
  });
});
