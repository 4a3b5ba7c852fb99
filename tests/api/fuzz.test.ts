/**
 * Generated fuzz of every REST operation in openapi.json: a new endpoint is fuzzed as soon as the
 * document lists it, with no test written for it. Each operation gets at least FUZZ_RUNS (>= 100)
 * inputs from fast-check: inputs built from the operation's own JSON schema (ids of real objects,
 * so the service layer is reached), the same with one field broken (wrong type, missing, extra,
 * boundary numbers, unicode, huge strings), arbitrary and deeply nested JSON, bodies over the
 * 100kb limit, malformed JSON and wrong content types, hostile path and query values, and several
 * callers (the fixture user, an admin, nobody, broken or forged tokens).
 *
 * Every answer must be below 500, and every 4xx a JSON `{detail, code}` body (DESIGN §2).
 *
 * Every operation starts from an intact world of fixtures (users, friends, groups, stacks, bots...):
 * the world is rebuilt whenever an operation broke it, so a destructive operation cannot make the
 * next one shallow; account-ending operations get a fresh user per input. Deterministic: FUZZ_SEED
 * changes the seed, FUZZ_RUNS the number of inputs, FUZZ_REPORT=1 prints statuses per operation.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import supertest, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { newMailToken } from '../../server/modules/auth/auth.tokens';
import { createBot } from '../factories/bots';
import { addMemberInDb, as, createGroup, makeFriendsInDb } from '../factories/groups';
import { answer, comment, createFriendStack, createGroupStack, groupWith, makeFriends, twist } from '../factories/stacks';
import { createCode, createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Math.max(100, Number(process.env.FUZZ_RUNS ?? 100));
const MIN_INPUTS_PER_OPERATION = 100;
const BODY_LIMIT_BYTES = 100 * 1024;

/** Operations that end the caller's account or session: each input runs as a fresh user. */
const ACCOUNT_ENDING = [
  /^POST \/v\d+\/users\/me\/deactivate$/,
  /^DELETE \/v\d+\/users\/me$/,
  // Signing out, and ending a session (the caller's own is one the fuzz may name), end the caller's token.
  /^POST \/v\d+\/auth\/logout$/,
  /^DELETE \/v\d+\/users\/me\/sessions\/\{id\}$/,
];

// ---------------------------------------------------------------------------------------------
// The OpenAPI document

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  /** "GET /v1/users/{id}" */
  key: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema; for DELETE, the query and path params too (the server merges a DELETE body into them). */
  body?: JsonSchema;
  accountEnding: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; responses?: Record<string, { content?: Record<string, unknown> }> }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const spec = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Inlines `$ref`s to components (cycles stop at depth 20 with an empty schema). */
function resolve(schema: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!schema || depth > 20) return {};
  if (schema.$ref) return resolve(spec.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')], depth + 1);
  const out: JsonSchema = { ...schema };
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1)]));
  if (schema.items) out.items = resolve(schema.items, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (schema[key]) out[key] = schema[key].map((s) => resolve(s, depth + 1));
  return out;
}

function readOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      // A stream (GET /v1/events) stays open by design: this fuzz reads every answer to its end.
      // tests/api/events.test.ts covers it, with its refusals (401, 429) and bounded reads.
      if (raw.responses?.['200']?.content?.['text/event-stream']) continue;
      const params = (raw.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) }));
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      let body = raw.requestBody?.content?.['application/json']?.schema ? resolve(raw.requestBody.content['application/json'].schema) : undefined;
      if (!body && method === 'delete' && params.length > 0) {
        body = { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema])), required: [] };
      }
      const key = `${method.toUpperCase()} ${path}`;
      operations.push({ key, method, path, pathParams, queryParams, body, accountEnding: ACCOUNT_ENDING.some((re) => re.test(key)) });
    }
  }
  // Account-ending operations last, although each of their inputs has its own user anyway.
  return operations.sort((a, b) => Number(a.accountEnding) - Number(b.accountEnding));
}

const operations = readOperations();

// ---------------------------------------------------------------------------------------------
// The world: fixtures every operation starts from

type IdKind = 'users' | 'groups' | 'stacks' | 'twisted' | 'comments' | 'bots' | 'friendRequests' | 'groupRequests' | 'socials' | 'notifications';

interface World {
  me: FactoryUser;
  admin: FactoryUser;
  /** Users a fresh account-ending caller is made friends with, and the group it joins. */
  friend: FactoryUser;
  groupId: number;
  ids: Record<IdKind, number[]>;
  usernames: string[];
  emails: string[];
  codes: string[];
  /** Password-reset and e-mail verification tokens (of users other than `me`). */
  mailTokens: string[];
  /** Push subscription endpoints of `me`. */
  pushEndpoints: string[];
  /** The world's state when built, to tell when an operation broke it. */
  facts: Facts;
}

/** Rows that must still be there (`kept`), and relations that must not have changed at all (`exact`). */
interface Facts {
  kept: Set<string>;
  exact: string;
}

let t: TestApp;
let world: World | undefined;
let worldsBuilt = 0;
/** Inputs sent per operation key. */
const sent = new Map<string, number>();
/** Per operation: answers by status, milliseconds, and whether the world had to be rebuilt first (FUZZ_REPORT=1 prints them). */
const report = new Map<string, { statuses: Record<number, number>; ms: number; rebuilt: boolean }>();

/**
 * One app on one listening server for every fuzzed request, sent with node:http: exact bytes on the
 * wire (invalid UTF-8 included) and less client work per request than supertest.
 */
let server: Server;

beforeAll(async () => {
  // Cheap bcrypt: login and register are fuzzed like the rest (the cost is not what is tested here).
  t = await createTestApp({ bcryptCost: 4 });
  server = createServer(createApp(t.deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The factories (which build the world over REST) use the same server.
  t.request = supertest(server);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const ok = (res: Response, what: string) => {
  if (res.status !== 200) throw new Error(`fixture ${what}: ${res.status} ${res.text}`);
  return res.body as Record<string, unknown>;
};

/**
 * A signed-in user `me` with two friends, groups they own, belong to and may join, friend and
 * group stacks (answered, twisted, commented), bots, a social, blocks, pending friend and group
 * requests both ways and notifications; an admin; registration codes and mailed tokens.
 */
async function buildWorld(): Promise<World> {
  const [me, friendA, friendB, stranger, admin, blocked, resettable, requester] = await Promise.all([
    createUser(t.db, { avatar_id: 2, bio: 'fuzz fixture' }),
    createUser(t.db, { avatar_id: 3 }),
    createUser(t.db, { avatar_id: 4 }),
    createUser(t.db, { avatar_id: 5 }),
    createUser(t.db, { avatar_id: 6, role: 'ADMIN' }),
    createUser(t.db, { avatar_id: 7 }),
    createUser(t.db, { avatar_id: 8 }),
    createUser(t.db, { avatar_id: 9, verified: false }),
  ]);
  // Independent steps run together: a world is rebuilt after every operation that broke it.
  await Promise.all([makeFriends(t, me, friendA, friendB), makeFriendsInDb(t.db, admin, me)]);
  const [mine, theirs, joinable, hidden, inviting] = await Promise.all([
    groupWith(t, me, [friendA, friendB]),
    groupWith(t, friendA, [me], { is_restricted: true, is_readonly: true }),
    createGroup(t, stranger, { is_public: true }),
    createGroup(t, stranger, { is_public: false }),
    createGroup(t, friendB),
  ]);
  const [friendStack, groupStack, incomingStack, theirStack] = await Promise.all([
    createFriendStack(t, me, friendA),
    createGroupStack(t, me, mine.id),
    createFriendStack(t, friendB, me, { name: null }),
    createGroupStack(t, friendA, theirs.id),
  ]);
  const step = (what: string, pending: PromiseLike<Response>) => Promise.resolve(pending).then((res) => ok(res, what));
  await Promise.all([
    step('group invitation', as(t, friendB).post(`/v1/groups/${inviting.id}/invite/${me.id}`)),
    step('group block', as(t, me).post(`/v1/groups/${mine.id}/blocks`, { user_id: stranger.id })),
    step('social', as(t, me).put('/v1/users/me/socials', { platform: 'telegram', value: `fuzz_${me.id}_tg` })),
    step('block', as(t, me).post('/v1/users/blocks', { user_id: blocked.id })),
    step('incoming friend request', as(t, requester).post('/v1/users/friends/requests', { user_id: me.id })),
    step('outgoing friend request', as(t, me).post('/v1/users/friends/requests', { user_id: stranger.id })),
    answer(t, me, groupStack),
    answer(t, friendA, groupStack, [5, 4, 3, 2, 1, 0]),
    answer(t, friendB, groupStack, [2, 0, 5, 1, 4, 3]),
    answer(t, friendA, friendStack),
    answer(t, me, friendStack, [1, 0, 2, 3, 4, 5]),
  ]);
  const [twistedA, twistedB, commentA, commentB, commentC, botA, botB] = await Promise.all([
    twist(t, friendA, groupStack),
    twist(t, me, friendStack),
    comment(t, me, friendStack),
    comment(t, friendA, friendStack, 'Théâtre 👍'),
    comment(t, friendA, groupStack),
    createBot(t, admin, me, { type: 'group', group_id: mine.id }, { tags: ['cats', 'dogs(pets)'] }),
    createBot(t, admin, friendA, { type: 'user', user_id: me.id }),
  ]);
  const twisted = [twistedA, twistedB];
  const [twistedComment] = await Promise.all([comment(t, me, twistedA, 'Twisted indeed', 'twisted'), answer(t, me, twistedA, [1, 0, 2, 3, 4, 5], 'twisted')]);
  const comments = [commentA, commentB, commentC, twistedComment];
  const bots = [botA.id, botB.id];

  const codes = await Promise.all([createCode(t.db, { maxUses: 1000 }), createCode(t.db, { maxUses: 1 }), createCode(t.db, { expiresInDays: -1 })]);
  // Mailed tokens, straight in the database, for users other than `me` (a reset revokes its owner's tokens).
  const mailTokens: string[] = [];
  for (const [user, purpose, ttlMs] of [
    [resettable, 'reset_password', 3_600_000],
    [requester, 'verify_email', 3_600_000],
    [resettable, 'reset_password', -1000],
  ] as const) {
    const { token, hash } = newMailToken();
    await t.db.insertInto('user_tokens').values({ user_id: user.id, purpose, token_hash: hash, expires_at: new Date(Date.now() + ttlMs) }).execute();
    mailTokens.push(token);
  }

  const pushEndpoints = [PUSH_ENDPOINT(), PUSH_ENDPOINT()];
  await t.db
    .insertInto('push_subscriptions')
    .values(pushEndpoints.map((endpoint) => ({ user_id: me.id, endpoint, ...PUSH_KEYS, token_version: me.token_version })))
    .execute();

  const requestIds = async (table: 'friend_requests' | 'group_requests') =>
    (await t.db.selectFrom(table).select('id').where((eb) => eb.or([eb('from_user_id', '=', me.id), eb('to_user_id', '=', me.id)])).execute()).map((r) => r.id);
  const ownIds = async (table: 'socials' | 'notifications') => (await t.db.selectFrom(table).select('id').where('user_id', '=', me.id).execute()).map((r) => r.id);
  const users = [me, friendA, friendB, stranger, admin, blocked, resettable, requester];
  const built: Omit<World, 'facts'> = {
    me,
    admin,
    friend: friendA,
    groupId: mine.id,
    ids: {
      users: users.map((u) => u.id),
      groups: [mine.id, theirs.id, joinable.id, hidden.id, inviting.id],
      stacks: [friendStack, groupStack, incomingStack, theirStack],
      twisted,
      comments,
      bots,
      friendRequests: await requestIds('friend_requests'),
      groupRequests: await requestIds('group_requests'),
      socials: await ownIds('socials'),
      notifications: await ownIds('notifications'),
    },
    usernames: users.map((u) => u.username),
    emails: users.map((u) => u.email),
    codes: codes.map((c) => c.code),
    mailTokens,
    pushEndpoints,
  };
  worldsBuilt += 1;
  return { ...built, facts: await factsOf(built) };
}

/**
 * The world's destructible state: its users' accounts and the sessions of `me` and the admin,
 * friendships, memberships, groups, pending requests, stacks, comments, bots and socials (which
 * may be added to but not lost), and blocks and hides among them (which must not change at all).
 */
async function factsOf(w: Omit<World, 'facts'>): Promise<Facts> {
  const list = (ids: number[]) => (ids.length > 0 ? ids : [-1]);
  const { friendRequests, groupRequests, comments, bots, socials } = w.ids;
  const [users, groups, stacks] = [list(w.ids.users), list(w.ids.groups), list([...w.ids.stacks, ...w.ids.twisted])];
  // One statement per check (this runs before every operation).
  const row = await t.db
    .selectNoFrom((eb) => [
      jsonArrayFrom(eb.selectFrom('users').select(['id', 'is_active', 'role']).where('id', 'in', users)).as('users'),
      jsonArrayFrom(eb.selectFrom('users').select(['id', 'token_version']).where('id', 'in', [w.me.id, w.admin.id])).as('sessions'),
      jsonArrayFrom(eb.selectFrom('friendships').select(['user_id', 'friend_id']).where('user_id', 'in', users).where('friend_id', 'in', users)).as('friendships'),
      jsonArrayFrom(eb.selectFrom('group_members').select(['group_id', 'user_id', 'role']).where('group_id', 'in', groups)).as('members'),
      jsonArrayFrom(eb.selectFrom('groups').select(['id', 'owner_id', 'is_public', 'retired_at']).where('id', 'in', groups)).as('groups'),
      jsonArrayFrom(eb.selectFrom('friend_requests').select(['id', 'status']).where('id', 'in', list(friendRequests))).as('friendRequests'),
      jsonArrayFrom(eb.selectFrom('group_requests').select(['id', 'status']).where('id', 'in', list(groupRequests))).as('groupRequests'),
      jsonArrayFrom(eb.selectFrom('stacks').select(['id', 'is_sandboxed']).where('id', 'in', stacks)).as('stacks'),
      jsonArrayFrom(eb.selectFrom('comments').select(['id', 'is_sandboxed']).where('id', 'in', list(comments))).as('comments'),
      jsonArrayFrom(eb.selectFrom('bots').select(['id', 'owner_id']).where('id', 'in', list(bots))).as('bots'),
      jsonArrayFrom(eb.selectFrom('socials').select(['id']).where('id', 'in', list(socials))).as('socials'),
      jsonArrayFrom(eb.selectFrom('blocks').select(['blocker_id', 'blocked_id']).where('blocker_id', 'in', users).where('blocked_id', 'in', users)).as('blocks'),
      jsonArrayFrom(eb.selectFrom('group_blocks').select(['group_id', 'user_id']).where('group_id', 'in', groups)).as('groupBlocks'),
      jsonArrayFrom(eb.selectFrom('stack_hides').select(['stack_id', 'user_id']).where('stack_id', 'in', stacks)).as('hides'),
    ])
    .executeTakeFirstOrThrow();
  const { blocks, groupBlocks, hides, ...kept } = row;
  const keyed = (entries: [string, object[]][]) => entries.flatMap(([table, rows]) => rows.map((r) => `${table}:${JSON.stringify(r)}`));
  return {
    kept: new Set(keyed(Object.entries(kept))),
    exact: keyed(Object.entries({ blocks, groupBlocks, hides })).sort().join('\n'),
  };
}

/** A world whose facts still hold, or a fresh one: every operation starts from the same kind of state. */
async function intactWorld(): Promise<World> {
  if (world) {
    const now = await factsOf(world);
    if (now.exact === world.facts.exact && [...world.facts.kept].every((fact) => now.kept.has(fact))) return world;
  }
  world = await buildWorld();
  return world;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const INT32_MAX = 2 ** 31 - 1;
const NASTY_NUMBERS = [0, -1, 1, INT32_MAX, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 5e-324, 0.5, -0, 1.5, 1e21, 7];
/** Strings that look like numbers or keywords to a lax parser. */
const NASTY_WORDS = ['', ' ', '0', '-1', '-0', '1.5', '1e3', '1e308', '0x1F', '0b1', '01', ' 1', '1 ', '+1', 'NaN', 'Infinity', '-Infinity', 'null', 'undefined', 'true', 'false', '[]', '{}', '[object Object]', '__proto__', 'constructor', 'prototype', 'toString'];
/** Emoji (with ZWJ and flags), RTL, combining marks, zero-width and BOM, lone surrogates, odd case mappings. */
const NASTY_UNICODE = [
  '😀', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇫🇷', 'שלום', 'مرحبا بالعالم', '\u202Eevil\u202C', 'e\u0301\u0302\u0303\u0304', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\uD800', '\uDFFF', 'a\uD83Dz', '\uDE00\uD83D', '\uFEFF', '\u200B\u200D', 'ǅ', 'ß', 'İ', 'ﬃ', '١٢٣', '５', '\u2028\u2029', '\t\r\n',
  "'; drop table users; --", '%s%n%x', '${7*7}', '<script>alert(1)</script>', '../../etc/passwd', '\\', '"', '\u007F', '\u0001',
];
const UNITS = ['a', 'b', 'Z', '0', '9', '_', '-', ' ', '.', '@', ...NASTY_UNICODE.filter((s) => [...s].length === 1 || s.length <= 2)];
const unit = fc.oneof({ arbitrary: fc.constantFrom(...UNITS), weight: 3 }, { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 });
const text = (minLength = 0, maxLength = 24) => fc.string({ unit, minLength, maxLength });

const longString = fc.oneof(
  fc.integer({ min: 33, max: 3000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 10, max: 2000 }).map((n) => '😀'.repeat(n)),
  fc.constant('y'.repeat(60_000)),
);
const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_WORDS, ...NASTY_UNICODE), weight: 4 },
  { arbitrary: text(0, 40), weight: 2 },
  { arbitrary: longString, weight: 1 },
);
const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const nastyScalar = fc.oneof(nastyNumber, nastyString, fc.boolean(), fc.constant(null));
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyScalar, weight: 6 },
  { arbitrary: fc.array(nastyScalar, { maxLength: 5 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.constantFrom('a', 'id', '__proto__', 'constructor', 'ü', ''), nastyScalar, { maxKeys: 3 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** Wraps a value in `depth` arrays or objects (32 is the server's limit: both sides are tried). */
function nest(value: unknown, depth: number, shape: 'array' | 'object' | 'mixed'): unknown {
  let out = value;
  for (let i = 0; i < depth; i += 1) out = shape === 'array' || (shape === 'mixed' && i % 2 === 0) ? [out] : { a: out };
  return out;
}
const depthArb = fc.oneof(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 28, max: 36 }), fc.integer({ min: 37, max: 200 }));
const shapeArb = fc.constantFrom('array' as const, 'object' as const, 'mixed' as const);

/** Builds objects with own `__proto__` keys too (an object literal would set the prototype). */
const objectOf = (entries: [string, unknown][]) => Object.fromEntries(entries) as Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Values from an operation's JSON schema

const ID_WORDS = /(^|_)(id|ids)$|Id$/;

const FRUIT = ['Apples', 'Bananas', 'Cherries', 'Dates', 'Elderberries', 'Figs', 'Grapes', 'Kiwis'];
/** A browser's push subscription keys (a real P-256 point), and endpoints on a public push service. */
const PUSH_KEYS = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const PUSH_ENDPOINT = () => `https://push.example.com/send/${randomBytes(8).toString('hex')}`;
const TAGS = ['cats', 'dogs(pets)', 'Cats', 'space travel', 'tea(drinks)', 'jazz'];

/** Realistic values for whole array fields by name (distinct items, real ids), from the world. */
function arrayHintFor(name: string | undefined, w: World): fc.Arbitrary<unknown> | undefined {
  switch (name) {
    case 'position_ids':
      return fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 });
    case 'positions':
      return fc.shuffledSubarray(FRUIT, { minLength: 6, maxLength: 6 });
    case 'keywords':
    case 'tags':
      return fc.shuffledSubarray(TAGS, { minLength: 1, maxLength: 3 });
    case 'notification_ids':
      return fc.shuffledSubarray(w.ids.notifications, { minLength: Math.min(1, w.ids.notifications.length) });
    case 'user_ids':
      return fc.shuffledSubarray(w.ids.users, { minLength: 1, maxLength: 3 });
    default:
      return undefined;
  }
}

/** Realistic values for fields (and array items) by name, from the world, so that a valid-looking input reaches the service. */
function hintFor(name: string | undefined, w: World): fc.Arbitrary<unknown> | undefined {
  if (!name) return undefined;
  const pick = <T,>(values: T[]) => (values.length > 0 ? fc.constantFrom(...values) : undefined);
  const all = Object.values(w.ids).flat();
  switch (name) {
    case 'user_id':
    case 'owner_id':
    case 'userId':
    case 'user_ids':
      return pick(w.ids.users);
    case 'group_id':
      return pick(w.ids.groups);
    case 'stack_id':
      return pick([...w.ids.stacks, ...w.ids.twisted]);
    case 'target_id':
      return pick([...w.ids.users, ...w.ids.groups]);
    case 'notification_ids':
      return pick(w.ids.notifications);
    case 'username_or_email':
      return pick([...w.usernames, ...w.emails, ...w.emails.map((e) => e.toUpperCase())]);
    case 'email':
      return fc.oneof(pick(w.emails)!, fc.stringMatching(/^[a-z][a-z0-9.]{1,12}@example\.test$/));
    case 'username':
      return fc.oneof(pick(w.usernames)!, fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{1,20}[a-z0-9]$/));
    case 'password':
      return fc.oneof(fc.constant('password123'), fc.string({ minLength: 8, maxLength: 40 }), fc.constant('é'.repeat(36)), fc.constant('é'.repeat(37)));
    case 'registration_code':
      return fc.oneof(pick(w.codes)!, pick(w.codes.map((c) => c.toLowerCase()))!);
    case 'token':
      return pick(w.mailTokens);
    case 'platform':
      return fc.constantFrom('telegram', 'signal');
    case 'value':
      return fc.oneof(fc.stringMatching(/^@?[a-z][a-z0-9_]{4,20}$/), fc.stringMatching(/^\+?[0-9 ]{6,15}$/), fc.stringMatching(/^[a-z]{3,10}\.[0-9]{2}$/));
    case 'keywords':
    case 'tags':
      return fc.constantFrom(...TAGS);
    case 'positions':
      return fc.constantFrom(...FRUIT);
    case 'endpoint':
      return fc.oneof(pick(w.pushEndpoints)!, fc.constant(null).map(PUSH_ENDPOINT), fc.constantFrom('https://127.0.0.1/x', 'http://push.example.com/x', 'https://[::1]/x'));
    case 'p256dh':
      return fc.constantFrom(PUSH_KEYS.p256dh, `${PUSH_KEYS.p256dh}=`);
    case 'auth':
      return fc.constantFrom(PUSH_KEYS.auth, `${PUSH_KEYS.auth}==`);
    case 'id':
    case 'cid':
      return pick(all);
    default:
      return ID_WORDS.test(name) ? pick(all) : undefined;
  }
}

const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A value that satisfies the schema, or comes close (patterns are followed loosely; hints are real data). */
function validArb(schema: JsonSchema, w: World, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const base = schemaArb(schema, w, name, depth);
  const types = typesOf(schema);
  // An array's own hint is for the whole array; `hintFor` then serves its items.
  const hint = types.includes('object') ? undefined : types.includes('array') ? arrayHintFor(name, w) : hintFor(name, w);
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: base, weight: 1 }) : base;
}

/** A query value that passes the schema: an unconstrained string is taken as a boolean word (zod's stringbool). */
function validQueryArb(param: Parameter, w: World): fc.Arbitrary<string[]> {
  const { schema } = param;
  const plain = typesOf(schema).includes('string') && !schema.enum && !schema.pattern && schema.maxLength === undefined;
  const value = plain ? fc.constantFrom('true', 'false', '1', '0', 'yes', 'off') : validArb(schema, w, param.name);
  return value.map(toQueryValues);
}

function schemaArb(schema: JsonSchema, w: World, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validArb({ ...schema, anyOf: undefined, oneOf: undefined, ...s }, w, name, depth + 1)));
  if (schema.allOf) {
    const merged = schema.allOf.reduce<JsonSchema>((acc, part) => ({ ...acc, ...part, pattern: acc.pattern ?? part.pattern }), { ...schema, allOf: undefined });
    return schemaArb(merged, w, name, depth + 1);
  }
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => schemaArb({ ...schema, type }, w, name, depth + 1)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -(2 ** 31), schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Infinity);
      const max = Math.min(schema.maximum ?? INT32_MAX, schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity);
      const inInt32 = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, INT32_MAX) });
      const small = fc.integer({ min: Math.max(min, -3), max: Math.max(Math.min(max, 60), Math.max(min, -3)) });
      return fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: inInt32, weight: 1 }, { arbitrary: fc.constantFrom(min, max), weight: 1 });
    }
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Math.max(min, 40);
      const sized = (s: string) => (s.length > max ? s.slice(0, max) : s);
      const body = schema.pattern ? safePattern(schema.pattern).map(sized) : text(min, Math.min(max, min + 30));
      return fc.oneof({ arbitrary: body, weight: 4 }, { arbitrary: fc.constantFrom('x'.repeat(Math.max(min, 1)), 'm'.repeat(max)), weight: 1 });
    }
    case 'array': {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 8, minLength + 8));
      return fc.array(validArb(items, w, name, depth + 1), { minLength, maxLength });
    }
    case 'object':
    default: {
      if (!schema.properties) return types[0] === 'object' ? fc.constant({}) : fc.jsonValue({ maxDepth: 2 });
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties).map(([key, child]) =>
        fc.tuple(fc.constant(key), validArb(child, w, key, depth + 1), required.has(key) ? fc.constant(true) : fc.boolean()),
      );
      return fc.tuple(...entries).map((fields) => objectOf(fields.filter(([, , present]) => present).map(([key, value]) => [key, value])));
    }
  }
}

function safePattern(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return text(1, 20);
  }
}

/** One field (or the whole body) broken: missing, wrong type, boundary, unicode, huge, extra, deeply nested. */
function brokenArb(schema: JsonSchema, w: World): fc.Arbitrary<unknown> {
  const props = Object.keys(schema.properties ?? {});
  const keyArb = props.length > 0 ? fc.constantFrom(...props) : fc.constant('x');
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: keyArb }),
    fc.record({ kind: fc.constant('replace' as const), key: keyArb, value: nastyValue }),
    fc.record({ kind: fc.constant('replace' as const), key: keyArb, value: lengthBoundary(schema) }),
    fc.record({ kind: fc.constant('extra' as const), key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'is_admin', 'owner_id', 'extra'), text(0, 10)), value: nastyValue }),
    fc.record({ kind: fc.constant('nest' as const), key: keyArb, depth: depthArb, shape: shapeArb }),
    fc.record({ kind: fc.constant('whole' as const), value: nastyValue }),
  );
  return fc.tuple(validArb(schema, w), mutation).map(([valid, m]) => {
    if (m.kind === 'whole') return m.value;
    const base = valid !== null && typeof valid === 'object' && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
    const entries = Object.entries(base).filter(([key]) => m.kind !== 'drop' || key !== m.key);
    if (m.kind === 'replace' || m.kind === 'extra') return objectOf([...entries.filter(([key]) => key !== m.key), [m.key, m.value]]);
    if (m.kind === 'nest') return objectOf([...entries.filter(([key]) => key !== m.key), [m.key, nest(base[m.key] ?? 1, m.depth, m.shape)]]);
    return objectOf(entries);
  });
}

/** Strings one past each length limit of the schema's string fields, and exactly at it. */
function lengthBoundary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const limits = Object.values(schema.properties ?? {}).flatMap((p) => [p.maxLength, p.minLength, p.items?.maxLength].filter((n): n is number => n !== undefined));
  if (limits.length === 0) return nastyString;
  return fc.tuple(fc.constantFrom(...limits), fc.constantFrom(-1, 0, 1), fc.constantFrom('x', 'é', '😀', ' ')).map(([n, d, c]) => c.repeat(Math.max(0, n + d)));
}

// ---------------------------------------------------------------------------------------------
// Requests

type Caller =
  | { kind: 'user' }
  | { kind: 'admin' }
  | { kind: 'anonymous' }
  /** A raw Authorization header that is not a valid bearer token. */
  | { kind: 'header'; value: string }
  /** A JWT with chosen claims, signed with the app's secret (or another one). */
  | { kind: 'forged'; claims: Record<string, unknown>; secret: 'app' | 'other' };

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** `chunked`: sent without a Content-Length, so the server only learns the size by reading. */
  | { kind: 'raw'; text: string; contentType?: string; contentEncoding?: string; chunked?: boolean }
  /** JSON text with bytes that are not UTF-8 (hex) spliced in at `at`. */
  | { kind: 'bytes'; text: string; at: number; hex: string };

interface FuzzRequest {
  op: string;
  url: string;
  caller: Caller;
  body: Body;
}

/** Long strings are cut in counterexamples, so a failure report stays readable. */
function abbreviate(s: string, max = 400): string {
  return s.length <= max ? s : `${s.slice(0, max)}…(${s.length} chars in all)`;
}

function describeRequest(r: FuzzRequest): string {
  const who =
    r.caller.kind === 'header'
      ? `Authorization: ${JSON.stringify(r.caller.value)}`
      : r.caller.kind === 'forged'
        ? `forged token ${JSON.stringify(r.caller.claims)} (${r.caller.secret} secret)`
        : r.caller.kind;
  const body =
    r.body.kind === 'none'
      ? 'no body'
      : r.body.kind === 'json'
        ? `JSON ${abbreviate(JSON.stringify(r.body.value) ?? 'undefined')}`
        : r.body.kind === 'bytes'
          ? `JSON ${JSON.stringify(abbreviate(r.body.text))} with bytes ${r.body.hex} at ${r.body.at}`
          : `${JSON.stringify(r.body.contentType ?? '(no type)')}${r.body.contentEncoding ? ` encoded ${r.body.contentEncoding}` : ''}${r.body.chunked ? ' chunked' : ''} ${JSON.stringify(abbreviate(r.body.text))}`;
  return `${r.op}: ${r.op.split(' ')[0]} ${abbreviate(r.url)} as ${who}, ${body}`;
}

const withDescription = (r: FuzzRequest) => Object.assign(r, { [fc.toStringMethod]: () => describeRequest(r) });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** encodeURIComponent, with lone surrogates sent as the (invalid) UTF-8 of U+D800. */
const encode = (s: string) => encodeURIComponent(s.replace(LONE_SURROGATE, '\u0001')).replaceAll('%01', '%ED%A0%80');

/** Path segments sent as they are: broken percent-encoding, encoded slashes and dots, NUL, overlong UTF-8. */
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '%00', '%2F', '%2e%2e', '%ED%A0%80', '%C0%AF', '%FF', '%20', '+1', '1;x=1', '1%3B', '1%23x', '1%3Fa=1'];

function idKindFor(path: string, param: string): IdKind | undefined {
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  const [prev, prevPrev] = [segments[at - 1], segments[at - 2]];
  if (param === 'userId') return 'users';
  if (param === 'cid' || prev === 'comments') return 'comments';
  if (prev === 'requests') return prevPrev === 'groups' ? 'groupRequests' : 'friendRequests';
  const byPrevious: Record<string, IdKind> = {
    groups: 'groups', stacks: 'stacks', twisted_stacks: 'twisted', bots: 'bots', socials: 'socials', notifications: 'notifications',
    users: 'users', friends: 'users', blocks: 'users', invite: 'users',
  };
  return byPrevious[prev];
}

/** Path parameters as sent in the URL: real ids, or huge, negative, non-numeric, unicode and broken ones. */
function pathParamArb(op: Operation, param: Parameter, w: World): { valid: fc.Arbitrary<string>; hostile: fc.Arbitrary<string> } {
  const kind = idKindFor(op.path, param.name);
  const real = kind ? w.ids[kind] : Object.values(w.ids).flat();
  const extra = typesOf(param.schema).includes('string') ? ['telegram', 'signal', 'Telegram'] : [];
  const values = [...real, ...extra].map(String);
  const valid = values.length > 0 ? fc.constantFrom(...values) : fc.constant('1');
  const weird = [...NASTY_WORDS.filter(Boolean), ...NASTY_NUMBERS.map(String), String(2 ** 31), '9'.repeat(400), '0'.repeat(30) + '1', ...NASTY_UNICODE];
  const hostile = fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: fc.integer({ min: 1, max: 80 }).map(String), weight: 2 },
    { arbitrary: fc.constantFrom(...weird).map(encode), weight: 5 },
    { arbitrary: text(1, 12).map(encode), weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 2 },
  );
  return { valid, hostile };
}

const toQueryValues = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')) : [typeof value === 'string' ? value : JSON.stringify(value) ?? ''];

/**
 * Node answers a request line or headers over 16kb with a bare 431 before the app sees it (no JSON
 * body possible there), so generated query strings stay well under it; a cut may split an escape.
 */
const MAX_QUERY_CHARS = 6000;

function queryArb(op: Operation, w: World): fc.Arbitrary<string> {
  const names = op.queryParams.map((p) => p.name);
  const encodePairs = (name: string) => (values: string[]) => values.map((v) => `${encode(name)}=${encode(v)}`);
  const valid = op.queryParams.map((p) => fc.option(validQueryArb(p, w), { freq: 3, nil: [] as string[] }).map(encodePairs(p.name)));
  const hostile = op.queryParams.map((p) =>
    fc
      .oneof(
        { arbitrary: fc.constant<string[]>([]), weight: 3 },
        { arbitrary: validQueryArb(p, w), weight: 4 },
        { arbitrary: fc.array(fc.oneof(fc.constantFrom(...NASTY_WORDS, ...NASTY_NUMBERS.map(String)), nastyString), { minLength: 1, maxLength: 3 }), weight: 3 },
      )
      .map(encodePairs(p.name)),
  );
  const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'x', ...names.flatMap((n) => [n, `${n}[]`, `${n}[a]`])), text(0, 8));
  const extras = fc.array(fc.tuple(extraKey, nastyString).map(([k, v]) => `${encode(k)}=${encode(v)}`), { maxLength: 2 });
  const rawTail = fc.constantFrom('%', '&&&', '=1', 'limit=%E0%A4%A', 'a=%ZZ', 'offset=1&offset=2', 'x');
  const join = (parts: string[]) => parts.join('&').slice(0, MAX_QUERY_CHARS);
  return fc.oneof(
    { arbitrary: fc.tuple(...valid).map((params) => join(params.flat())), weight: 5 },
    {
      arbitrary: fc.tuple(fc.tuple(...hostile), extras, fc.option(rawTail, { freq: 4 })).map(([params, extra, raw]) => join([...params.flat(), ...extra, ...(raw ? [raw] : [])])),
      weight: 5,
    },
  );
}

const WRONG_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream',
  'application/vnd.api+json', 'text/json', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'APPLICATION/JSON',
  'application/json; charset=utf-8; boundary=x', '*/*', 'garbage', 'application/json, text/plain',
];
const MALFORMED_JSON = [
  '{', '{"a":}', "{'a':1}", '[1,]', 'nul', 'NaN', '1e999', '"\\ud800"', '{"a":"\\u0000"}', '{"a":"\\ud800\\udc00\\ud800"}', '{"a":1,"a":2}',
  '\uFEFF{}', '{}garbage', '', ' ', '[]', 'null', 'true', '0', '"x"', '{"__proto__":{"role":"ADMIN"}}', '{"constructor":{"prototype":{"x":1}}}',
  '{"a":' + '9'.repeat(5000) + '}', '{"a":1e400}', '{"a":-1e400}', '[' + '1,'.repeat(10_000) + '1]',
];

/** A body: valid-looking from the schema most often; broken, junk, deep, huge or mis-typed otherwise. */
function bodyArb(op: Operation, w: World): fc.Arbitrary<Body> {
  const schema = op.body;
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): Body => ({ kind: 'json', value: v }));
  const valid = schema ? validArb(schema, w) : fc.constant({});
  const hugeSize = fc.integer({ min: BODY_LIMIT_BYTES + 1, max: 2 * BODY_LIMIT_BYTES });
  const huge = fc.oneof(
    fc.tuple(valid, hugeSize).map(([v, n]): Body => ({ kind: 'json', value: { ...(typeof v === 'object' && v !== null ? v : {}), pad: 'x'.repeat(n) } })),
    fc.tuple(valid, hugeSize).map(([v, n]): Body => ({ kind: 'json', value: { ...(typeof v === 'object' && v !== null ? v : {}), items: new Array<number>(Math.ceil(n / 2)).fill(1) } })),
    fc
      .tuple(hugeSize, fc.constantFrom('application/json', 'text/plain'), fc.boolean())
      .map(([n, type, chunked]): Body => ({ kind: 'raw', contentType: type, text: `"${'z'.repeat(n)}"`, chunked })),
  );
  const bigUnderLimit = fc.tuple(valid, fc.integer({ min: 1000, max: 5000 })).map(([v, n]): Body => ({
    kind: 'json',
    value: objectOf([...Object.entries(typeof v === 'object' && v !== null ? v : {}), ...Array.from({ length: n }, (_, i): [string, unknown] => [`k${i}`, i])]),
  }));
  const deep = fc.tuple(valid, depthArb, shapeArb).map(([v, depth, shape]): Body => ({ kind: 'json', value: nest(v, depth, shape) }));
  const wrongType = fc.oneof(
    fc.tuple(valid, fc.constantFrom(...WRONG_TYPES)).map(([v, type]): Body => ({ kind: 'raw', contentType: type, text: JSON.stringify(v) ?? '' })),
    fc
      .tuple(valid, fc.constantFrom('application/x-www-form-urlencoded', 'text/plain'))
      .map(([v, type]): Body => ({ kind: 'raw', contentType: type, text: Object.entries(typeof v === 'object' && v !== null ? v : {}).map(([k, x]) => `${encode(k)}=${encode(String(x))}`).join('&') })),
    fc
      .tuple(valid, fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, gzip'))
      .map(([v, encoding]): Body => ({ kind: 'raw', contentType: 'application/json', contentEncoding: encoding, text: JSON.stringify(v) ?? '' })),
  );
  const malformed = fc.oneof(
    fc.constantFrom(...MALFORMED_JSON).map((text): Body => ({ kind: 'raw', contentType: 'application/json', text })),
    fc.tuple(valid, fc.nat()).map(([v, cut]): Body => {
      const full = JSON.stringify(v) ?? '';
      return { kind: 'raw', contentType: 'application/json', text: full.slice(0, cut % Math.max(1, full.length)) };
    }),
  );
  const invalidUtf8 = fc
    .tuple(valid, fc.constantFrom('ff', 'fe', 'c0af', 'eda080', 'f4908080', 'e282', '80', 'f8888080'))
    .map(([v, hex]): Body => {
      const text = JSON.stringify(v) ?? '';
      const inString = text.indexOf(':"');
      return { kind: 'bytes', text, at: inString >= 0 ? inString + 2 : Math.floor(text.length / 2), hex };
    });
  const junk = json(fc.oneof(nastyValue, fc.jsonValue({ maxDepth: 4 }), fc.object({ maxDepth: 2 })));
  if (schema) {
    return fc.oneof(
      { arbitrary: json(valid), weight: 40 },
      { arbitrary: json(brokenArb(schema, w)), weight: 30 },
      { arbitrary: junk, weight: 6 },
      { arbitrary: deep, weight: 5 },
      { arbitrary: wrongType, weight: 7 },
      { arbitrary: malformed, weight: 4 },
      { arbitrary: invalidUtf8, weight: 2 },
      { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 3 },
      { arbitrary: huge, weight: 3 },
      { arbitrary: bigUnderLimit, weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 78 },
    { arbitrary: junk, weight: 8 },
    { arbitrary: deep, weight: 3 },
    { arbitrary: wrongType, weight: 3 },
    { arbitrary: malformed, weight: 4 },
    { arbitrary: huge, weight: 4 },
  );
}

function callerArb(w: World): fc.Arbitrary<Caller> {
  const sub = fc.oneof(
    fc.constantFrom(String(w.me.id), '0', '-1', 'abc', '', ' 1', '1.5', '1e3', '١', String(2 ** 31), '9007199254740993', '99999999999999999999', String(INT32_MAX), '999999'),
    fc.constantFrom<unknown>(w.me.id, 2 ** 31, -5, 1.5, null, true, [1], { id: 1 }),
  );
  const forged = fc
    .record({
      claims: fc.record({ sub, ver: fc.constantFrom<unknown>(0, 1, -1, '0', null, 2 ** 53), exp: fc.constantFrom<unknown>(undefined, 1, Math.floor(Date.now() / 1000) + 3600) }),
      secret: fc.constantFrom('app' as const, 'other' as const),
    })
    .map(({ claims, secret }): Caller => ({ kind: 'forged', claims: objectOf(Object.entries(claims).filter(([, v]) => v !== undefined)), secret }));
  const header = fc
    .oneof(
      fc.constantFrom('Bearer', 'Bearer ', 'bearer x', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidmVyIjowfQ.', 'Bearer  \t x', 'Token abc'),
      text(0, 30).map((s) => `Bearer ${s.replace(/[^\x20-\x7E]/g, '?')}`),
      fc.integer({ min: 5000, max: 7000 }).map((n) => `Bearer ${'a'.repeat(n)}`),
    )
    .map((value): Caller => ({ kind: 'header', value }));
  return fc.oneof(
    { arbitrary: fc.constant<Caller>({ kind: 'user' }), weight: 64 },
    { arbitrary: fc.constant<Caller>({ kind: 'admin' }), weight: 16 },
    { arbitrary: fc.constant<Caller>({ kind: 'anonymous' }), weight: 8 },
    { arbitrary: header, weight: 4 },
    { arbitrary: forged, weight: 8 },
  );
}

function requestArb(op: Operation, w: World): fc.Arbitrary<FuzzRequest> {
  const paramArbs = op.pathParams.map((p) => ({ name: p.name, ...pathParamArb(op, p, w) }));
  const named = (pick: 'valid' | 'hostile') => fc.tuple(...paramArbs.map((p) => p[pick].map((value) => [p.name, value] as const)));
  const params = fc.oneof({ arbitrary: named('valid'), weight: 6 }, { arbitrary: named('hostile'), weight: 4 });
  const trailingSlash = fc.oneof({ arbitrary: fc.constant(''), weight: 30 }, { arbitrary: fc.constant('/'), weight: 1 });
  return fc.record({ params, query: queryArb(op, w), slash: trailingSlash, caller: callerArb(w), body: bodyArb(op, w) }).map(({ params, query, slash, caller, body }) => {
    const path = params.reduce((p, [name, value]) => p.replace(`{${name}}`, value), op.path) + slash;
    return withDescription({ op: op.key, url: query ? `${path}?${query}` : path, caller, body });
  });
}

// ---------------------------------------------------------------------------------------------
// Sending and checking

const OTHER_SECRET = 'not-the-app-secret-not-the-app-secret';

/** The caller's Authorization header; account-ending operations get a fresh user per input. */
async function authorizationFor(op: Operation, caller: Caller, w: World): Promise<string | undefined> {
  switch (caller.kind) {
    case 'anonymous':
      return undefined;
    case 'header':
      return caller.value;
    case 'forged':
      return `Bearer ${jwt.sign(caller.claims, caller.secret === 'app' ? t.config.jwtSecret : OTHER_SECRET, { algorithm: 'HS256', noTimestamp: 'exp' in caller.claims })}`;
    default: {
      const role = caller.kind === 'admin' ? 'ADMIN' : 'USER';
      if (!op.accountEnding) return `Bearer ${t.tokenFor(role === 'ADMIN' ? w.admin : w.me)}`;
      const user = await createUser(t.db, { role });
      await makeFriendsInDb(t.db, user, w.friend);
      await addMemberInDb(t.db, w.groupId, user);
      return `Bearer ${t.tokenFor(user)}`;
    }
  }
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

function bodyBytes(body: Body): { bytes?: Buffer; headers: Record<string, string>; chunked?: boolean } {
  switch (body.kind) {
    case 'none':
      return { headers: {} };
    case 'json':
      return { bytes: Buffer.from(JSON.stringify(body.value) ?? ''), headers: { 'content-type': 'application/json' } };
    case 'bytes': {
      const text = Buffer.from(body.text);
      const at = Math.min(body.at, text.length);
      return { bytes: Buffer.concat([text.subarray(0, at), Buffer.from(body.hex, 'hex'), text.subarray(at)]), headers: { 'content-type': 'application/json' } };
    }
    case 'raw':
      return {
        bytes: Buffer.from(body.text),
        chunked: body.chunked,
        headers: { ...(body.contentType !== undefined && { 'content-type': body.contentType }), ...(body.contentEncoding !== undefined && { 'content-encoding': body.contentEncoding }) },
      };
  }
}

async function send(op: Operation, r: FuzzRequest, w: World): Promise<Answer> {
  const authorization = await authorizationFor(op, r.caller, w);
  const { bytes, headers, chunked } = bodyBytes(r.body);
  if (authorization !== undefined) headers.authorization = authorization;
  // Node's client frames a GET or DELETE body as chunked only when told to (else it sends bytes the server reads as a second request).
  if (bytes) Object.assign(headers, chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(bytes.length) });
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: op.method.toUpperCase(), path: r.url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (bytes && chunked) {
      const half = Math.floor(bytes.length / 2);
      req.write(bytes.subarray(0, half));
      req.end(bytes.subarray(half));
    } else req.end(bytes);
  });
}

/** What is wrong with an answer, if anything: a 5xx, or an error without a JSON `{detail, code}`. */
function problemWith(res: Answer): string | undefined {
  if (res.status >= 500) return `a ${res.status}`;
  if (res.status < 400) return undefined;
  if (!/^application\/json/.test(res.contentType)) return `a ${res.status} that is not JSON (${res.contentType || 'no content type'})`;
  let body: { detail?: unknown; code?: unknown };
  try {
    body = JSON.parse(res.text) as typeof body;
  } catch {
    return `a ${res.status} whose body does not parse as JSON`;
  }
  if (typeof body?.detail !== 'string' || body.detail.trim() === '') return `a ${res.status} without a non-empty string detail`;
  if (typeof body.code !== 'string' || body.code === '') return `a ${res.status} without a string code`;
  return undefined;
}

/** FNV-1a: a per-operation seed derived from FUZZ_SEED, so one operation's failure replays alone. */
function seedFor(key: string): number {
  let hash = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash | 0;
}

describe(`fuzz of every operation in openapi.json (FUZZ_SEED=${SEED}, ${RUNS} inputs each)`, () => {
  it('reads the operations from openapi.json', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  for (const op of operations) {
    it(op.key, async () => {
      // Throttle counters belong to the previous operation's fuzz; each operation starts afresh.
      await t.db.deleteFrom('rate_limits').execute();
      const started = performance.now();
      const builtBefore = worldsBuilt;
      const w = await intactWorld();
      const statuses: Record<number, number> = {};
      report.set(op.key, { statuses, ms: 0, rebuilt: worldsBuilt > builtBefore });
      const property = fc.asyncProperty(requestArb(op, w), async (r) => {
        const res = await send(op, r, w);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const problem = problemWith(res);
        if (problem) throw new Error(`${problem}: ${res.status} ${abbreviate(res.text, 600)}`);
      });
      // A time limit for the shrinking too, so a failure is reported with its counterexample, not as a test timeout.
      const details = await fc.check(property, { numRuns: RUNS, seed: seedFor(op.key), interruptAfterTimeLimit: 100_000, markInterruptAsFailure: true });
      // Inputs of the run itself (not the shrinking), up to and including a failing one.
      sent.set(op.key, details.numRuns);
      report.get(op.key)!.ms = Math.round(performance.now() - started);
      if (details.failed) throw new Error(fc.defaultReportMessage(details), { cause: details.errorInstance });
      // The fuzz stays deep only while the fixture user's token works: no operation may end it.
      const me = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${t.tokenFor(w.me)}`);
      expect(me.status, `${op.key} ended the fixture user's session: list it in ACCOUNT_ENDING`).toBe(200);
    }, 120_000);
  }

  /** Counterexamples the fuzz found, kept so that they are tried whatever the seed. */
  const FOUND: { label: string; op: string; url: string; body: Body }[] = [
    {
      label: 'a Signal handle with lone surrogates (checkSocial: encodeURIComponent threw URIError, 500)',
      op: 'PUT /v1/users/me/socials',
      url: '/v1/users/me/socials',
      body: { kind: 'json', value: { platform: 'signal', value: '\ude00\ud83d' } },
    },
  ];
  it.each(FOUND)('counterexample found before: $label', async ({ op: key, url, body }) => {
    const op = operations.find((o) => o.key === key);
    if (!op) return; // The operation is gone from openapi.json.
    const res = await send(op, withDescription({ op: key, url, caller: { kind: 'user' }, body }), await intactWorld());
    expect(problemWith(res), res.text).toBeUndefined();
  });

  it(`fuzzed every operation with at least ${MIN_INPUTS_PER_OPERATION} inputs`, () => {
    const short = operations.filter((op) => (sent.get(op.key) ?? 0) < MIN_INPUTS_PER_OPERATION).map((op) => `${op.key}: ${sent.get(op.key) ?? 0}`);
    expect(short, 'operations fuzzed with fewer inputs (a failing or interrupted run stops early)').toEqual([]);
    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(operations.length * MIN_INPUTS_PER_OPERATION);
    if (process.env.FUZZ_REPORT) {
      const lines = [...report].map(([key, r]) => `${key.padEnd(56)} ${String(r.ms).padStart(5)} ms${r.rebuilt ? ' (new world)' : '            '} ${JSON.stringify(r.statuses)}`);
      console.log(`${total} inputs, ${worldsBuilt} worlds built\n${lines.join('\n')}`);
    }
  });
});
