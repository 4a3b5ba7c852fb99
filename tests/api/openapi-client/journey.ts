import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi';

/**
 * A third party's view of the API: a client generated from openapi.json alone (openapi-typescript
 * types, openapi-fetch calls). This file imports nothing from the app, so the test can type-check it
 * against the generated types only; every call here must fit the document as a client reads it.
 * It needs no Node types either (assertions come from the caller), which keeps that check quick.
 */

export type StacksClient = Client<paths>;

export interface JourneySetup {
  baseUrl: string;
  /** Makes names unique in a shared test database. */
  suffix: string;
  /** A registration code good for two registrations. */
  registrationCode: string;
  admin: { username: string; password: string };
  /** The token of the e-mail verification link last sent to this address. */
  verificationToken(email: string): Promise<string>;
  /** Fails the journey, naming the step, unless `actual` deeply equals `expected`. */
  expectEqual(actual: unknown, expected: unknown, step: string): void;
}

const PASSWORD = 'correct horse 42';
const FRUIT = ['Apple', 'Banana', 'Cherry', 'Date', 'Elderberry', 'Fig'];

/** The parts of an openapi-fetch result the journey reads. */
interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function clientFor(setup: JourneySetup, token?: string): StacksClient {
  return createClient<paths>({ baseUrl: setup.baseUrl, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** Registers, befriends, asks and answers a stack, edits bot tags, hides stacks; asserts each answer. */
export async function runJourney(setup: JourneySetup): Promise<void> {
  const same = setup.expectEqual;
  /** The body of a 200 answer; anything else fails the step, showing the server's error body. */
  const ok = <T>(step: string, result: Result<T>): T => {
    same({ status: result.response.status, error: result.error }, { status: 200, error: undefined }, step);
    return result.data as T;
  };
  const anonymous = clientFor(setup);

  // Register two people with the code; the first one verifies her e-mail address.
  const register = async (name: string) => {
    const username = `${name}${setup.suffix}`;
    const email = `${username.toLowerCase()}@example.test`;
    const token = ok(`register ${name}`, await anonymous.POST('/v1/users/register', { body: { username, email, password: PASSWORD, registration_code: setup.registrationCode } }));
    same(token.token_type, 'bearer', `register ${name}`);
    return { username, email, client: clientFor(setup, token.access_token) };
  };
  const alice = await register('alice');
  const bob = await register('bob');
  const verified = await anonymous.POST('/v1/users/verify-email', { body: { token: await setup.verificationToken(alice.email) } });
  same(ok('verify e-mail', verified), { message: 'Email verified successfully' }, 'verify e-mail');
  const aliceMe = ok('alice me', await alice.client.GET('/v1/users/me'));
  same([aliceMe.username, aliceMe.email, aliceMe.role, aliceMe.is_email_verified], [alice.username, alice.email, 'USER', true], 'alice me');
  const bobMe = ok('bob me', await bob.client.GET('/v1/users/me'));
  same(bobMe.is_email_verified, false, 'bob me');

  const login = ok('admin login', await anonymous.POST('/v1/auth/login', { body: { username_or_email: setup.admin.username, password: setup.admin.password } }));
  // An account with two-factor sign-in on answers {mfa_required, mfa_token} instead (docs/two-factor.md).
  if (!('access_token' in login)) throw new Error('admin login: a second step was asked of an account without two-factor sign-in');
  const admin = clientFor(setup, login.access_token);

  // Befriend: Alice asks, Bob accepts.
  const request = ok('friend request', await alice.client.POST('/v1/users/friends/requests', { body: { user_id: bobMe.id } }));
  same(typeof request.request_id, 'number', 'friend request');
  const accepted = await bob.client.PUT('/v1/users/friends/requests/{id}', { params: { path: { id: request.request_id as number } }, body: { status: 'ACCEPTED' } });
  same(ok('accept friend request', accepted), { id: request.request_id, status: 'ACCEPTED', friend_status: 'friends' }, 'accept friend request');
  const friends = ok('friends', await alice.client.GET('/v1/users/friends/me'));
  same(
    friends.map((friend) => [friend.id, friend.username, friend.friend_status]),
    [[bobMe.id, bob.username, 'friends']],
    'friends',
  );

  // Alice asks Bob a stack; both answer; Alice sees Bob's ranking and their score.
  const created = ok('create friend stack', await alice.client.POST('/v1/stacks', { body: { name: 'Fruit', mode: 'friend', target_id: bobMe.id, positions: FRUIT } }));
  const stack = { params: { path: { id: created.id } } };
  same(ok('bob answers', await bob.client.POST('/v1/stacks/{id}/complete', { ...stack, body: { position_ids: [5, 4, 3, 2, 1, 0] } })), { message: 'Answer saved' }, 'bob answers');
  same(ok('alice answers', await alice.client.POST('/v1/stacks/{id}/complete', { ...stack, body: { position_ids: [0, 1, 2, 3, 4, 5] } })), { message: 'Answer saved' }, 'alice answers');
  const detail = ok('stack detail', await alice.client.GET('/v1/stacks/{id}', stack));
  same([detail.name, detail.positions, detail.me.is_answered], ['Fruit', FRUIT, true], 'stack detail');
  same(
    detail.users.map((user) => [user.username, user.position_ids]),
    [
      [alice.username, [0, 1, 2, 3, 4, 5]],
      [bob.username, [5, 4, 3, 2, 1, 0]],
    ],
    'stack detail responders',
  );

  // An admin gives Alice a bot; she edits its tags, removing them through the DELETE body.
  const bot = ok(
    'create bot',
    await admin.POST('/v1/bots', { body: { name: 'Quizbot', avatar_id: 4, owner_id: aliceMe.id, audience: { type: 'user', user_id: aliceMe.id }, tags: ['cats'] } }),
  );
  const botPath = { params: { path: { id: bot.id } } };
  const tags = (result: { keywords: { name: string; status: string }[] }) => Object.fromEntries(result.keywords.map((k) => [k.name, k.status]));
  const added = ok('add tags', await alice.client.POST('/v1/bots/{id}/keywords', { ...botPath, body: { keywords: ['pizza', 'movies'] } }));
  same(tags(added), { cats: 'PENDING', movies: 'PENDING', pizza: 'PENDING' }, 'add tags');
  const removed = ok('remove tags', await alice.client.DELETE('/v1/bots/{id}/keywords', { ...botPath, body: { keywords: ['pizza', 'cats'] } }));
  same(tags(removed), { cats: 'DEACTIVATING', movies: 'PENDING', pizza: 'DEACTIVATING' }, 'remove tags');
  const purged = ok('purge tags', await alice.client.DELETE('/v1/bots/{id}/keywords', { ...botPath, body: { purge: false } }));
  same(tags(purged), tags(removed), 'purge tags');
  const refused = await alice.client.DELETE('/v1/bots/{id}/keywords', { ...botPath, body: { keywords: ['a, b'] } });
  same([refused.response.status, refused.error?.code], [400, 'VALIDATION_FAILED'], 'remove a malformed tag');

  // Bob hides the friend stack for himself: the body is optional.
  same(ok('hide for me', await bob.client.DELETE('/v1/stacks/{id}/hide', stack)), { message: 'Stack hidden' }, 'hide for me');

  // In Alice's group, an admin hides her stack for Bob, who has not answered it.
  const group = ok('create group', await alice.client.POST('/v1/groups', { body: { name: `Club ${setup.suffix}` } }));
  const invitation = ok('invite', await alice.client.POST('/v1/groups/{id}/invite/{userId}', { params: { path: { id: group.id, userId: bobMe.id } } }));
  const joined = ok('join', await bob.client.PUT('/v1/users/groups/requests/{id}', { params: { path: { id: invitation.request_id } }, body: { status: 'ACCEPTED' } }));
  same(joined, { id: invitation.request_id, status: 'ACCEPTED', group_id: group.id }, 'join');
  const groupStack = ok('create group stack', await alice.client.POST('/v1/stacks', { body: { mode: 'group', target_id: group.id, positions: FRUIT } }));
  const feedIds = async (who: StacksClient) => ok('feed', await who.GET('/v2/stacks')).map((item) => item.id);
  same(await feedIds(bob.client), [groupStack.id], 'bob feed before');
  const hidden = await admin.DELETE('/v1/stacks/{id}/hide', { params: { path: { id: groupStack.id } }, body: { user_ids: [bobMe.id] } });
  same(ok('hide for bob', hidden), { message: 'Stack hidden for 1 user' }, 'hide for bob');
  same(await feedIds(bob.client), [], 'bob feed after');
  same(await feedIds(alice.client), [groupStack.id, created.id], 'alice feed after');
  const moderated = ok('stack as admin', await admin.GET('/v1/stacks/{id}', { params: { path: { id: groupStack.id } } }));
  same(moderated.hidden_user_ids, [bobMe.id], 'stack as admin');
}
