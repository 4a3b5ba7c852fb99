import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberInDb, as, createGroup, groupName, makeFriendsInDb, type FactoryGroup } from '../factories/groups';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Summary = { id: number; name: string; member_count: number; is_member: boolean };
const ids = (list: Summary[]) => list.map((g) => g.id);

async function get(user: FactoryUser, path: string) {
  const res = await as(t, user).get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('group lists', () => {
  let viewer: FactoryUser;
  let other: FactoryUser;
  let owned: FactoryGroup; // public, the viewer owns it
  let joinedPrivate: FactoryGroup; // private, the viewer is a member
  let openPublic: FactoryGroup; // public, the viewer is not in it
  let removedFrom: FactoryGroup; // public, the viewer was removed from it
  let invitedPrivate: FactoryGroup; // private, the viewer is invited
  let hiddenPrivate: FactoryGroup; // private, nothing to do with the viewer
  let retired: FactoryGroup; // public, retired

  beforeAll(async () => {
    viewer = await createUser(t.db);
    other = await createUser(t.db);
    await makeFriendsInDb(t.db, viewer, other);
    owned = await createGroup(t, viewer, { name: groupName('Owned'), description: 'mine', is_restricted: true });
    await addMemberInDb(t.db, owned.id, other);
    joinedPrivate = await createGroup(t, other, { name: groupName('Joined'), is_public: false, is_readonly: true });
    await addMemberInDb(t.db, joinedPrivate.id, viewer);
    openPublic = await createGroup(t, other, { name: groupName('Open') });
    removedFrom = await createGroup(t, other, { name: groupName('Removed') });
    await addMemberInDb(t.db, removedFrom.id, viewer);
    expect((await as(t, other).post(`/v1/groups/${removedFrom.id}/blocks`, { user_id: viewer.id })).status).toBe(200);
    invitedPrivate = await createGroup(t, other, { name: groupName('Invited'), is_public: false });
    expect((await as(t, other).post(`/v1/groups/${invitedPrivate.id}/invite/${viewer.id}`)).status).toBe(200);
    hiddenPrivate = await createGroup(t, other, { name: groupName('Hidden'), is_public: false });
    retired = await createGroup(t, other, { name: groupName('Retired') });
    expect((await as(t, other).del(`/v1/groups/${retired.id}`)).status).toBe(200);
  });

  it('GET /v1/users/groups/me lists the groups I belong to, as owner or member, with their summary', async () => {
    const mine = await get(viewer, '/v1/users/groups/me');
    expect(ids(mine).sort()).toEqual([owned.id, joinedPrivate.id].sort());
    expect(mine.find((g: Summary) => g.id === owned.id)).toEqual({
      id: owned.id,
      name: owned.name,
      description: 'mine',
      owner_id: viewer.id,
      owner: viewer.username,
      member_count: 2,
      board_count: 0,
      is_public: true,
      is_restricted: true,
      is_readonly: false,
      is_member: true,
      can_create_stack: true,
    });
    // A read-only group I am a plain member of takes no stacks from me.
    expect(mine.find((g: Summary) => g.id === joinedPrivate.id)).toMatchObject({
      owner: other.username,
      owner_id: other.id,
      member_count: 2,
      is_public: false,
      is_readonly: true,
      is_member: true,
      can_create_stack: false,
    });
    // Sorted by name, case-insensitively.
    const names = mine.map((g: Summary) => g.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('GET /v1/users/groups/overview: my_groups, and public_groups without mine, removed-from, private or retired ones', async () => {
    const overview = await get(viewer, '/v1/users/groups/overview');
    expect(Object.keys(overview).sort()).toEqual(['my_groups', 'public_groups']);
    expect(overview.my_groups).toEqual(await get(viewer, '/v1/users/groups/me'));
    const publicIds = ids(overview.public_groups);
    expect(publicIds).toContain(openPublic.id);
    for (const excluded of [owned, joinedPrivate, removedFrom, invitedPrivate, hiddenPrivate, retired]) expect(publicIds).not.toContain(excluded.id);
    expect(overview.public_groups.find((g: Summary) => g.id === openPublic.id)).toMatchObject({
      id: openPublic.id,
      name: openPublic.name,
      owner: other.username,
      member_count: 1,
      board_count: 0,
      is_public: true,
      is_member: false,
      can_create_stack: false,
    });
    for (const g of overview.public_groups) expect(g).toMatchObject({ is_public: true, is_member: false });

    // The owner of those groups sees the removed-from group as theirs, and not the viewer's own one twice.
    const theirs = await get(other, '/v1/users/groups/overview');
    expect(ids(theirs.my_groups)).toEqual(expect.arrayContaining([owned.id, joinedPrivate.id, openPublic.id, removedFrom.id, invitedPrivate.id, hiddenPrivate.id]));
    expect(ids(theirs.my_groups)).not.toContain(retired.id);
    expect(ids(theirs.public_groups)).not.toContain(owned.id);
  });

  it('GET /v1/groups: public groups, mine and those I am invited to; not other private ones', async () => {
    const list: Summary[] = await get(viewer, '/v1/groups');
    const seen = ids(list);
    for (const visible of [owned, joinedPrivate, openPublic, invitedPrivate]) expect(seen).toContain(visible.id);
    expect(seen).not.toContain(hiddenPrivate.id);
    expect(seen).not.toContain(retired.id);
    const byId = new Map(list.map((g) => [g.id, g]));
    expect(byId.get(owned.id)).toMatchObject({ is_member: true });
    expect(byId.get(joinedPrivate.id)).toMatchObject({ is_member: true, is_public: false });
    expect(byId.get(invitedPrivate.id)).toMatchObject({ is_member: false, is_public: false });
    expect(byId.get(openPublic.id)).toMatchObject({ is_member: false });

    const stranger = await createUser(t.db);
    const theirs = ids(await get(stranger, '/v1/groups'));
    expect(theirs).toContain(openPublic.id);
    for (const hidden of [joinedPrivate, invitedPrivate, hiddenPrivate, retired]) expect(theirs).not.toContain(hidden.id);
  });

  it('GET /v1/groups pages with offset and limit (100 at most)', async () => {
    const all: Summary[] = await get(viewer, '/v1/groups');
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(ids(await get(viewer, '/v1/groups?limit=2'))).toEqual(ids(all.slice(0, 2)));
    expect(ids(await get(viewer, '/v1/groups?offset=2&limit=2'))).toEqual(ids(all.slice(2, 4)));
    expect(await get(viewer, `/v1/groups?offset=${all.length}`)).toEqual([]);
    for (const [query, detail] of [
      ['limit=0', 'limit: Too small: expected number to be >=1'],
      ['limit=101', 'limit: Too big: expected number to be <=100'],
      ['offset=-1', 'offset: Too small: expected number to be >=0'],
      ['limit=abc', 'limit: must be a whole number written in plain digits, like 42'],
    ]) {
      const res = await as(t, viewer).get(`/v1/groups?${query}`);
      expect({ status: res.status, detail: res.body.detail, code: res.body.code }).toEqual({ status: 400, detail, code: 'VALIDATION_FAILED' });
    }
  });

  it('an invitation accepted, a group joined, a group left: the lists follow', async () => {
    const requests = await get(viewer, '/v1/users/groups/requests');
    const request = requests.find((r: { group_id: number }) => r.group_id === invitedPrivate.id);
    expect((await as(t, viewer).put(`/v1/users/groups/requests/${request.id}`, { status: 'ACCEPTED' })).status).toBe(200);
    expect((await as(t, viewer).post(`/v1/groups/${openPublic.id}/join`)).status).toBe(200);
    let overview = await get(viewer, '/v1/users/groups/overview');
    expect(ids(overview.my_groups)).toEqual(expect.arrayContaining([invitedPrivate.id, openPublic.id]));
    expect(ids(overview.public_groups)).not.toContain(openPublic.id);

    expect((await as(t, viewer).del(`/v1/groups/${openPublic.id}/leave`)).status).toBe(200);
    overview = await get(viewer, '/v1/users/groups/overview');
    expect(ids(overview.my_groups)).not.toContain(openPublic.id);
    expect(ids(overview.public_groups)).toContain(openPublic.id);
  });
});

describe('lists at scale issue a fixed number of SQL statements', () => {
  /** The token check plus at most two statements of the list itself. */
  const BOUND = 3;

  async function insertGroup(owner: FactoryUser, members: FactoryUser[], isPublic: boolean): Promise<number> {
    const group = await t.db
      .insertInto('groups')
      .values({ name: groupName('Scale'), owner_id: owner.id, is_public: isPublic })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('group_members')
      .values([{ group_id: group.id, user_id: owner.id, role: 'OWNER' }, ...members.map((m) => ({ group_id: group.id, user_id: m.id, role: 'MEMBER' as const }))])
      .execute();
    return group.id;
  }

  async function users(n: number): Promise<FactoryUser[]> {
    const out: FactoryUser[] = [];
    for (let i = 0; i < n; i += 1) out.push(await createUser(t.db));
    return out;
  }

  /** A viewer in `n` groups of `n` members each (half of them public, half private), and `n` more public groups with `n` members. */
  async function world(n: number) {
    const viewer = await createUser(t.db);
    const people = await users(n);
    const groupIds: number[] = [];
    for (let i = 0; i < n; i += 1) {
      // The viewer owns every other group and is a member of the rest.
      const owner = i % 2 === 0 ? viewer : people[0];
      const members = owner === viewer ? people.slice(0, n - 1) : [viewer, ...people.slice(1, n - 1)];
      groupIds.push(await insertGroup(owner, members, i % 3 !== 0));
    }
    for (let i = 0; i < n; i += 1) await insertGroup(people[i], people.filter((p) => p !== people[i]).slice(0, n - 1), true);
    return { viewer, groupIds };
  }

  /** A group owned by the viewer with `n` members, `n` friends outside it, `n` open invitations and `n` removed users. */
  async function bigGroup(n: number) {
    const owner = await createUser(t.db);
    const members = await users(n - 1);
    const friendsOutside = await users(n);
    const invited = await users(n);
    const removed = await users(n);
    const groupId = await insertGroup(owner, members, true);
    for (const friend of [...friendsOutside, ...invited, ...members]) await makeFriendsInDb(t.db, owner, friend);
    await t.db.insertInto('group_requests').values(invited.map((u) => ({ group_id: groupId, from_user_id: owner.id, to_user_id: u.id }))).execute();
    await t.db.insertInto('group_blocks').values(removed.map((u) => ({ group_id: groupId, user_id: u.id, blocked_by: owner.id }))).execute();
    return { owner, groupId, member: members[0] };
  }

  async function count(viewer: FactoryUser, path: string) {
    const { result, count, statements } = await t.testDb.countQueries(() => as(t, viewer).get(path));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return { body: result.body, count, statements };
  }

  it('GET /v1/users/groups/overview, /v1/users/groups/me and /v1/groups: 2 groups of 2 vs 25 groups of 25', async () => {
    const small = await world(2);
    const paths = ['/v1/users/groups/overview', '/v1/users/groups/me', '/v1/groups'];
    const before = new Map<string, number>();
    for (const path of paths) before.set(path, (await count(small.viewer, path)).count);

    const large = await world(25);
    for (const path of paths) {
      const measured = await count(large.viewer, path);
      expect({ path, count: measured.count }, measured.statements.join('\n')).toEqual({ path, count: before.get(path) });
      expect(measured.count).toBeLessThanOrEqual(BOUND);
    }
    // The large lists are really large.
    const overview = (await count(large.viewer, '/v1/users/groups/overview')).body;
    expect(overview.my_groups).toHaveLength(25);
    for (const g of overview.my_groups) expect(g.member_count).toBe(25);
    expect(overview.public_groups.length).toBeGreaterThanOrEqual(25);
    expect((await count(large.viewer, '/v1/users/groups/me')).body).toHaveLength(25);
    const visible = (await count(large.viewer, '/v1/groups')).body;
    expect(visible.filter((g: Summary) => g.is_member)).toHaveLength(25);
  });

  it('GET /v1/groups/{id} (member view): 2 members, friends, invitations and blocks vs 25 of each', async () => {
    const small = await bigGroup(2);
    const smallOwner = await count(small.owner, `/v1/groups/${small.groupId}`);
    const smallMember = await count(small.member, `/v1/groups/${small.groupId}`);
    expect(smallOwner.body.members).toHaveLength(2);

    const large = await bigGroup(25);
    const largeOwner = await count(large.owner, `/v1/groups/${large.groupId}`);
    const largeMember = await count(large.member, `/v1/groups/${large.groupId}`);
    expect(largeOwner.body.members).toHaveLength(25);
    expect(largeOwner.body.non_members).toHaveLength(50); // friends outside and the invited ones
    expect(largeOwner.body.pending_invitation_user_ids).toHaveLength(25);
    expect(largeOwner.body.blocks).toHaveLength(25);
    expect(largeMember.body.members).toHaveLength(25);

    expect(largeOwner.count, largeOwner.statements.join('\n')).toBe(smallOwner.count);
    expect(largeMember.count).toBe(smallMember.count);
    expect(largeOwner.count).toBeLessThanOrEqual(BOUND);
    expect(largeMember.count).toBeLessThanOrEqual(BOUND);
  });
});
