import type { Response } from 'supertest';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { addMemberInDb, as, createGroup, makeFriendsInDb, type FactoryGroup, type GroupOptions } from './groups';
import { createUser, type FactoryUser } from './users';

/** Six distinct positions; a prefix keeps stacks apart when a test looks at several. */
export function positions(prefix = ''): string[] {
  return ['Apples', 'Bananas', 'Cherries', 'Dates', 'Elderberries', 'Figs'].map((p) => `${prefix}${p}`);
}

export type Kind = 'stack' | 'twisted';
/** The REST base of a stack kind: /v1/stacks or /v1/twisted_stacks. */
export const baseOf = (kind: Kind) => (kind === 'stack' ? '/v1/stacks' : '/v1/twisted_stacks');

/** A refusal: status, `detail` and `code`. */
export function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, detail: res.body.detail, code: res.body.code }, JSON.stringify(res.body)).toEqual({ status, detail, code });
}

export const expectStackNotFound = (res: Response) => expectError(res, 404, 'STACK_NOT_FOUND', 'Stack not found');
export const expectTwistedNotFound = (res: Response) => expectError(res, 404, 'STACK_NOT_FOUND', 'Twisted stack not found');

function expectOk(res: Response) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** Makes every pair of the given users friends (straight in the database, both ways). */
export async function makeFriends(t: TestApp, ...users: FactoryUser[]): Promise<void> {
  for (let i = 0; i < users.length; i += 1) {
    for (let j = i + 1; j < users.length; j += 1) await makeFriendsInDb(t.db, users[i], users[j]);
  }
}

/** `owner` blocks `target` over REST (which also ends their friendship). */
export async function block(t: TestApp, owner: FactoryUser, target: FactoryUser): Promise<void> {
  expectOk(await as(t, owner).post('/v1/users/blocks', { user_id: target.id }));
}

/** A group made by `owner` over REST, with `members` added straight in the database. */
export async function groupWith(t: TestApp, owner: FactoryUser, members: FactoryUser[], options: GroupOptions = {}): Promise<FactoryGroup> {
  const group = await createGroup(t, owner, options);
  for (const member of members) await addMemberInDb(t.db, group.id, member);
  return group;
}

export interface StackOptions {
  name?: string | null;
  positions?: string[];
}

/** POST /v1/stacks in friend mode, as `owner` to `friend`; answers the new id. */
export async function createFriendStack(t: TestApp, owner: FactoryUser, friend: FactoryUser, options: StackOptions = {}): Promise<number> {
  const res = expectOk(
    await as(t, owner).post('/v1/stacks', { name: options.name === undefined ? 'Fruit' : options.name, mode: 'friend', target_id: friend.id, positions: options.positions ?? positions() }),
  );
  return res.body.id as number;
}

/** POST /v1/stacks in group mode, as `owner` for `groupId`; answers the new id. */
export async function createGroupStack(t: TestApp, owner: FactoryUser, groupId: number, options: StackOptions = {}): Promise<number> {
  const res = expectOk(
    await as(t, owner).post('/v1/stacks', { name: options.name === undefined ? 'Fruit' : options.name, mode: 'group', target_id: groupId, positions: options.positions ?? positions() }),
  );
  return res.body.id as number;
}

/**
 * A group stack straight in the database, as the repo writes it (bulk seeding: POST /v1/stacks is
 * throttled per user, WRITE_THROTTLES.stacks); answers the new id.
 */
export async function groupStackInDb(t: TestApp, owner: FactoryUser, groupId: number, options: StackOptions = {}): Promise<number> {
  const row = await t.db
    .insertInto('stacks')
    .values({
      name: options.name === undefined ? 'Fruit' : options.name,
      positions: sql`${JSON.stringify(options.positions ?? positions())}::jsonb` as never,
      owner_id: owner.id,
      mode: 'group',
      friend_id: null,
      group_id: groupId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The canonical rankings tests use: best first, indices 0-5. */
export const RANKINGS = {
  identity: [0, 1, 2, 3, 4, 5],
  reversed: [5, 4, 3, 2, 1, 0],
  swapFirst: [1, 0, 2, 3, 4, 5],
  middle: [0, 2, 1, 4, 3, 5],
  mixed: [2, 0, 5, 1, 4, 3],
} as const;

/** POST {base}/{id}/complete as `user`; fails the test if refused. */
export async function answer(t: TestApp, user: FactoryUser, id: number, ranking: readonly number[] = RANKINGS.identity, kind: Kind = 'stack'): Promise<void> {
  expectOk(await as(t, user).post(`${baseOf(kind)}/${id}/complete`, { position_ids: ranking }));
}

/** POST /v1/twisted_stacks as `user`; answers the twisted stack's id. */
export async function twist(t: TestApp, user: FactoryUser, stackId: number, description = 'But for breakfast'): Promise<number> {
  const res = expectOk(await as(t, user).post('/v1/twisted_stacks', { stack_id: stackId, twist_description: description }));
  return res.body.id as number;
}

/** POST {base}/{id}/comments as `user`; answers the comment id. */
export async function comment(t: TestApp, user: FactoryUser, id: number, description = 'Nice one', kind: Kind = 'stack'): Promise<number> {
  const res = expectOk(await as(t, user).post(`${baseOf(kind)}/${id}/comments`, { description }));
  return res.body.id as number;
}

/** GET {base}/{id} as `user`, expecting 200. */
export async function getStack(t: TestApp, user: FactoryUser, id: number, kind: Kind = 'stack', query = '') {
  return expectOk(await as(t, user).get(`${baseOf(kind)}/${id}${query}`)).body;
}

/** GET /v2/stacks as `user` (query string without '?'), expecting 200. */
export async function feed(t: TestApp, user: FactoryUser, query = ''): Promise<FeedItem[]> {
  return expectOk(await as(t, user).get(`/v2/stacks${query ? `?${query}` : ''}`)).body as FeedItem[];
}

export interface FeedItem {
  id: number;
  type: 'stack' | 'twisted';
  name: string | null;
  twist: { id: number; twist_description: string; owner_id: number; owner_username: string } | null;
  users: { user_id: number; username: string; is_answered: boolean; is_viewed: boolean }[];
  me: { is_answered: boolean; viewed: boolean; viewed_comments: boolean };
  [key: string]: unknown;
}

/** The feed item of a regular stack (undefined when absent). */
export const stackItem = (items: FeedItem[], id: number) => items.find((i) => i.type === 'stack' && i.id === id);
/** The feed item of a twisted stack, by the twisted stack's own id. */
export const twistedItem = (items: FeedItem[], twistedId: number) => items.find((i) => i.type === 'twisted' && i.twist?.id === twistedId);

/** Moves a stack's creation time back by `hours` (edit window tests). */
export async function backdate(t: TestApp, id: number, hours: number): Promise<void> {
  await t.db
    .updateTable('stacks')
    .set({ created_at: sql`now() - make_interval(hours => ${hours})` as never })
    .where('id', '=', id)
    .execute();
}

/**
 * Turns a stack into a bot stack straight in the database: sets bot_id to `botId`, or to a new bot
 * owned by the stack's owner with the stack's audience.
 */
export async function makeBotStack(t: TestApp, id: number, botId?: number): Promise<void> {
  if (botId === undefined) {
    const stack = await t.db.selectFrom('stacks').select(['owner_id', 'friend_id', 'group_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const bot = await t.db
      .insertInto('bots')
      .values({ name: 'Factory bot', avatar_id: 1, owner_id: stack.owner_id, friend_id: stack.friend_id, group_id: stack.group_id, schedule: '[0]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    botId = bot.id;
  }
  await t.db.updateTable('stacks').set({ bot_id: botId }).where('id', '=', id).execute();
}

/** Answers straight in the database (bulk seeding for query-count tests): one statement. */
export async function answersInDb(t: TestApp, stackId: number, users: FactoryUser[], ranking: readonly number[] = RANKINGS.identity): Promise<void> {
  if (users.length === 0) return;
  await t.db
    .insertInto('stack_responses')
    .values(users.map((u) => ({ stack_id: stackId, user_id: u.id, ranking: sql`${JSON.stringify(ranking)}::jsonb` as never })))
    .execute();
}

/** Comments straight in the database, one per author in turn (bulk seeding): one statement. */
export async function commentsInDb(t: TestApp, stackId: number, authors: FactoryUser[], count: number): Promise<void> {
  if (count === 0) return;
  await t.db
    .insertInto('comments')
    .values(Array.from({ length: count }, (_, i) => ({ stack_id: stackId, user_id: authors[i % authors.length].id, description: `comment ${i}` })))
    .execute();
}

/**
 * `count` comments straight in the database, one a second up to now (oldest first, so order by
 * time is unambiguous), authored by `authors` in turn, described `${prefix} 0` to `${prefix} n-1`.
 * Answers their ids, oldest first.
 */
export async function timedCommentsInDb(t: TestApp, stackId: number, authors: FactoryUser[], count: number, prefix = 'comment'): Promise<number[]> {
  if (count === 0) return [];
  const rows = await t.db
    .insertInto('comments')
    .values(
      Array.from({ length: count }, (_, i) => ({
        stack_id: stackId,
        user_id: authors[i % authors.length].id,
        description: `${prefix} ${i}`,
        created_at: sql`now() - make_interval(secs => ${count - i})` as never,
      })),
    )
    .returning('id')
    .execute();
  // Serial ids follow the VALUES order.
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The cast of most stack tests: `owner` of a group with members `a` and `b`; `outsider` is a
 * friend of everyone but not a member; `admin` (role ADMIN) is not a member either.
 */
export async function stackCast(t: TestApp, options: GroupOptions = {}) {
  const [owner, a, b, outsider, admin] = await Promise.all([
    createUser(t.db, { avatar_id: 2 }),
    createUser(t.db, { avatar_id: 3 }),
    createUser(t.db, { avatar_id: 4 }),
    createUser(t.db, { avatar_id: 5 }),
    createUser(t.db, { avatar_id: 6, role: 'ADMIN' }),
  ]);
  await makeFriends(t, owner, a, b, outsider);
  const group = await groupWith(t, owner, [a, b], options);
  return { owner, a, b, outsider, admin, group };
}

/** Two friends and a third user who is a friend of neither. */
export async function friendPair(t: TestApp) {
  const [me, friend, third] = await Promise.all([createUser(t.db, { avatar_id: 2 }), createUser(t.db, { avatar_id: 3 }), createUser(t.db, { avatar_id: 4 })]);
  await makeFriends(t, me, friend);
  return { me, friend, third };
}

export { as };
