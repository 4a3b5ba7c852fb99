import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import type { TestApp } from '../helpers/test-app';
import { createUser, uniqueName, type FactoryUser } from './users';

export interface GroupOptions {
  name?: string;
  description?: string;
  is_public?: boolean;
  is_restricted?: boolean;
  is_readonly?: boolean;
}

export interface FactoryGroup {
  id: number;
  name: string;
}

/** A group name unique in the test database and within the 24-character limit. */
export function groupName(prefix = 'g'): string {
  return uniqueName(prefix).slice(0, 24);
}

const auth = (t: TestApp, user: FactoryUser) => `Bearer ${t.tokenFor(user)}`;

/** Creates a group through POST /v1/groups, as `owner`; fails the test if the API refuses. */
export async function createGroup(t: TestApp, owner: FactoryUser, options: GroupOptions = {}): Promise<FactoryGroup> {
  const res = await t.request
    .post('/v1/groups')
    .set('Authorization', auth(t, owner))
    .send({ name: groupName(), ...options });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FactoryGroup;
}

/** Makes two users friends straight in the database (a friendship is stored both ways). */
export async function makeFriendsInDb(db: Db, a: FactoryUser, b: FactoryUser): Promise<void> {
  await db
    .insertInto('friendships')
    .values([
      { user_id: a.id, friend_id: b.id },
      { user_id: b.id, friend_id: a.id },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Makes two users friends through the API: `a` sends a request, `b` accepts it. */
export async function makeFriendsViaApi(t: TestApp, a: FactoryUser, b: FactoryUser): Promise<void> {
  const sent = await t.request.post('/v1/users/friends/requests').set('Authorization', auth(t, a)).send({ user_id: b.id });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const accepted = await t.request
    .put(`/v1/users/friends/requests/${sent.body.request_id}`)
    .set('Authorization', auth(t, b))
    .send({ status: 'ACCEPTED' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** Adds a member straight in the database (no invitation). */
export async function addMemberInDb(db: Db, groupId: number, user: FactoryUser): Promise<void> {
  await db.insertInto('group_members').values({ group_id: groupId, user_id: user.id, role: 'MEMBER' }).execute();
}

/**
 * The four people of most group tests: an owner with a group, a member (friend of the owner), a
 * friend of both who is outside the group, and a stranger who knows nobody.
 */
export async function groupCast(t: TestApp, options: GroupOptions = {}) {
  const [owner, member, friend, stranger] = await Promise.all([
    createUser(t.db, { avatar_id: 2 }),
    createUser(t.db, { avatar_id: 3 }),
    createUser(t.db, { avatar_id: 4 }),
    createUser(t.db, { avatar_id: 5 }),
  ]);
  await makeFriendsInDb(t.db, owner, member);
  await makeFriendsInDb(t.db, owner, friend);
  await makeFriendsInDb(t.db, member, friend);
  const group = await createGroup(t, owner, options);
  await addMemberInDb(t.db, group.id, member);
  return { owner, member, friend, stranger, group };
}

/** Requests signed in as `user`. */
export function as(t: TestApp, user: FactoryUser) {
  const header = auth(t, user);
  return {
    get: (path: string) => t.request.get(path).set('Authorization', header),
    post: (path: string, body: object = {}) => t.request.post(path).set('Authorization', header).send(body),
    put: (path: string, body: object = {}) => t.request.put(path).set('Authorization', header).send(body),
    del: (path: string) => t.request.delete(path).set('Authorization', header),
  };
}
