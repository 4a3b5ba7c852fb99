/**
 * REQUIRE_ADMIN_2FA and live events (docs/two-factor.md): an admin's stream opened with a session
 * that has no second factor gets what the admin would see as a user, live and on replay; a stream
 * of the same admin signed in with a second factor gets what admins see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import { createEventHub, type EventHub } from '../../server/modules/events/event-hub';
import { createGroup, makeFriendsInDb } from '../factories/groups';
import { createFriendStack, createGroupStack } from '../factories/stacks';
import { createSession, createUser } from '../factories/users';
import { listen, openSse, type SseMessage, type SseStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let hub: EventHub;
let server: { url: string; close(): Promise<void> };
const opened: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ requireAdmin2fa: true });
  hub = createEventHub({ handle: t.testDb.handle, logger: createLogger('silent'), pruneEveryMs: 0 });
  await hub.start();
  server = await listen(createApp({ ...t.deps, events: hub }));
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await server.close();
  await hub.stop();
  await t.close();
});

async function stream(token: string, lastEventId?: string): Promise<SseStream> {
  const s = await openSse(server.url, '/v1/events', { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) });
  expect(s.status).toBe(200);
  opened.push(s);
  return s;
}

const created = (stackId: number) => (m: SseMessage) => m.event === 'stack.created' && (m.data as { stack_id: number }).stack_id === stackId;

describe('an admin stream without the second factor', () => {
  it('does not carry group stacks only admins see, live or on replay; a second-factor session of the same admin does', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const owner = await createUser(t.db);
    await makeFriendsInDb(t.db, owner, admin);
    const passwordOnly = t.tokenFor(admin);
    const strong = signAccessToken(t.deps.config.jwtSecret, admin, await createSession(t.db, admin.id, { secondFactor: true }));
    const [weakStream, strongStream] = [await stream(passwordOnly), await stream(strong)];

    const group = await createGroup(t, owner);
    const groupStack = await createGroupStack(t, owner, group.id);
    const toAdmin = await createFriendStack(t, owner, admin);
    await strongStream.waitFor(created(groupStack));
    await strongStream.waitFor(created(toAdmin));
    // The friend stack came after the group stack: by then the group stack would have arrived too.
    await weakStream.waitFor(created(toAdmin));
    expect(weakStream.messages.some(created(groupStack))).toBe(false);

    // From just before the group stack's event: a replay must skip it for the password-only session.
    const cursor = String(Number(strongStream.messages.find(created(groupStack))?.id) - 1);
    const [weakReplay, strongReplay] = [await stream(passwordOnly, cursor), await stream(strong, cursor)];
    await strongReplay.waitFor(created(groupStack));
    await weakReplay.waitFor(created(toAdmin));
    expect(weakReplay.messages.some(created(groupStack))).toBe(false);
  });
});
