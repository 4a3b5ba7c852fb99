import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_MESSAGES } from '../../shared/schemas/bots';
import { runBot } from '../../server/modules/bots/bots.engine';
import { createBot } from '../factories/bots';
import { as, groupCast } from '../factories/groups';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, detail: res.body.detail, code: res.body.code }).toEqual({ status, detail, code });
}
const expectBotNotFound = (res: Response) => expectError(res, 404, 'BOT_NOT_FOUND', 'Bot not found');
const NOT_EDITOR = "Only the bot's owner, its audience or an admin can edit its tags";

const addTags = (user: FactoryUser, id: number, keywords: unknown) => as(t, user).post(`/v1/bots/${id}/keywords`, { keywords });
const removeTags = (user: FactoryUser, id: number, body: object) =>
  t.request.delete(`/v1/bots/${id}/keywords`).set('Authorization', `Bearer ${t.tokenFor(user)}`).send(body);
const statuses = (res: Response) => Object.fromEntries((res.body.keywords as { name: string; status: string }[]).map((k) => [k.name, k.status]));

/** An admin, a bot owner, a user bot for `audience`, a group bot for `group`, and outsiders. */
async function botCast() {
  const cast = await groupCast(t);
  const [admin, botOwner, audience] = await Promise.all([createUser(t.db, { role: 'ADMIN' }), createUser(t.db, { avatar_id: 6 }), createUser(t.db, { avatar_id: 7 })]);
  const userBot = await createBot(t, admin, botOwner, { type: 'user', user_id: audience.id }, { name: 'Pal', tags: ['pizza', 'movies (horror)'] });
  const groupBot = await createBot(t, admin, botOwner, { type: 'group', group_id: cast.group.id }, { name: 'Clubbot', bio: 'Daily topics', avatar_id: 2, schedule: [4, 0], tags: ['food'] });
  return { ...cast, admin, botOwner, audience, userBot, groupBot };
}

describe('POST /v1/bots', () => {
  it('lets admins create a bot whose initial tags are PENDING', async () => {
    const c = await botCast();
    const res = await as(t, c.admin).get(`/v1/bots/${c.groupBot.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: c.groupBot.id,
      name: 'Clubbot',
      avatar_id: 2,
      bio: 'Daily topics',
      owner_id: c.botOwner.id,
      owner: { username: c.botOwner.username, avatar_id: 6 },
      friend_id: null,
      friend: null,
      group: { id: c.group.id, name: c.group.name },
      audience: { type: 'group', group: { id: c.group.id, name: c.group.name } },
      data: { schedule: [0, 4] },
      keywords: [{ id: expect.any(Number), name: 'food', status: 'PENDING', is_available: true }],
      can_edit_tags: true,
    });
  });

  it('refuses non-admins with 403', async () => {
    const c = await botCast();
    const res = await as(t, c.owner).post('/v1/bots', { name: 'x', avatar_id: 1, owner_id: c.owner.id, audience: { type: 'group', group_id: c.group.id } });
    expectError(res, 403, 'FORBIDDEN', 'Only admins may do this');
  });

  it.each([
    ['a 33-character tag', { tags: ['t'.repeat(33)] }, BOT_MESSAGES.tagMax],
    ['a tag with a comma', { tags: ['a,b'] }, BOT_MESSAGES.tagFormat],
    ['an avatar of 10', { avatar_id: 10 }, BOT_MESSAGES.avatar],
    ['a weekday of 7', { schedule: [7] }, BOT_MESSAGES.schedule],
    ['a repeated weekday', { schedule: [1, 1] }, BOT_MESSAGES.schedule],
    ['a 33-character name', { name: 'n'.repeat(33) }, BOT_MESSAGES.nameMax],
  ])('refuses %s with 400', async (_label, body, detail) => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const res = await as(t, admin).post('/v1/bots', { name: 'Bot', avatar_id: 1, owner_id: admin.id, audience: { type: 'user', user_id: admin.id }, ...body });
    expectError(res, 400, 'VALIDATION_FAILED', detail);
  });

  it('refuses an unknown owner or audience with 404', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const base = { name: 'Bot', avatar_id: 1, owner_id: admin.id };
    expectError(await as(t, admin).post('/v1/bots', { ...base, owner_id: 999999, audience: { type: 'user', user_id: admin.id } }), 404, 'USER_NOT_FOUND', 'Owner not found');
    expectError(await as(t, admin).post('/v1/bots', { ...base, audience: { type: 'user', user_id: 999999 } }), 404, 'USER_NOT_FOUND', 'User not found');
    expectError(await as(t, admin).post('/v1/bots', { ...base, audience: { type: 'group', group_id: 999999 } }), 404, 'GROUP_NOT_FOUND', 'Group not found');
  });
});

describe('GET /v1/bots and /v1/bots/{id}', () => {
  it('lists the bots whose stacks the viewer can see', async () => {
    const c = await botCast();
    const ids = async (user: FactoryUser) => ((await as(t, user).get('/v1/bots')).body as { id: number }[]).map((b) => b.id);
    expect(await ids(c.audience)).toEqual([c.userBot.id]);
    expect(await ids(c.member)).toEqual([c.groupBot.id]);
    expect(await ids(c.owner)).toEqual([c.groupBot.id]);
    // Its owner sees a group bot without being a member of its group (spec 2 §6).
    expect((await ids(c.botOwner)).sort((a, b) => a - b)).toEqual([c.userBot.id, c.groupBot.id]);
    expect(await ids(c.stranger)).toEqual([]);
    const list = await as(t, c.member).get('/v1/bots');
    expect(list.body).toEqual([{ id: c.groupBot.id, name: 'Clubbot', bio: 'Daily topics', avatar_id: 2 }]);
  });

  it('shows a user bot with its audience, and answers 404 to those who cannot see it', async () => {
    const c = await botCast();
    const res = await as(t, c.audience).get(`/v1/bots/${c.userBot.id}`);
    expect(res.status).toBe(200);
    const friend = { id: c.audience.id, username: c.audience.username, avatar_id: 7 };
    expect(res.body).toMatchObject({ friend_id: c.audience.id, friend, group: null, audience: { type: 'user', user: friend }, can_edit_tags: true });
    expect(statuses(res)).toEqual({ 'movies (horror)': 'PENDING', pizza: 'PENDING' });
    expectBotNotFound(await as(t, c.stranger).get(`/v1/bots/${c.userBot.id}`));
    expectBotNotFound(await as(t, c.member).get(`/v1/bots/${c.userBot.id}`));
    expectBotNotFound(await as(t, c.stranger).get(`/v1/bots/${c.groupBot.id}`));
    expectBotNotFound(await as(t, c.member).get('/v1/bots/999999'));
  });

  it('shows a group bot to its owner who is not a member of its group, and not to a stranger', async () => {
    const c = await botCast();
    const res = await as(t, c.botOwner).get(`/v1/bots/${c.groupBot.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ owner_id: c.botOwner.id, group: { id: c.group.id, name: c.group.name }, can_edit_tags: true });
    expect((await as(t, c.botOwner).get(`/v1/bots/${c.groupBot.id}/responses`)).status).toBe(200);
    expectBotNotFound(await as(t, c.stranger).get(`/v1/bots/${c.groupBot.id}/responses`));
    // Owning a bot does not make them a member: the group's member-only calls stay closed.
    expect((await as(t, c.botOwner).get(`/v1/groups/${c.group.id}/bots`)).status).toBe(403);
  });

  it('stops showing a group bot to a member who left', async () => {
    const c = await botCast();
    expect((await as(t, c.member).get(`/v1/bots/${c.groupBot.id}`)).status).toBe(200);
    expect((await as(t, c.member).del(`/v1/groups/${c.group.id}/leave`)).status).toBe(200);
    expectBotNotFound(await as(t, c.member).get(`/v1/bots/${c.groupBot.id}`));
  });

  it('lists the group bots for members in the group detail and /bots', async () => {
    const c = await botCast();
    const summary = { id: c.groupBot.id, name: 'Clubbot', bio: 'Daily topics', avatar_id: 2 };
    expect((await as(t, c.member).get(`/v1/groups/${c.group.id}`)).body.bots).toEqual([summary]);
    expect((await as(t, c.member).get(`/v1/groups/${c.group.id}/bots`)).body).toEqual([summary]);
  });
});

describe('POST and DELETE /v1/bots/{id}/keywords', () => {
  it('lets the owner, admins, the audience user and the group owner edit tags', async () => {
    const c = await botCast();
    expect((await addTags(c.botOwner, c.userBot.id, ['a1'])).status).toBe(200);
    expect((await addTags(c.admin, c.userBot.id, ['a2'])).status).toBe(200);
    expect((await addTags(c.audience, c.userBot.id, ['a3'])).status).toBe(200);
    expect((await addTags(c.owner, c.groupBot.id, ['g1'])).status).toBe(200);
    expect((await removeTags(c.owner, c.groupBot.id, { keywords: ['g1'] })).status).toBe(200);
  });

  it('lets the owner of a group bot edit and purge its tags without being a member of its group', async () => {
    const c = await botCast();
    const bot = c.groupBot.id;
    expect(statuses(await addTags(c.botOwner, bot, ['cats']))).toEqual({ cats: 'PENDING', food: 'PENDING' });
    expect(statuses(await removeTags(c.botOwner, bot, { keywords: ['food'] }))).toEqual({ cats: 'PENDING', food: 'DEACTIVATING' });
    await runBot(t.db, bot, new Date('2030-01-07T10:00:00Z'));
    expect(statuses(await removeTags(c.botOwner, bot, { keywords: [], purge: true }))).toEqual({ cats: 'ACTIVE' });
    // A stranger still cannot see it, so cannot edit it either.
    expectBotNotFound(await addTags(c.stranger, bot, ['x']));
    expectBotNotFound(await removeTags(c.stranger, bot, { keywords: ['cats'] }));
    expect(statuses(await as(t, c.botOwner).get(`/v1/bots/${bot}`))).toEqual({ cats: 'ACTIVE' });
  });

  it('refuses other viewers with 403 and those who cannot see the bot with 404', async () => {
    const c = await botCast();
    expectError(await addTags(c.member, c.groupBot.id, ['x']), 403, 'NOT_BOT_EDITOR', NOT_EDITOR);
    expectError(await removeTags(c.member, c.groupBot.id, { keywords: ['food'] }), 403, 'NOT_BOT_EDITOR', NOT_EDITOR);
    expectBotNotFound(await addTags(c.stranger, c.groupBot.id, ['x']));
    expectBotNotFound(await removeTags(c.stranger, c.userBot.id, { keywords: ['pizza'] }));
    expect(statuses(await as(t, c.owner).get(`/v1/bots/${c.groupBot.id}`))).toEqual({ food: 'PENDING' });
  });

  it.each([
    ['longer than 32 characters', 'x'.repeat(33), BOT_MESSAGES.tagMax],
    ['with a comma', 'pizza, pasta', BOT_MESSAGES.tagFormat],
    ['with two contexts', 'films (a) (b)', BOT_MESSAGES.tagFormat],
    ['with text after the context', 'films (a) now', BOT_MESSAGES.tagFormat],
    ['empty', '   ', BOT_MESSAGES.tagFormat],
  ])('refuses a tag %s with 400 and the spec message', async (_label, tag, detail) => {
    const c = await botCast();
    expectError(await addTags(c.botOwner, c.userBot.id, [tag]), 400, 'VALIDATION_FAILED', detail);
    expectError(await removeTags(c.botOwner, c.userBot.id, { keywords: [tag] }), 400, 'VALIDATION_FAILED', detail);
  });

  it('accepts a trimmed tag with one trailing context', async () => {
    const c = await botCast();
    const res = await addTags(c.botOwner, c.userBot.id, ['  board games (strategy)  ']);
    expect(res.status).toBe(200);
    expect(statuses(res)['board games (strategy)']).toBe('PENDING');
  });

  it('moves tags through add, remove, re-add and purge', async () => {
    const c = await botCast();
    const bot = c.userBot.id;
    // New → PENDING; a second spelling of an existing name changes nothing.
    expect(statuses(await addTags(c.botOwner, bot, ['Cats', 'PIZZA']))).toEqual({ Cats: 'PENDING', 'movies (horror)': 'PENDING', pizza: 'PENDING' });
    await runBot(t.db, bot, new Date('2030-01-07T10:00:00Z'));
    const active = await as(t, c.botOwner).get(`/v1/bots/${bot}`);
    expect(statuses(active)).toEqual({ Cats: 'ACTIVE', 'movies (horror)': 'ACTIVE', pizza: 'ACTIVE' });
    // Existing → DEACTIVATING; unknown names are ignored.
    expect(statuses(await removeTags(c.botOwner, bot, { keywords: ['cats', 'nothing'] }))).toEqual({ Cats: 'DEACTIVATING', 'movies (horror)': 'ACTIVE', pizza: 'ACTIVE' });
    // Re-adding a DEACTIVATING tag leaves it; purge leaves everything but DISABLED tags.
    expect(statuses(await addTags(c.botOwner, bot, ['Cats']))).toMatchObject({ Cats: 'DEACTIVATING' });
    expect(statuses(await removeTags(c.botOwner, bot, { keywords: [], purge: true }))).toMatchObject({ Cats: 'DEACTIVATING' });
    await runBot(t.db, bot, new Date('2030-01-08T10:00:00Z'));
    expect(statuses(await as(t, c.botOwner).get(`/v1/bots/${bot}`))).toMatchObject({ Cats: 'DISABLED' });
    // DISABLED → PENDING when added again.
    expect(statuses(await addTags(c.botOwner, bot, ['cats']))).toMatchObject({ Cats: 'PENDING' });
    await removeTags(c.botOwner, bot, { keywords: ['Cats'] });
    await runBot(t.db, bot, new Date('2030-01-09T10:00:00Z'));
    expect(statuses(await as(t, c.botOwner).get(`/v1/bots/${bot}`))).toEqual({ Cats: 'DISABLED', 'movies (horror)': 'ACTIVE', pizza: 'ACTIVE' });
    // Purge removes every DISABLED tag and leaves the active ones.
    expect(statuses(await removeTags(c.botOwner, bot, { purge: true }))).toEqual({ 'movies (horror)': 'ACTIVE', pizza: 'ACTIVE' });
  });

  it("refuses purge on a group bot to editors who do not own it (spec 2 §6), and changes nothing", async () => {
    const c = await botCast();
    // Owned by a member: the group owner and admins may edit its tags, only the member may purge.
    const { id: bot } = await createBot(t, c.admin, c.member, { type: 'group', group_id: c.group.id }, { name: 'Memberbot', tags: ['food'] });
    await removeTags(c.owner, bot, { keywords: ['food'] });
    await runBot(t.db, bot, new Date('2030-01-07T10:00:00Z'));
    for (const editor of [c.owner, c.admin]) {
      expectError(await removeTags(editor, bot, { keywords: [], purge: true }), 403, 'NOT_BOT_PURGER', "Only the bot's owner, or the audience of a user bot, can purge its tags");
    }
    expect(statuses(await as(t, c.owner).get(`/v1/bots/${bot}`))).toEqual({ food: 'DISABLED' });
    expect(statuses(await removeTags(c.member, bot, { keywords: [], purge: true }))).toEqual({});
    // On a user bot its audience may purge.
    expect((await removeTags(c.audience, c.userBot.id, { keywords: [], purge: true })).status).toBe(200);
  });
});

describe('GET /v1/bots/{id}/responses', () => {
  it('pages run records newest first, one by default', async () => {
    const c = await botCast();
    const bot = c.groupBot.id;
    expect((await as(t, c.member).get(`/v1/bots/${bot}/responses`)).body).toEqual([]);
    for (const day of ['2030-02-04', '2030-02-05', '2030-02-06']) await runBot(t.db, bot, new Date(`${day}T09:30:00Z`));
    const last = await as(t, c.member).get(`/v1/bots/${bot}/responses`);
    expect(last.status).toBe(200);
    expect(last.body).toHaveLength(1);
    expect(last.body[0]).toMatchObject({ run_on: '2030-02-06', success: true, keywords_prompt: ['food'], error: null });
    expect(typeof last.body[0].runtime).toBe('number');
    expect(last.body[0].raw_prompt).toContain('food');
    const page = await as(t, c.member).get(`/v1/bots/${bot}/responses?limit=2&offset=1`);
    expect(page.body.map((r: { run_on: string }) => r.run_on)).toEqual(['2030-02-05', '2030-02-04']);
    expectError(await as(t, c.member).get(`/v1/bots/${bot}/responses?limit=101`), 400, 'VALIDATION_FAILED', 'limit: Too big: expected number to be <=100');
    expectBotNotFound(await as(t, c.stranger).get(`/v1/bots/${bot}/responses`));
  });
});

describe('query counts', () => {
  async function count(viewer: FactoryUser, path: string) {
    const { result, count, statements } = await t.testDb.countQueries(() => as(t, viewer).get(path));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return { body: result.body, count, statements };
  }

  it('GET /v1/bots, /v1/bots/{id}, /responses and /v1/groups/{id}/bots issue as many statements for 1 bot with 1 tag as for 20 bots with 30 tags', async () => {
    async function world(bots: number, tags: number) {
      const cast = await groupCast(t);
      const admin = await createUser(t.db, { role: 'ADMIN' });
      const names = Array.from({ length: tags }, (_, i) => `tag ${i}`);
      const ids: number[] = [];
      for (let i = 0; i < bots; i += 1) {
        const bot = await createBot(t, admin, cast.owner, { type: 'group', group_id: cast.group.id }, { name: `Bot ${i}`, tags: names });
        ids.push(bot.id);
      }
      for (const day of [1, 2, 3]) await runBot(t.db, ids[0], new Date(Date.UTC(2030, 0, day, 12)));
      const paths = ['/v1/bots', `/v1/bots/${ids[0]}`, `/v1/bots/${ids[0]}/responses?limit=10&offset=0`, `/v1/groups/${cast.group.id}/bots`];
      return { viewer: cast.member, paths };
    }
    const small = await world(1, 1);
    const large = await world(20, 30);
    for (const [index, path] of small.paths.entries()) {
      const a = await count(small.viewer, path);
      const b = await count(large.viewer, large.paths[index]);
      expect(b.count, `${path}\n${b.statements.join('\n')}`).toBe(a.count);
      expect(b.count).toBeLessThanOrEqual(3);
    }
  });
});
