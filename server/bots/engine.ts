/**
 * A bot run (issue 6 item 2): claims the bot's UTC day in bot_runs (so a run happens once per bot
 * and day, whichever app instance gets there first), moves the tags along their lifecycle, picks
 * tags from the current rotation, generates a stack and posts it to the bot's audience, and
 * records the outcome. The scheduler (pg-boss) calls runBot for dueBots; the CLI calls it directly.
 */
import { sql } from 'kysely';
import type { Db } from '../db/client';
import * as repo from '../modules/bots/bots.repo';
import { toRun } from '../modules/bots/bots.service';
import { insertStack } from '../modules/stacks/stacks.repo';
import { pickStack, seededRandom, type PickedStack } from './pick-topic';
import type { BotRun } from '../../shared/schemas/bots';

/** At most this many tags steer one run. */
export const TAGS_PER_RUN = 3;

export type Generate = (tags: string[], seed: string) => PickedStack | Promise<PickedStack>;

export interface RunOptions {
  /** The generator; the builtin catalogue by default. */
  generate?: Generate;
}

export type RunResult = { skipped: true; run_on: string } | { skipped: false; run: BotRun };

/** The UTC day of a moment, 'YYYY-MM-DD'. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The weekday of a moment in UTC, Monday = 0 (spec 2 §9). */
export const utcWeekday = (now: Date) => (now.getUTCDay() + 6) % 7;

/** A seeded shuffle: the same seed always gives the same order. */
function shuffle<T>(items: T[], seed: string): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Runs a bot for the UTC day of `now`. Answers {skipped: true} when that day already has a run
 * record (another instance, or an earlier call, got there first). A failure is recorded (success
 * false, with the error) and does not stop the next day's run.
 */
export async function runBot(db: Db, botId: number, now: Date = new Date(), options: RunOptions = {}): Promise<RunResult> {
  const runOn = utcDay(now);
  const bot = await repo.findBot(db, botId);
  if (!bot) throw new Error(`No bot with id ${botId}`);
  const claimed = await db
    .insertInto('bot_runs')
    .values({ bot_id: botId, run_on: runOn, started_at: now })
    .onConflict((oc) => oc.columns(['bot_id', 'run_on']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return { skipped: true, run_on: runOn };

  const started = performance.now();
  const seed = `${botId}:${runOn}`;
  const generate = options.generate ?? pickStack;
  let tagNames: string[] = [];
  let rawPrompt = '';
  try {
    await db.transaction().execute(async (trx) => {
      const locked = await repo.lockBot(trx, botId);
      if (!locked) throw new Error('The bot no longer exists');
      await trx.updateTable('bot_keywords').set({ status: sql`case status when 'PENDING' then 'ACTIVE' else 'DISABLED' end` }).where('bot_id', '=', botId).where('status', 'in', ['PENDING', 'DEACTIVATING']).execute();

      // Tags of the current rotation: ACTIVE ones not used since it started; a new one starts when all were used.
      const active = await trx
        .selectFrom('bot_keywords as k')
        .innerJoin('bots as b', 'b.id', 'k.bot_id')
        .select(['k.id', 'k.name', repo.keywordAvailable.as('is_available')])
        .where('k.bot_id', '=', botId)
        .where('k.status', '=', 'ACTIVE')
        .orderBy('k.id')
        .execute();
      let available = active.filter((k) => k.is_available);
      if (available.length === 0 && active.length > 0) {
        await trx.updateTable('bots').set({ rotation_started_at: now }).where('id', '=', botId).execute();
        available = active;
      }
      const chosen = shuffle(available, seed).slice(0, TAGS_PER_RUN);
      tagNames = chosen.map((k) => k.name);

      const audience = locked.group_id !== null ? `group ${locked.group_id}` : `user ${locked.friend_id}`;
      rawPrompt = `generator ${locked.generator}; tags: ${tagNames.length > 0 ? tagNames.join(', ') : '(none)'}; seed ${seed}; audience ${audience}`;
      if (locked.group_id !== null) {
        const group = await trx.selectFrom('groups').select('retired_at').where('id', '=', locked.group_id).executeTakeFirst();
        if (!group || group.retired_at) throw new Error('The audience group was retired');
      } else {
        const user = await trx.selectFrom('users').select('is_active').where('id', '=', locked.friend_id as number).executeTakeFirst();
        if (!user?.is_active) throw new Error('The audience user is no longer active');
      }
      if (locked.generator !== 'builtin' && !options.generate) throw new Error(`Unknown generator "${locked.generator}"`);

      const picked = await generate(tagNames, seed);
      rawPrompt += `; topic ${picked.topicId} "${picked.name}"`;
      const stack = await insertStack(trx, {
        name: picked.name,
        positions: picked.positions,
        owner_id: locked.owner_id,
        mode: locked.group_id !== null ? 'group' : 'friend',
        friend_id: locked.friend_id,
        group_id: locked.group_id,
        bot_id: botId,
      });
      if (chosen.length > 0) {
        await trx.updateTable('bot_keywords').set({ last_used_at: now }).where('id', 'in', chosen.map((k) => k.id)).execute();
      }
      // When this run used the last available tags, the next run starts a new rotation: all available again.
      if (chosen.length > 0 && chosen.length === available.length) {
        await trx.updateTable('bots').set({ rotation_started_at: now }).where('id', '=', botId).execute();
      }
      await trx
        .updateTable('bot_runs')
        .set({
          success: true,
          runtime: (performance.now() - started) / 1000,
          keywords_prompt: JSON.stringify(tagNames),
          raw_prompt: rawPrompt,
          stack_id: stack.id,
          error: null,
        })
        .where('id', '=', claimed.id)
        .execute();
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('bot_runs')
      .set({
        success: false,
        runtime: (performance.now() - started) / 1000,
        keywords_prompt: JSON.stringify(tagNames),
        raw_prompt: rawPrompt,
        stack_id: null,
        error: message,
      })
      .where('id', '=', claimed.id)
      .execute();
  }
  return { skipped: false, run: toRun(await repo.findRun(db, claimed.id)) };
}

/**
 * Bots due at `now`: those whose schedule includes today's UTC weekday and that have no run record
 * for today, once the UTC hour has reached `runHour`. Ids, in order.
 */
export async function dueBots(db: Db, now: Date, runHour: number): Promise<number[]> {
  if (now.getUTCHours() < runHour) return [];
  const rows = await db
    .selectFrom('bots as b')
    .select('b.id')
    .where(sql<boolean>`b.schedule @> ${JSON.stringify([utcWeekday(now)])}::jsonb`)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('bot_runs as r').select('r.id').whereRef('r.bot_id', '=', 'b.id').where('r.run_on', '=', utcDay(now)))))
    .orderBy('b.id')
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes the run record of the UTC day of `now` (CLI --force), so the bot may run again that day. */
export async function forgetRun(db: Db, botId: number, now: Date = new Date()): Promise<void> {
  await db.deleteFrom('bot_runs').where('bot_id', '=', botId).where('run_on', '=', utcDay(now)).execute();
}
