import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueBots, runBot } from '../../server/modules/bots/bots.engine';
import { createBot } from '../factories/bots';
import { as, groupCast } from '../factories/groups';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** 2030-03-04 is a Monday (weekday 0). */
const day = (n: number, hour = 10) => new Date(Date.UTC(2030, 2, 4 + n, hour, 0, 0));

interface Tag {
  name: string;
  status: string;
  is_available: boolean;
}
const tagsOf = async (user: FactoryUser, id: number): Promise<Tag[]> => (await as(t, user).get(`/v1/bots/${id}`)).body.keywords;
const byName = (tags: Tag[]) => Object.fromEntries(tags.map((k) => [k.name, `${k.status}${k.is_available ? '' : ' (used)'}`]));

async function groupBotCast(tags: string[], schedule = [0, 1, 2, 3, 4, 5, 6]) {
  const cast = await groupCast(t);
  const admin = await createUser(t.db, { role: 'ADMIN' });
  const bot = await createBot(t, admin, cast.owner, { type: 'group', group_id: cast.group.id }, { name: 'Clubbot', avatar_id: 3, tags, schedule });
  return { ...cast, admin, bot };
}

describe('runBot', () => {
  it('activates PENDING tags, disables DEACTIVATING ones, and rotates through the active tags', async () => {
    const c = await groupBotCast(['pizza', 'movies', 'cats', 'travel', 'music']);
    expect(byName(await tagsOf(c.owner, c.bot.id))).toEqual({ cats: 'PENDING', movies: 'PENDING', music: 'PENDING', pizza: 'PENDING', travel: 'PENDING' });

    const first = await runBot(t.db, c.bot.id, day(0));
    if (first.skipped) throw new Error('skipped');
    expect(first.run).toMatchObject({ run_on: '2030-03-04', success: true, error: null });
    expect(first.run.keywords_prompt).toHaveLength(3);
    const afterFirst = await tagsOf(c.owner, c.bot.id);
    expect(afterFirst.every((k) => k.status === 'ACTIVE')).toBe(true);
    expect(afterFirst.filter((k) => !k.is_available).map((k) => k.name).sort()).toEqual([...first.run.keywords_prompt].sort());

    // The second run takes the two tags not used yet; then every tag has been used: a new rotation.
    const second = await runBot(t.db, c.bot.id, day(1));
    if (second.skipped) throw new Error('skipped');
    expect([...second.run.keywords_prompt].sort()).toEqual(afterFirst.filter((k) => k.is_available).map((k) => k.name).sort());
    expect((await tagsOf(c.owner, c.bot.id)).every((k) => k.is_available)).toBe(true);

    // Removing a tag makes it DEACTIVATING; the next run disables it and never uses it.
    const removed = await t.request.delete(`/v1/bots/${c.bot.id}/keywords`).set('Authorization', `Bearer ${t.tokenFor(c.owner)}`).send({ keywords: ['pizza', 'movies'] });
    expect(removed.status).toBe(200);
    expect(byName(removed.body.keywords)).toMatchObject({ pizza: 'DEACTIVATING', movies: 'DEACTIVATING' });
    const third = await runBot(t.db, c.bot.id, day(2));
    if (third.skipped) throw new Error('skipped');
    expect([...third.run.keywords_prompt].sort()).toEqual(['cats', 'music', 'travel']);
    expect(byName(await tagsOf(c.owner, c.bot.id))).toEqual({ cats: 'ACTIVE', movies: 'DISABLED', music: 'ACTIVE', pizza: 'DISABLED', travel: 'ACTIVE' });

    // A tag added later is PENDING until a run activates it, then it is chosen among the unused ones.
    await as(t, c.owner).post(`/v1/bots/${c.bot.id}/keywords`, { keywords: ['pizza'] });
    expect(byName(await tagsOf(c.owner, c.bot.id)).pizza).toBe('PENDING');
    const fourth = await runBot(t.db, c.bot.id, day(3));
    if (fourth.skipped) throw new Error('skipped');
    expect(fourth.run.keywords_prompt).toHaveLength(3);
    expect(fourth.run.keywords_prompt).toContain('pizza');
    const runs = await as(t, c.member).get(`/v1/bots/${c.bot.id}/responses?limit=10`);
    expect(runs.body.map((r: { run_on: string }) => r.run_on)).toEqual(['2030-03-07', '2030-03-06', '2030-03-05', '2030-03-04']);
  });

  it('starts a new rotation when the unused tags were removed, and counts the tags of that run as used in it', async () => {
    const c = await groupBotCast(['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8']);
    await runBot(t.db, c.bot.id, day(0));
    await runBot(t.db, c.bot.id, day(1));
    const unused = (await tagsOf(c.owner, c.bot.id)).filter((k) => k.is_available).map((k) => k.name);
    expect(unused).toHaveLength(2);
    expect((await as(t, c.owner).del(`/v1/bots/${c.bot.id}/keywords`).send({ keywords: unused })).status).toBe(200);

    // Six ACTIVE tags, all used: this run starts a new rotation with three of them.
    const third = await runBot(t.db, c.bot.id, day(2));
    if (third.skipped) throw new Error('skipped');
    expect(third.run.keywords_prompt).toHaveLength(3);
    const tags = await tagsOf(c.owner, c.bot.id);
    expect(tags.filter((k) => k.status === 'ACTIVE' && !k.is_available).map((k) => k.name).sort()).toEqual([...third.run.keywords_prompt].sort());
    expect(tags.filter((k) => k.status === 'ACTIVE' && k.is_available)).toHaveLength(3);
  });

  it('posts a stack to the audience with the bot on it; admins can delete it while unanswered', async () => {
    const c = await groupBotCast(['pizza']);
    const result = await runBot(t.db, c.bot.id, day(0));
    if (result.skipped) throw new Error('skipped');
    const stackId = result.run.stack_id as number;
    expect(result.run.raw_prompt).toContain('pizza');
    const bot = { id: c.bot.id, name: 'Clubbot', avatar_id: 3 };

    const feed = await as(t, c.member).get('/v2/stacks');
    const item = feed.body.find((s: { id: number }) => s.id === stackId);
    expect(item).toMatchObject({ bot, owner_id: c.owner.id, audience: { type: 'group', group: { id: c.group.id, name: c.group.name } } });
    const noBots = await as(t, c.member).get('/v2/stacks?filter_no_bots=true');
    expect(noBots.body.some((s: { id: number }) => s.id === stackId)).toBe(false);

    const detail = await as(t, c.member).get(`/v1/stacks/${stackId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.bot).toEqual(bot);
    expect(detail.body.positions).toHaveLength(6);
    expect(new Set(detail.body.positions).size).toBe(6);
    expectStranger(await as(t, c.stranger).get(`/v1/stacks/${stackId}`));

    const adminView = await as(t, c.admin).get(`/v1/stacks/${stackId}`);
    expect(adminView.body.me.can_delete).toBe(true);
    expect((await as(t, c.admin).del(`/v1/stacks/${stackId}`)).status).toBe(200);
    expect((await as(t, c.member).get(`/v1/stacks/${stackId}`)).status).toBe(404);
  });

  it('posts a user bot stack to its audience user as a friend stack', async () => {
    const [admin, owner, audience, other] = await Promise.all([createUser(t.db, { role: 'ADMIN' }), createUser(t.db), createUser(t.db), createUser(t.db)]);
    const bot = await createBot(t, admin, owner, { type: 'user', user_id: audience.id }, { name: 'Pal', avatar_id: 9 });
    const result = await runBot(t.db, bot.id, day(0));
    if (result.skipped) throw new Error('skipped');
    expect(result.run).toMatchObject({ success: true, keywords_prompt: [] });
    const detail = await as(t, audience).get(`/v1/stacks/${result.run.stack_id}`);
    expect(detail.body).toMatchObject({ owner_id: owner.id, bot: { id: bot.id, name: 'Pal', avatar_id: 9 }, audience: { type: 'friend', user: { id: audience.id } } });
    expect((await as(t, other).get(`/v1/stacks/${result.run.stack_id}`)).status).toBe(404);
  });

  it('runs once per bot and UTC day, even when two runs race', async () => {
    const c = await groupBotCast(['pizza']);
    const results = await Promise.all([runBot(t.db, c.bot.id, day(0, 9)), runBot(t.db, c.bot.id, day(0, 9))]);
    expect(results.filter((r) => r.skipped)).toHaveLength(1);
    expect(await runBot(t.db, c.bot.id, day(0, 23))).toEqual({ skipped: true, run_on: '2030-03-04' });
    const runs = await t.db.selectFrom('bot_runs').select('id').where('bot_id', '=', c.bot.id).execute();
    const stacks = await t.db.selectFrom('stacks').select('id').where('bot_id', '=', c.bot.id).execute();
    expect({ runs: runs.length, stacks: stacks.length }).toEqual({ runs: 1, stacks: 1 });
  });

  it('records a failed run, which does not block the next day', async () => {
    const c = await groupBotCast(['pizza']);
    const failed = await runBot(t.db, c.bot.id, day(0), {
      generate: () => {
        throw new Error('generator exploded');
      },
    });
    if (failed.skipped) throw new Error('skipped');
    expect(failed.run).toMatchObject({ success: false, error: 'generator exploded', stack_id: null, keywords_prompt: ['pizza'] });
    // Nothing of the failed run stays: the tag is not marked used.
    expect((await tagsOf(c.owner, c.bot.id))[0]).toMatchObject({ status: 'PENDING', is_available: true });
    const next = await runBot(t.db, c.bot.id, day(1));
    if (next.skipped) throw new Error('skipped');
    expect(next.run).toMatchObject({ success: true, error: null, keywords_prompt: ['pizza'] });
    expect(next.run.stack_id).toEqual(expect.any(Number));
  });

  it('fails a run when its group was retired', async () => {
    const owner = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const group = (await as(t, owner).post('/v1/groups', { name: `Solo ${owner.id}` })).body;
    const bot = await createBot(t, admin, owner, { type: 'group', group_id: group.id });
    expect((await as(t, owner).del(`/v1/groups/${group.id}`)).status).toBe(200);
    const result = await runBot(t.db, bot.id, day(0));
    if (result.skipped) throw new Error('skipped');
    expect(result.run).toMatchObject({ success: false, error: 'The audience group was retired', stack_id: null });
  });
});

describe('dueBots', () => {
  it('answers the bots scheduled today without a run, from the run hour on', async () => {
    const monday = await groupBotCast([], [0]);
    const tuesday = await groupBotCast([], [1, 3]);
    const mine = (ids: number[]) => ids.filter((id) => id === monday.bot.id || id === tuesday.bot.id);
    expect(mine(await dueBots(t.db, day(7, 8), 9))).toEqual([]);
    expect(mine(await dueBots(t.db, day(7, 9), 9))).toEqual([monday.bot.id]);
    expect(mine(await dueBots(t.db, day(8, 12), 9))).toEqual([tuesday.bot.id]);
    expect(mine(await dueBots(t.db, day(9, 12), 9))).toEqual([]);
    await runBot(t.db, monday.bot.id, day(7, 9));
    expect(mine(await dueBots(t.db, day(7, 10), 9))).toEqual([]);
    expect(mine(await dueBots(t.db, day(14, 10), 9))).toEqual([monday.bot.id]);
  });
});

function expectStranger(res: { status: number }) {
  expect(res.status).toBe(404);
}
