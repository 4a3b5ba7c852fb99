/**
 * A bot run (docs/bots.md, docs/decisions/0001-bot-runs-on-pg-boss.md): claims the bot's UTC day in bot_runs (so a run happens once per bot
 * and day, whichever app instance gets there first), moves the tags along their lifecycle, picks
 * tags from the current rotation, generates a stack and posts it to the bot's audience, and
 * records the outcome. The scheduler (pg-boss) calls runBot for dueBots; the CLI calls it directly.
 */
import type { OpenAiConfig } from '../../config';
import type { Db } from '../../db/client';
import * as repo from './bots.repo';
import { toRun } from './bots.service';
import { postBotStack } from '../stacks/stacks.service';
import { buildPrompt, createOpenAiGenerator } from './openai-generator';
import { pickStack, seededRandom, shuffleWith } from './pick-topic';
import type { BotRun } from '../../../shared/schemas/bots';

/** At most this many tags steer one run. */
export const TAGS_PER_RUN = 3;

/** A generator's stack; topicId names the builtin catalogue's topic. */
export interface GeneratedStack {
  name: string;
  positions: string[];
  topicId?: string;
}

export type Generate = (tags: string[], seed: string) => GeneratedStack | Promise<GeneratedStack>;

export interface RunOptions {
  /** Replaces the bot's own generator (tests). */
  generate?: Generate;
  /** The endpoint of the `openai` generator; a run of an openai bot fails without it. */
  openai?: OpenAiConfig;
}

export type RunResult = { skipped: true; run_on: string } | { skipped: false; run: BotRun };

/** The UTC day of a moment, 'YYYY-MM-DD'. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The weekday of a moment in UTC, Monday = 0 (spec 2 §9). */
export const utcWeekday = (now: Date) => (now.getUTCDay() + 6) % 7;

/** A seeded shuffle of a copy: the same seed always gives the same order. */
const shuffle = <T>(items: T[], seed: string): T[] => shuffleWith([...items], seededRandom(seed));

type BotRow = NonNullable<Awaited<ReturnType<typeof repo.findBot>>>;

/** Throws when the bot's audience can no longer receive stacks. */
async function checkAudience(db: Db, bot: BotRow): Promise<void> {
  if (await repo.audienceIsOpen(db, bot)) return;
  throw new Error(bot.group_id !== null ? 'The audience group was retired' : 'The audience user is no longer active');
}

/** The bot's generator, and what is asked of it beyond the tags (recorded in raw_prompt, also when it fails). */
function generatorOf(bot: BotRow, tags: string[], options: RunOptions): { generate: Generate; asked: string } {
  if (options.generate) return { generate: options.generate, asked: '' };
  if (bot.generator === 'builtin') return { generate: pickStack, asked: '' };
  if (bot.generator === 'openai') {
    if (!options.openai) throw new Error('The openai generator is not configured');
    const prompt = buildPrompt(tags);
    return { generate: createOpenAiGenerator(options.openai), asked: `; model ${options.openai.model}\nsystem: ${prompt.system}\nuser: ${prompt.user}` };
  }
  throw new Error(`Unknown generator "${bot.generator}"`);
}

/**
 * Runs a bot for the UTC day of `now`. Answers {skipped: true} when that day already has a run
 * record (another instance, or an earlier call, got there first). A failure is recorded (success
 * false, with the error) and does not stop the next day's run.
 *
 * The generator (an HTTP call of up to OPENAI_TIMEOUT_MS for `openai`) runs outside any
 * transaction: the tags are chosen by reading alone, and one transaction then moves the tags
 * along, posts the stack and records the run. So a failed run changes nothing but its record.
 */
export async function runBot(db: Db, botId: number, now: Date = new Date(), options: RunOptions = {}): Promise<RunResult> {
  const runOn = utcDay(now);
  const bot = await repo.findBot(db, botId);
  if (!bot) throw new Error(`No bot with id ${botId}`);
  const runId = await repo.claimRun(db, botId, runOn, now);
  if (runId === undefined) return { skipped: true, run_on: runOn };

  const started = performance.now();
  const seed = `${botId}:${runOn}`;
  let tagNames: string[] = [];
  let rawPrompt = '';
  const finish = (target: Db, outcome: { stack_id: number | null; error: string | null }) =>
    repo.finishRun(target, runId, {
      success: outcome.error === null,
      runtime: (performance.now() - started) / 1000,
      keywords_prompt: tagNames,
      raw_prompt: rawPrompt,
      ...outcome,
    });
  try {
    // Tags of the current rotation, as they will be once this run has moved them along: PENDING
    // ones count as ACTIVE; when every one was used, a new rotation starts and all are available.
    const runnable = await repo.listRunnableKeywords(db, botId);
    const unused = runnable.filter((k) => !k.used_in_rotation);
    const chosen = shuffle(unused.length > 0 ? unused : runnable, seed).slice(0, TAGS_PER_RUN);
    tagNames = chosen.map((k) => k.name);
    const audience = bot.group_id !== null ? `group ${bot.group_id}` : `user ${bot.friend_id}`;
    rawPrompt = `generator ${bot.generator}; tags: ${tagNames.length > 0 ? tagNames.join(', ') : '(none)'}; seed ${seed}; audience ${audience}`;
    await checkAudience(db, bot);
    const generator = generatorOf(bot, tagNames, options);
    rawPrompt += generator.asked;

    const picked = await generator.generate(tagNames, seed);
    if (picked.topicId) rawPrompt += `; topic ${picked.topicId} "${picked.name}"`;

    await db.transaction().execute(async (trx) => {
      const locked = await repo.lockBot(trx, botId);
      if (!locked) throw new Error('The bot no longer exists');
      // Checked again: the audience may have changed while the generator worked.
      await checkAudience(trx, locked);
      await repo.advanceKeywordStatuses(trx, botId);

      // Tags may have been edited meanwhile: only chosen tags still ACTIVE are marked used.
      const active = await repo.listRunnableKeywords(trx, botId);
      let available = active.filter((k) => !k.used_in_rotation);
      if (available.length === 0 && active.length > 0) {
        // Just before now: the tags this run marks used (at now) count as used in the new rotation.
        await repo.startRotation(trx, botId, new Date(now.getTime() - 1));
        available = active;
      }
      const usedIds = chosen.map((k) => k.id).filter((id) => active.some((k) => k.id === id));
      const stack = await postBotStack(trx, locked, { name: picked.name, positions: picked.positions });
      await repo.markKeywordsUsed(trx, usedIds, now);
      // When this run used the last available tags, the next run starts a new rotation: all available again.
      if (usedIds.length > 0 && available.every((k) => usedIds.includes(k.id))) {
        await repo.startRotation(trx, botId, now);
      }
      await finish(trx, { stack_id: stack.id, error: null });
    });
  } catch (error) {
    await finish(db, { stack_id: null, error: error instanceof Error ? error.message : String(error) });
  }
  return { skipped: false, run: toRun(await repo.findRun(db, runId)) };
}

/**
 * Bots due at `now`: those whose schedule includes today's UTC weekday and that have no run record
 * for today, once the UTC hour has reached `runHour`. Ids, in order.
 */
export async function dueBots(db: Db, now: Date, runHour: number): Promise<number[]> {
  if (now.getUTCHours() < runHour) return [];
  return repo.listDueBotIds(db, utcWeekday(now), utcDay(now));
}

/** Deletes the run record of the UTC day of `now` (CLI --force), so the bot may run again that day. */
export async function forgetRun(db: Db, botId: number, now: Date = new Date()): Promise<void> {
  await repo.deleteRun(db, botId, utcDay(now));
}
