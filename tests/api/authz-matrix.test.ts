/**
 * The authorization matrix: every REST operation of openapi.json, called as each role, with the
 * status the spec gives (401 no or bad token, 404 what the caller may not see, 403 seen but not
 * allowed; DESIGN §2). A new operation fails the first test until it has a row: its permissions
 * must be decided here.
 *
 * Roles are relative to the operation's target: `owner` owns or created it (the stack's creator,
 * the group's owner, the bot's owner, the user themself for /users/me calls and user targets);
 * `friend` is a friend of the owner; `member` belongs to the private group the target is in;
 * `stranger` has no relation; `blocked` was blocked by the owner; `admin` is an ADMIN with no
 * relation; `deactivated` sends the token it had before deactivating its account.
 *
 * Each cell builds its own target (and, where the call changes the actors' relations, its own
 * cast), so cells are independent and run at once.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMailToken } from '../../server/modules/auth/auth.tokens';
import { signUnsubscribeToken } from '../../server/modules/notification-settings/unsubscribe-token';
import { addMemberInDb, makeFriendsInDb } from '../factories/groups';
import { positions } from '../factories/stacks';
import { challengeInDb, passkeyInDb, passkeySignInInDb, registrationOptionsInDb, totpInDb } from '../factories/second-factors';
import { createCode, createSession, createUser, uniqueName, type FactoryUser } from '../factories/users';
import { SoftAuthenticator } from '../helpers/soft-authenticator';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { createEventHub, type EventHub } from '../../server/modules/events/event-hub';
import { listen, openSse } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ROLES = ['anonymous', 'stranger', 'friend', 'blocked', 'member', 'owner', 'admin', 'deactivated'] as const;
type Role = (typeof ROLES)[number];
type SignedInRole = Exclude<Role, 'anonymous'>;
type Cast = Record<SignedInRole, FactoryUser>;

/** What a target factory answers: the path parameters and a valid body for the call. */
interface Call {
  params?: Record<string, number | string>;
  body?: object;
  /** Query parameters (GET calls that take input). */
  query?: Record<string, string>;
}

interface Cell {
  cast: Cast;
  role: Role;
  /** The signed-in user of the cell (none for anonymous). */
  actor?: FactoryUser;
}

type Target = (cell: Cell) => Promise<Call>;

interface Row {
  expect: Record<Role, number>;
  target: Target;
  /** The call changes how the actors relate (friendship, blocks, deactivation): a new cast per cell. */
  fresh?: true;
  /** An event stream: opened on a listening app with an event hub, its status read, then closed. */
  stream?: true;
}

let t: TestApp;
let shared: Cast;
let hub: EventHub;
let streaming: Awaited<ReturnType<typeof listen>>;

// ── Fixtures (straight in the database; the calls under test go through REST) ──────────────────

async function user(overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(t.db, overrides);
}

/** owner, friend (of the owner), stranger, blocked (by the owner), member, admin, deactivated. */
async function buildCast(): Promise<Cast> {
  const [owner, friend, stranger, blocked, member, admin, deactivated] = await Promise.all([
    user(),
    user(),
    user(),
    user(),
    user(),
    user({ role: 'ADMIN' }),
    user(),
  ]);
  await makeFriendsInDb(t.db, owner, friend);
  await t.db.insertInto('blocks').values({ blocker_id: owner.id, blocked_id: blocked.id }).execute();
  // Deactivated through the API: `deactivated` keeps the token it had before.
  const res = await t.request.post('/v1/users/me/deactivate').set('Authorization', `Bearer ${t.tokenFor(deactivated)}`).send({ confirm: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { owner, friend, stranger, blocked, member, admin, deactivated };
}

/** A private group of `ownerId` with `members` besides the owner. */
async function privateGroup(ownerId: number, members: FactoryUser[] = []): Promise<number> {
  const group = await t.db.insertInto('groups').values({ name: uniqueName('g').slice(0, 24), owner_id: ownerId, is_public: false }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('group_members').values({ group_id: group.id, user_id: ownerId, role: 'OWNER' }).execute();
  for (const member of members) await addMemberInDb(t.db, group.id, member);
  return group.id;
}

async function insertStack(values: { ownerId: number; groupId: number; botId?: number; parentId?: number }): Promise<number> {
  const row = await t.db
    .insertInto('stacks')
    .values({
      name: 'Fruit',
      positions: JSON.stringify(positions()),
      owner_id: values.ownerId,
      mode: 'group',
      friend_id: null,
      group_id: values.groupId,
      bot_id: values.botId ?? null,
      parent_id: values.parentId ?? null,
      twist_description: values.parentId ? 'But for breakfast' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function answerInDb(stackId: number, users: FactoryUser[]) {
  await t.db
    .insertInto('stack_responses')
    .values(users.map((u) => ({ stack_id: stackId, user_id: u.id, ranking: JSON.stringify([0, 1, 2, 3, 4, 5]) })))
    .execute();
}

async function commentInDb(stackId: number, author: FactoryUser): Promise<number> {
  return (await t.db.insertInto('comments').values({ stack_id: stackId, user_id: author.id, description: 'Nice one' }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The owner's group stack in the owner's private group, which the member belongs to. */
async function ownersGroupStack(cast: Cast, extraMembers: FactoryUser[] = []) {
  const groupId = await privateGroup(cast.owner.id, [cast.member, ...extraMembers]);
  return { groupId, stackId: await insertStack({ ownerId: cast.owner.id, groupId }) };
}

/**
 * The owner's twisted stack of the owner's group stack, which the owner, the member and a third
 * member answered (so the member sees the twisted stack too).
 */
async function ownersTwistedStack(cast: Cast) {
  const third = await user();
  const { groupId, stackId } = await ownersGroupStack(cast, [third]);
  await answerInDb(stackId, [cast.owner, cast.member, third]);
  return insertStack({ ownerId: cast.owner.id, groupId, parentId: stackId });
}

/** A bot of the owner whose audience is a private group the owner does not belong to (spec 2 §6). */
async function ownersGroupBot(cast: Cast): Promise<number> {
  const groupOwner = await user();
  const groupId = await privateGroup(groupOwner.id, [cast.member]);
  const bot = await t.db
    .insertInto('bots')
    .values({ name: 'Quizbot', avatar_id: 1, owner_id: cast.owner.id, friend_id: null, group_id: groupId, schedule: '[0,1,2,3,4,5,6]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('bot_keywords').values({ bot_id: bot.id, name: 'food' }).execute();
  return bot.id;
}

async function mailToken(userId: number, purpose: 'verify_email' | 'reset_password'): Promise<string> {
  const { token, hash } = newMailToken();
  await t.db.insertInto('user_tokens').values({ user_id: userId, purpose, token_hash: hash, expires_at: new Date(Date.now() + 3_600_000) }).execute();
  return token;
}

// ── Targets: one factory per kind of target, each making a fresh one ────────────────────────────

const withBody =
  (body: object): Target =>
  async () => ({ body });

const none: Target = async () => ({});
const ownerAsUser: Target = async ({ cast }) => ({ params: { id: cast.owner.id } });
const ownersPrivateGroup: Target = async ({ cast }) => ({ params: { id: await privateGroup(cast.owner.id, [cast.member]) } });
const groupStack: Target = async ({ cast }) => ({ params: { id: (await ownersGroupStack(cast)).stackId } });
const twistedStack: Target = async ({ cast }) => ({ params: { id: await ownersTwistedStack(cast) } });
/** The owner's group stack, answered by the owner and the member. */
const answeredGroupStack: Target = async ({ cast }) => {
  const { stackId } = await ownersGroupStack(cast);
  await answerInDb(stackId, [cast.owner, cast.member]);
  return { params: { id: stackId } };
};
/** The owner's twisted stack, answered by the owner and the member. */
const answeredTwistedStack: Target = async ({ cast }) => {
  const id = await ownersTwistedStack(cast);
  await answerInDb(id, [cast.owner, cast.member]);
  return { params: { id } };
};
/** Every signed-in role alike: 401 without a valid token. */
const EVERY_SIGNED_IN = (ok: number): Record<Role, number> => ({ anonymous: 401, stranger: ok, friend: ok, blocked: ok, member: ok, owner: ok, admin: ok, deactivated: 401 });
/** Admins only: 401 without a valid token, 403 for any other signed-in role. */
const ADMIN_ONLY = (ok: number): Record<Role, number> => ({ anonymous: 401, stranger: 403, friend: 403, blocked: 403, member: 403, owner: 403, admin: ok, deactivated: 401 });
const groupBot: Target = async ({ cast }) => ({ params: { id: await ownersGroupBot(cast) } });
const RANKING = { position_ids: [5, 4, 3, 2, 1, 0] };
/** A browser's push subscription (a real P-256 key), on a new endpoint of a public push service each time. */
const PUSH_KEYS = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const pushSubscriptionBody = () => ({ endpoint: `https://push.example.com/send/${randomBytes(8).toString('hex')}`, keys: PUSH_KEYS });
const COMMENT = { description: 'Well ranked' };

/** A comment of the owner on the owner's group stack. */
const stackComment =
  (body: object = {}): Target =>
  async ({ cast }) => {
    const { stackId } = await ownersGroupStack(cast);
    return { params: { id: stackId, cid: await commentInDb(stackId, cast.owner) }, body };
  };

/** A comment of the owner on the owner's twisted stack. */
const twistedComment =
  (body: object = {}): Target =>
  async ({ cast }) => {
    const id = await ownersTwistedStack(cast);
    return { params: { id, cid: await commentInDb(id, cast.owner) }, body };
  };

const withParamsAndBody =
  (target: Target, body: object): Target =>
  async (cell) => ({ ...(await target(cell)), body });

// ── The matrix: one row per operation of openapi.json ──────────────────────────────────────────

const MATRIX: Record<string, Row> = {
  // Accounts: public calls. A deactivated account's token is refused everywhere, public calls too.
  // Public calls do not read the token: a revoked one is simply not looked at.
  'POST /v1/auth/login': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    // An account of its own per cell: parallel logins to one account count against its throttle.
    target: async () => {
      const account = await user();
      return { body: { username_or_email: account.username, password: account.password } };
    },
  },
  'POST /v1/auth/recovery': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: async ({ cast }) => ({ body: { email: cast.owner.email } }),
  },
  'POST /v1/auth/reset': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    // A user of its own: a reset revokes its tokens.
    target: async () => ({ body: { token: await mailToken((await user()).id, 'reset_password'), password: 'a-new-password' } }),
  },
  'GET /v1/site': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: none,
  },
  'GET /v1/auth/reset/check': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: async () => ({ query: { token: await mailToken((await user()).id, 'reset_password') } }),
  },
  'POST /v1/users/register': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: async () => {
      const username = uniqueName('new');
      return { body: { username, email: `${username}@example.test`, password: 'password123', registration_code: (await createCode(t.db)).code } };
    },
  },
  'POST /v1/users/verify-email': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: async () => ({ body: { token: await mailToken((await user({ verified: false })).id, 'verify_email') } }),
  },

  // Users: /me calls act on the caller; a user target is the owner.
  'GET /v1/users/me': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'POST /v1/users/me/deactivate': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: withBody({ confirm: true }),
    fresh: true,
  },
  'GET /v1/users': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'GET /v1/users/{id}': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: ownerAsUser,
  },
  'GET /v1/users/{id}/shared': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: ownerAsUser,
  },
  // Yourself: 200 with an empty list (nothing to compare).
  'GET /v1/users/{id}/scores': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: ownerAsUser,
  },
  'POST /v1/users/me/avatar': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: withBody({ avatar_id: 7 }),
  },
  'PUT /v1/users/me/bio': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: withBody({ bio: 'Ranks things' }),
  },
  'PUT /v1/users/me/socials': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: withBody({ platform: 'signal', value: 'ranker.01', visibility: 'friends' }),
  },
  'DELETE /v1/users/me/socials/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    // The owner's telegram entry (one per platform: the cells of this row share it).
    target: async ({ cast }) => {
      const social = await t.db
        .insertInto('socials')
        .values({ user_id: cast.owner.id, platform: 'telegram', value: 'owner_handle', visibility: 'public' })
        .onConflict((oc) => oc.columns(['user_id', 'platform']).doUpdateSet({ visibility: 'public' }))
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { id: social.id } };
    },
  },

  // Personal invites and the data export act on the caller only.
  'POST /v1/users/me/invites': {
    expect: { anonymous: 401, stranger: 201, friend: 201, blocked: 201, member: 201, owner: 201, admin: 201, deactivated: 401 },
    target: none,
  },
  'GET /v1/users/me/invites': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'GET /v1/users/me/export': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },

  // Web Push: the key is public; subscriptions are the caller's own (a DELETE names an endpoint of the owner).
  'GET /v1/push/key': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: none,
  },
  'POST /v1/users/me/push-subscriptions': {
    expect: { anonymous: 401, stranger: 201, friend: 201, blocked: 201, member: 201, owner: 201, admin: 201, deactivated: 401 },
    target: async () => ({ body: pushSubscriptionBody() }),
  },
  'GET /v1/users/me/push-subscriptions': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'DELETE /v1/users/me/push-subscriptions': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 204, admin: 404, deactivated: 401 },
    target: async ({ cast }) => {
      const body = pushSubscriptionBody();
      await t.db.insertInto('push_subscriptions').values({ user_id: cast.owner.id, endpoint: body.endpoint, ...body.keys, token_version: cast.owner.token_version }).execute();
      return { body: { endpoint: body.endpoint } };
    },
  },
  'POST /v1/users/me/push-subscriptions/test': {
    expect: { anonymous: 401, stranger: 202, friend: 202, blocked: 202, member: 202, owner: 202, admin: 202, deactivated: 401 },
    target: none,
  },

  // Friends and blocks: a request to the owner, the owner as the user asked, unfriended, blocked.
  'POST /v1/users/friends/requests': {
    expect: { anonymous: 401, stranger: 200, friend: 409, blocked: 404, member: 200, owner: 400, admin: 200, deactivated: 401 },
    target: async ({ cast }) => ({ body: { user_id: cast.owner.id } }),
    fresh: true,
  },
  'GET /v1/users/friends/requests': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'DELETE /v1/users/friends/requests/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    // A request the owner sent to someone else (its target's 403 is in friend-requests-ignored.test.ts).
    target: async ({ cast }) => {
      const request = await t.db
        .insertInto('friend_requests')
        .values({ from_user_id: cast.owner.id, to_user_id: (await user()).id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { id: request.id } };
    },
  },
  'PUT /v1/users/friends/requests/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    // A request someone else sent to the owner.
    target: async ({ cast }) => {
      const request = await t.db
        .insertInto('friend_requests')
        .values({ from_user_id: (await user()).id, to_user_id: cast.owner.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { id: request.id }, body: { status: 'ACCEPTED' } };
    },
  },
  'GET /v1/users/friends/me': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'DELETE /v1/users/friends/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 200, blocked: 404, member: 404, owner: 404, admin: 404, deactivated: 401 },
    target: ownerAsUser,
    fresh: true,
  },
  'POST /v1/users/blocks': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 404, member: 200, owner: 400, admin: 200, deactivated: 401 },
    target: async ({ cast }) => ({ body: { user_id: cast.owner.id } }),
    fresh: true,
  },
  'GET /v1/users/blocks': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'DELETE /v1/users/blocks/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    // The owner's block of `blocked`.
    target: async ({ cast }) => ({ params: { id: cast.blocked.id } }),
    fresh: true,
  },

  // Mutes: the owner muted as the user asked; the owner's mute of the friend.
  'POST /v1/users/mutes': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 404, member: 200, owner: 400, admin: 200, deactivated: 401 },
    target: async ({ cast }) => ({ body: { user_id: cast.owner.id } }),
    fresh: true,
  },
  'GET /v1/users/mutes': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'DELETE /v1/users/mutes/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    target: async ({ cast }) => {
      await t.db.insertInto('mutes').values({ muter_id: cast.owner.id, muted_id: cast.friend.id }).onConflict((oc) => oc.doNothing()).execute();
      return { params: { id: cast.friend.id } };
    },
    fresh: true,
  },

  // Notification settings: each caller's own; the unsubscribe link needs no sign-in (its token is the proof).
  // Preferences: each caller's own.
  'GET /v1/users/me/preferences': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'PUT /v1/users/me/preferences': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: async () => ({ body: { theme: 'light' } }),
  },
  'GET /v1/users/me/notification-settings': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'PUT /v1/users/me/notification-settings': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: async () => ({ body: { settings: { friend_request: { email: 'daily' } } } }),
  },
  'POST /v1/unsubscribe': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: async ({ cast }) => ({ body: { token: signUnsubscribeToken(t.config.jwtSecret, cast.owner.id, ['release_notes']) } }),
  },

  // Notifications: the owner's own.
  'GET /v1/users/notifications': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'GET /v1/users/notifications/unread-count': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },

  // Live events: every signed-in user has their own stream (what reaches it is tested in events.test.ts).
  'GET /v1/events': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
    stream: true,
  },
  'POST /v1/users/notifications/mark-read': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    target: async ({ cast }) => {
      const row = await t.db
        .insertInto('notifications')
        .values({ user_id: cast.owner.id, type: 'RELEASE_NOTES', data: JSON.stringify({ message: 'New release' }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { body: { notification_ids: [row.id] } };
    },
  },

  // Groups: the owner's private group, of which `member` is a member. Admins have no group powers.
  'GET /v1/groups': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'POST /v1/groups': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: withBody({ name: 'Rankers', description: 'We rank', is_public: false, is_restricted: false, is_readonly: false }),
  },
  'GET /v1/groups/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 404, deactivated: 401 },
    target: ownersPrivateGroup,
  },
  'DELETE /v1/groups/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 404, deactivated: 401 },
    // Retiring needs the owner to be the only member: the member joins only in its own cell.
    target: async ({ cast, role }) => ({ params: { id: await privateGroup(cast.owner.id, role === 'member' ? [cast.member] : []) } }),
  },
  'POST /v1/groups/{id}/invite/{userId}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 404, deactivated: 401 },
    // The invited user is a friend of the caller (only friends can be invited).
    target: async ({ cast, actor }) => {
      const invited = await user();
      if (actor) await makeFriendsInDb(t.db, actor, invited);
      return { params: { id: await privateGroup(cast.owner.id, [cast.member]), userId: invited.id } };
    },
  },
  'POST /v1/groups/{id}/join': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 409, owner: 409, admin: 404, deactivated: 401 },
    target: ownersPrivateGroup,
  },
  'DELETE /v1/groups/{id}/leave': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 403, admin: 404, deactivated: 401 },
    target: ownersPrivateGroup,
  },
  'GET /v1/groups/{id}/blocks': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 404, deactivated: 401 },
    target: ownersPrivateGroup,
  },
  'POST /v1/groups/{id}/blocks': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 404, deactivated: 401 },
    // Removes another member.
    target: async ({ cast }) => {
      const other = await user();
      const id = await privateGroup(cast.owner.id, [cast.member, other]);
      return { params: { id }, body: { group_id: id, user_id: other.id } };
    },
  },
  'DELETE /v1/groups/{id}/blocks/{userId}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 404, deactivated: 401 },
    target: async ({ cast }) => {
      const removed = await user();
      const id = await privateGroup(cast.owner.id, [cast.member]);
      await t.db.insertInto('group_blocks').values({ group_id: id, user_id: removed.id, blocked_by: cast.owner.id }).execute();
      return { params: { id, userId: removed.id } };
    },
  },
  'POST /v1/groups/{id}/description': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 404, deactivated: 401 },
    target: withParamsAndBody(ownersPrivateGroup, { description: 'Ranked daily' }),
  },
  'GET /v1/groups/{id}/bots': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 404, deactivated: 401 },
    target: ownersPrivateGroup,
  },
  'GET /v1/groups/{id}/agreement': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 404, deactivated: 401 },
    target: ownersPrivateGroup,
  },
  'GET /v1/users/groups/me': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'GET /v1/users/groups/overview': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'GET /v1/users/groups/requests': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'PUT /v1/users/groups/requests/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    // An invitation to the owner into someone else's private group, of which `member` is a member.
    target: async ({ cast }) => {
      const inviter = await user();
      const groupId = await privateGroup(inviter.id, [cast.member]);
      const request = await t.db
        .insertInto('group_requests')
        .values({ group_id: groupId, from_user_id: inviter.id, to_user_id: cast.owner.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { id: request.id }, body: { status: 'ACCEPTED' } };
    },
  },

  // Stacks: the owner's stack in the owner's private group. Admins see group stacks and moderate
  // them (sandbox, hide for users, delete bot stacks) but do not answer or comment (spec 2 §6).
  'GET /v2/stacks': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  // Hide New Stacks and Clear Updates act on the caller's own feed only.
  'POST /v1/stacks/hide_new': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'POST /v1/stacks/clear_updates': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  // Hidden stacks: each caller's own hides. The owner hid the stack; an admin hid it for the
  // member, which is not the member's to undo (404, as for a stack never hidden).
  'GET /v1/users/me/hidden-stacks': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'DELETE /v1/users/me/hidden-stacks/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    target: async ({ cast }) => {
      const { stackId } = await ownersGroupStack(cast);
      await t.db
        .insertInto('stack_hides')
        .values([
          { stack_id: stackId, user_id: cast.owner.id, hidden_by: cast.owner.id },
          { stack_id: stackId, user_id: cast.member.id, hidden_by: cast.admin.id },
        ])
        .execute();
      return { params: { id: stackId } };
    },
  },
  'DELETE /v1/users/me/hidden-stacks/batches/{batch_id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 200, admin: 404, deactivated: 401 },
    target: async ({ cast }) => {
      const { stackId } = await ownersGroupStack(cast);
      const batch = (await t.db.selectNoFrom(sql<number>`nextval('stack_hide_batches')::int`.as('id')).executeTakeFirstOrThrow()).id;
      await t.db.insertInto('stack_hides').values({ stack_id: stackId, user_id: cast.owner.id, hidden_by: cast.owner.id, batch_id: batch }).execute();
      return { params: { batch_id: batch } };
    },
  },
  'POST /v1/stacks': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 404, deactivated: 401 },
    target: async ({ cast }) => ({ body: { name: 'Fruit', mode: 'group', target_id: await privateGroup(cast.owner.id, [cast.member]), positions: positions() } }),
  },
  'GET /v1/stacks/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: groupStack,
  },
  // The share image: for whoever may see the stack and has answered it (the admin sees it, has not answered).
  'GET /v1/stacks/{id}/image.png': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    target: answeredGroupStack,
  },
  // The consensus on its own: the image's rule (seeing the stack, and having answered it).
  'GET /v1/stacks/{id}/consensus': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    target: answeredGroupStack,
  },
  'DELETE /v1/stacks/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 403, admin: 200, deactivated: 401 },
    // A stack of the owner's bot in the owner's group, not answered yet.
    target: async ({ cast }) => {
      const groupId = await privateGroup(cast.owner.id, [cast.member]);
      const bot = await t.db
        .insertInto('bots')
        .values({ name: 'Quizbot', avatar_id: 1, owner_id: cast.owner.id, friend_id: null, group_id: groupId, schedule: '[0]' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { id: await insertStack({ ownerId: cast.owner.id, groupId, botId: bot.id }) } };
    },
  },
  'POST /v1/stacks/{id}/complete': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    target: withParamsAndBody(groupStack, RANKING),
  },
  'POST /v1/stacks/{id}/viewed': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: groupStack,
  },
  'DELETE /v1/stacks/{id}/hide': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 403, admin: 200, deactivated: 401 },
    // 'Hide for User': for another member who has not answered (hiding for oneself is the twisted row's case).
    target: async ({ cast }) => {
      const other = await user();
      const { stackId } = await ownersGroupStack(cast, [other]);
      return { params: { id: stackId }, body: { user_ids: [other.id] } };
    },
  },
  'POST /v1/stacks/{id}/sandbox': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 200, deactivated: 401 },
    target: withParamsAndBody(groupStack, { sandbox: true }),
  },
  'POST /v1/stacks/{id}/edit': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 403, deactivated: 401 },
    target: withParamsAndBody(groupStack, { name: 'Fruit, ranked', positions: positions('Ripe ') }),
  },
  'POST /v1/stacks/{id}/comments': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    target: withParamsAndBody(groupStack, COMMENT),
  },
  'PUT /v1/stacks/{id}/comments/{cid}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 403, deactivated: 401 },
    target: stackComment(COMMENT),
  },
  'DELETE /v1/stacks/{id}/comments/{cid}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 403, deactivated: 401 },
    target: stackComment(),
  },
  'POST /v1/stacks/{id}/comments/{cid}/sandbox': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 200, deactivated: 401 },
    target: stackComment({ sandbox: true }),
  },

  // Twisted stacks: the owner's twist of the owner's group stack, which the member answered.
  'GET /v1/twisted_stacks': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'POST /v1/twisted_stacks': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    // The owner's group stack, answered by the owner, the member and two more members: it qualifies.
    target: async ({ cast }) => {
      const [third, fourth] = await Promise.all([user(), user()]);
      const { stackId } = await ownersGroupStack(cast, [third, fourth]);
      await answerInDb(stackId, [cast.owner, cast.member, third, fourth]);
      return { body: { stack_id: stackId, twist_description: 'But for breakfast' } };
    },
  },
  'GET /v1/twisted_stacks/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: twistedStack,
  },
  'GET /v1/twisted_stacks/{id}/image.png': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    target: answeredTwistedStack,
  },
  'GET /v1/twisted_stacks/{id}/consensus': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    target: answeredTwistedStack,
  },
  'POST /v1/twisted_stacks/{id}/complete': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    target: withParamsAndBody(twistedStack, RANKING),
  },
  'POST /v1/twisted_stacks/{id}/viewed': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: twistedStack,
  },
  'DELETE /v1/twisted_stacks/{id}/hide': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: twistedStack,
  },
  'POST /v1/twisted_stacks/{id}/edit': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 403, deactivated: 401 },
    target: withParamsAndBody(twistedStack, { twist_description: 'But for dinner' }),
  },
  'POST /v1/twisted_stacks/{id}/comments': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 403, deactivated: 401 },
    target: withParamsAndBody(twistedStack, COMMENT),
  },
  'PUT /v1/twisted_stacks/{id}/comments/{cid}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 403, deactivated: 401 },
    target: twistedComment(COMMENT),
  },
  'DELETE /v1/twisted_stacks/{id}/comments/{cid}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 403, deactivated: 401 },
    target: twistedComment(),
  },
  'POST /v1/twisted_stacks/{id}/comments/{cid}/sandbox': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 200, deactivated: 401 },
    target: twistedComment({ sandbox: true }),
  },

  // Bots: the owner's bot for a private group the owner is not in, of which `member` is a member.
  'GET /v1/bots': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'POST /v1/bots': {
    expect: { anonymous: 401, stranger: 403, friend: 403, blocked: 403, member: 403, owner: 403, admin: 200, deactivated: 401 },
    target: async ({ cast }) => ({
      body: { name: 'Quizbot', avatar_id: 4, owner_id: cast.owner.id, audience: { type: 'group', group_id: await privateGroup(cast.owner.id, [cast.member]) }, tags: ['food'] },
    }),
  },
  'GET /v1/bots/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: groupBot,
  },
  'GET /v1/bots/{id}/responses': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: groupBot,
  },
  'POST /v1/bots/{id}/keywords': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 200, deactivated: 401 },
    target: withParamsAndBody(groupBot, { keywords: ['cats'] }),
  },
  'DELETE /v1/bots/{id}/keywords': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 403, owner: 200, admin: 200, deactivated: 401 },
    target: withParamsAndBody(groupBot, { keywords: ['food'] }),
  },

  // Reports: anyone signed in reports what they can see (not themselves); only admins decide.
  'POST /v1/reports': {
    expect: { anonymous: 401, stranger: 201, friend: 201, blocked: 404, member: 201, owner: 400, admin: 201, deactivated: 401 },
    target: async ({ cast }) => ({ body: { target_type: 'user', target_id: cast.owner.id, reason: 'spam' } }),
  },
  'GET /v1/reports': {
    expect: { anonymous: 401, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 401 },
    target: none,
  },
  'PUT /v1/reports/{id}': {
    // The stranger's report on the owner: not even its reporter may decide it.
    expect: { anonymous: 401, stranger: 403, friend: 403, blocked: 403, member: 403, owner: 403, admin: 200, deactivated: 401 },
    target: async ({ cast }) => {
      const row = await t.db
        .insertInto('reports')
        .values({ reporter_id: cast.stranger.id, target_type: 'user', target_id: cast.owner.id, reason: 'spam', snapshot: JSON.stringify({ username: cast.owner.username, bio: '', avatar_id: 1 }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { id: row.id }, body: { status: 'resolved', resolution_note: 'Handled' } };
    },
  },

  // Sessions (docs/sessions.md): each signed-in user lists and ends their own; ending someone
  // else's is 404, as for anything one may not see. Signing out ends the actor's token: a cast per cell.
  'GET /v1/users/me/sessions': { expect: EVERY_SIGNED_IN(200), target: async () => ({}) },
  'DELETE /v1/users/me/sessions/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 204, admin: 404, deactivated: 401 },
    target: async ({ cast }) => ({ params: { id: await createSession(t.db, cast.owner.id) } }),
  },
  'POST /v1/users/me/sessions/revoke-others': { expect: EVERY_SIGNED_IN(200), target: async () => ({}) },
  'POST /v1/auth/logout': { expect: EVERY_SIGNED_IN(204), target: async () => ({}), fresh: true },

  // Two-factor sign-in and passkeys (docs/two-factor.md, docs/passkeys.md): each signed-in user
  // manages their own (no id names anyone else's); the sign-in calls are public. Each target
  // sets the actor's own state first, so a cell does not depend on the cells before it.
  'GET /v1/users/me/two-factor': { expect: EVERY_SIGNED_IN(200), target: async () => ({}) },
  'POST /v1/users/me/two-factor/setup': {
    expect: EVERY_SIGNED_IN(200),
    target: async ({ actor }) => {
      if (actor) await t.db.deleteFrom('totp_secrets').where('user_id', '=', actor.id).execute();
      return {};
    },
  },
  'POST /v1/users/me/two-factor/confirm': {
    expect: EVERY_SIGNED_IN(200),
    target: async ({ actor }) => ({ body: { code: actor ? await totpInDb(t.db, actor.id, { enabled: false }) : '123456' } }),
  },
  'POST /v1/users/me/two-factor/disable': {
    expect: EVERY_SIGNED_IN(204),
    target: async ({ actor }) => ({ body: { code: actor ? await totpInDb(t.db, actor.id, { enabled: true }) : '123456' } }),
  },
  'POST /v1/users/me/two-factor/recovery-codes': {
    expect: EVERY_SIGNED_IN(200),
    target: async ({ actor }) => ({ body: { code: actor ? await totpInDb(t.db, actor.id, { enabled: true }) : '123456' } }),
  },
  'POST /v1/auth/login/mfa': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    // An account of its own per cell, half-way through a two-step sign-in.
    target: async () => {
      const account = await user();
      const code = await totpInDb(t.db, account.id, { enabled: true });
      return { body: { mfa_token: await challengeInDb(t.db, 'mfa', account.id), code } };
    },
  },
  'GET /v1/users/me/passkeys': { expect: EVERY_SIGNED_IN(200), target: async () => ({}) },
  'POST /v1/users/me/passkeys/options': { expect: EVERY_SIGNED_IN(200), target: async () => ({}) },
  'POST /v1/users/me/passkeys': {
    expect: EVERY_SIGNED_IN(201),
    target: async ({ actor }) => {
      const options = await registrationOptionsInDb(t.db, (actor ?? (await user())).id, t.deps.config.appUrl);
      return { body: { name: 'Laptop', response: new SoftAuthenticator(t.deps.config.appUrl).create(options) } };
    },
  },
  'DELETE /v1/users/me/passkeys/{id}': {
    expect: { anonymous: 401, stranger: 404, friend: 404, blocked: 404, member: 404, owner: 204, admin: 404, deactivated: 401 },
    target: async ({ cast }) => ({ params: { id: (await passkeyInDb(t.db, cast.owner.id)).id } }),
  },
  'POST /v1/auth/passkey/options': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: none,
  },
  'POST /v1/auth/passkey': {
    expect: { anonymous: 200, stranger: 200, friend: 200, blocked: 200, member: 200, owner: 200, admin: 200, deactivated: 200 },
    target: async () => ({ body: { response: (await passkeySignInInDb(t.db, (await user()).id, t.deps.config.appUrl)).response } }),
  },

  // The admin console (docs/admin.md): admins only, 403 for every other signed-in role. A user
  // target is a new account per cell, so a role change or a deactivation touches no cast member.
  'GET /v1/admin/codes': { expect: ADMIN_ONLY(200), target: async () => ({}) },
  'POST /v1/admin/codes': { expect: ADMIN_ONLY(201), target: async () => ({ body: { uses: 2, expires_days: 7 } }) },
  'DELETE /v1/admin/codes/{id}': { expect: ADMIN_ONLY(200), target: async () => ({ params: { id: (await createCode(t.db, { maxUses: 3 })).id } }) },
  'GET /v1/admin/users': { expect: ADMIN_ONLY(200), target: async ({ cast }) => ({ query: { q: cast.owner.username } }) },
  'GET /v1/admin/users/{id}': { expect: ADMIN_ONLY(200), target: async ({ cast }) => ({ params: { id: cast.owner.id } }) },
  'PUT /v1/admin/users/{id}/role': { expect: ADMIN_ONLY(200), target: async () => ({ params: { id: (await user()).id }, body: { role: 'ADMIN' } }) },
  'POST /v1/admin/users/{id}/deactivate': { expect: ADMIN_ONLY(200), target: async () => ({ params: { id: (await user()).id } }) },
  'GET /v1/admin/bots': { expect: ADMIN_ONLY(200), target: async () => ({}) },
  'POST /v1/admin/bots': {
    expect: ADMIN_ONLY(201),
    target: async ({ cast }) => ({
      body: { name: 'Quizbot', avatar_id: 4, owner_id: cast.owner.id, audience: { type: 'group', group_id: await privateGroup(cast.owner.id, [cast.member]) }, tags: ['food'] },
    }),
  },
  'PATCH /v1/admin/bots/{id}': { expect: ADMIN_ONLY(200), target: async (cell) => ({ ...(await groupBot(cell)), body: { schedule: [0, 2, 4], add_tags: ['films'] } }) },
  'POST /v1/admin/bots/{id}/run': { expect: ADMIN_ONLY(200), target: async (cell) => ({ ...(await groupBot(cell)), body: { force: true } }) },
  'POST /v1/admin/bots/{id}/purge': { expect: ADMIN_ONLY(200), target: groupBot },
  'POST /v1/admin/release-notes': { expect: ADMIN_ONLY(201), target: async () => ({ body: { message: 'Version 2: the admin console' } }) },
  'GET /v1/admin/audit': { expect: ADMIN_ONLY(200), target: async () => ({ query: { action: 'codes.create' } }) },
};

// ── Running a cell ─────────────────────────────────────────────────────────────────────────────

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];

function send(operation: string, call: Call, token: string | undefined) {
  const [method, template] = operation.split(' ');
  const url = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = call.params?.[name];
    if (value === undefined) throw new Error(`${operation}: the target gave no {${name}}`);
    return encodeURIComponent(String(value));
  });
  let request = t.request[method.toLowerCase() as Method](url);
  if (token) request = request.set('Authorization', `Bearer ${token}`);
  if (call.query) request = request.query(call.query);
  return call.body ? request.send(call.body) : request;
}

async function runCell(operation: string, row: Row, role: Role): Promise<Response> {
  const cast = row.fresh ? await buildCast() : shared;
  const actor = role === 'anonymous' ? undefined : cast[role];
  const call = await row.target({ cast, role, actor });
  const token = actor && t.tokenFor(actor);
  if (row.stream) {
    const stream = await openSse(streaming.url, operation.split(' ')[1], token ? { authorization: `Bearer ${token}` } : {});
    stream.close();
    return { status: stream.status, body: stream.body } as Response;
  }
  return send(operation, call, token);
}

/** Every operation of the committed OpenAPI document, as 'METHOD /path'. */
function documentedOperations(): string[] {
  const document = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([route, item]) =>
    Object.keys(item)
      .filter((key) => (METHODS as readonly string[]).includes(key))
      .map((method) => `${method.toUpperCase()} ${route}`),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  shared = await buildCast();
  hub = createEventHub({ handle: t.testDb.handle, logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), pruneEveryMs: 0 });
  await hub.start();
  streaming = await listen(createApp({ ...t.deps, events: hub }));
});
afterAll(async () => {
  hub.closeStreams();
  await streaming.close();
  await hub.stop();
  await t.close();
});

describe('authorization matrix', () => {
  it('has one row for every operation in openapi.json, and none for anything else', () => {
    const documented = documentedOperations();
    const rows = Object.keys(MATRIX);
    const coverage = { missing: documented.filter((op) => !rows.includes(op)), unknown: rows.filter((op) => !documented.includes(op)) };
    expect(coverage, 'each operation of openapi.json needs a MATRIX row deciding who may call it').toEqual({ missing: [], unknown: [] });
  });

  it.each(Object.keys(MATRIX))('%s', async (operation) => {
    const row = MATRIX[operation];
    const responses = await Promise.all(ROLES.map((role) => runCell(operation, row, role)));
    const got = Object.fromEntries(ROLES.map((role, i) => [role, responses[i].status]));
    const differences = ROLES.flatMap((role, i) =>
      responses[i].status === row.expect[role] ? [] : [`${role}: expected ${row.expect[role]}, got ${responses[i].status} ${JSON.stringify(responses[i].body)}`],
    );
    expect(got, differences.join('\n')).toEqual(row.expect);
  });
});
