import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
import type { BotGenerator } from '../../../shared/schemas/bots';
import { IN_USE_TAG_STATUS, NEW_TAG_STATUS, PURGED, RUNNABLE_TAG_STATUSES, statusesFor, TAG_TRANSITIONS, type TagStatus } from '../../../shared/tag-lifecycle';
import type { Viewer } from '../../viewer';
import { canSeeBot } from '../../policy';

/** A tag (aliased `k`, its bot `b`) used since the bot's current rotation started. */
const keywordUsedInRotation = sql<boolean>`(k.last_used_at is not null and k.last_used_at > coalesce(b.rotation_started_at, '-infinity'::timestamptz))`;

/** ACTIVE tags used in the current rotation are not available (spec 2 §4). */
export const keywordAvailable = sql<boolean>`not (k.status = ${sql.lit(IN_USE_TAG_STATUS)} and ${keywordUsedInRotation})`;

export function listVisibleBots(db: Db, viewer: Viewer) {
  return db
    .selectFrom('bots as b')
    .select(['b.id', 'b.name', 'b.bio', 'b.avatar_id'])
    .where(canSeeBot(viewer, false))
    .orderBy(sql`lower(b.name)`)
    .orderBy('b.id')
    .execute();
}

/** The bots of a group (for its members). */
export function listGroupBots(db: Db, groupId: number) {
  return db.selectFrom('bots as b').select(['b.id', 'b.name', 'b.bio', 'b.avatar_id']).where('b.group_id', '=', groupId).orderBy(sql`lower(b.name)`).orderBy('b.id').execute();
}

/**
 * Bots with their owner, audience and tags, one row each: the bot page's read and the admin
 * console's list (bots-admin.repo.ts) select from it.
 */
export function botsWithAudience(db: Db) {
  return db
    .selectFrom('bots as b')
    .innerJoin('users as o', 'o.id', 'b.owner_id')
    .leftJoin('users as f', 'f.id', 'b.friend_id')
    .leftJoin('groups as g', 'g.id', 'b.group_id')
    .select((eb) => [
      'b.id',
      'b.name',
      'b.bio',
      'b.avatar_id',
      'b.owner_id',
      'o.username as owner_username',
      'o.avatar_id as owner_avatar_id',
      'b.friend_id',
      'f.username as friend_username',
      'f.avatar_id as friend_avatar_id',
      'b.group_id',
      'g.name as group_name',
      'g.owner_id as group_owner_id',
      'b.schedule',
      jsonArrayFrom(
        eb
          .selectFrom('bot_keywords as k')
          .select(['k.id', 'k.name', 'k.status', keywordAvailable.as('is_available')])
          .whereRef('k.bot_id', '=', 'b.id')
          .orderBy(sql`lower(k.name)`),
      ).as('keywords'),
    ]);
}

/** One bot as the viewer may see it, with owner, audience, tags and edit rights; undefined when not visible. */
export function findBotForViewer(db: Db, viewer: Viewer, id: number) {
  return botsWithAudience(db).where('b.id', '=', id).where(canSeeBot(viewer, true)).executeTakeFirst();
}

export function findBot(db: Db, id: number) {
  return db.selectFrom('bots').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertBot(
  db: Db,
  values: { name: string; bio: string; avatar_id: number; owner_id: number; friend_id: number | null; group_id: number | null; schedule: number[]; generator: BotGenerator },
) {
  return db
    .insertInto('bots')
    .values({ ...values, schedule: JSON.stringify(values.schedule) })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export function listKeywords(db: Db, botId: number) {
  return db.selectFrom('bot_keywords').select(['id', 'name', 'status', 'last_used_at']).where('bot_id', '=', botId).execute();
}

export async function insertKeywords(db: Db, botId: number, names: string[]) {
  if (names.length === 0) return;
  await db
    .insertInto('bot_keywords')
    .values(names.map((name) => ({ bot_id: botId, name, status: NEW_TAG_STATUS })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setKeywordStatus(db: Db, ids: number[], status: TagStatus) {
  if (ids.length === 0) return;
  await db.updateTable('bot_keywords').set({ status }).where('id', 'in', ids).execute();
}

/** Purge: deletes the bot's tags in the statuses a purge deletes (DISABLED). */
/** Deletes the bot's purgeable (DISABLED) tags; answers how many. */
export async function deletePurgeableKeywords(db: Db, botId: number): Promise<number> {
  const result = await db.deleteFrom('bot_keywords').where('bot_id', '=', botId).where('status', 'in', statusesFor('purge')).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A bot's PENDING and ACTIVE tags (the ACTIVE ones once a run has moved the tags along), in id
 * order, each with whether it was used in the current rotation (a PENDING tag too: it may have
 * been used, removed and added again).
 */
export function listRunnableKeywords(db: Db, botId: number) {
  return db
    .selectFrom('bot_keywords as k')
    .innerJoin('bots as b', 'b.id', 'k.bot_id')
    .select(['k.id', 'k.name', keywordUsedInRotation.as('used_in_rotation')])
    .where('k.bot_id', '=', botId)
    .where('k.status', 'in', RUNNABLE_TAG_STATUSES)
    .orderBy('k.id')
    .execute();
}

/** Serialises tag edits and runs of one bot. */
export async function lockBot(trx: Db, botId: number) {
  return trx.selectFrom('bots').selectAll().where('id', '=', botId).forUpdate().executeTakeFirst();
}

const runColumns = [
  'r.id',
  sql<string>`r.run_on::text`.as('run_on'),
  'r.success',
  'r.runtime',
  'r.keywords_prompt',
  'r.raw_prompt',
  'r.stack_id',
  'r.error',
  'r.started_at',
] as const;

export function listRuns(db: Db, botId: number, page: { offset: number; limit: number }) {
  return db
    .selectFrom('bot_runs as r')
    .select(runColumns)
    .where('r.bot_id', '=', botId)
    .orderBy('r.run_on', 'desc')
    .orderBy('r.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export function findRun(db: Db, runId: number) {
  return db.selectFrom('bot_runs as r').select(runColumns).where('r.id', '=', runId).executeTakeFirstOrThrow();
}

// Runs (bots.engine.ts).

/** Claims a bot's UTC day: the new run record's id, or undefined when that day already has one. */
export async function claimRun(db: Db, botId: number, runOn: string, startedAt: Date): Promise<number | undefined> {
  const row = await db
    .insertInto('bot_runs')
    .values({ bot_id: botId, run_on: runOn, started_at: startedAt })
    .onConflict((oc) => oc.columns(['bot_id', 'run_on']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function finishRun(
  db: Db,
  runId: number,
  outcome: { success: boolean; runtime: number; keywords_prompt: string[]; raw_prompt: string; stack_id: number | null; error: string | null },
) {
  await db
    .updateTable('bot_runs')
    .set({ ...outcome, keywords_prompt: JSON.stringify(outcome.keywords_prompt) })
    .where('id', '=', runId)
    .execute();
}

export async function deleteRun(db: Db, botId: number, runOn: string) {
  await db.deleteFrom('bot_runs').where('bot_id', '=', botId).where('run_on', '=', runOn).execute();
}

/** Ids of the bots scheduled on `weekday` (0 = Monday) that have no run record for `runOn`. */
export async function listDueBotIds(db: Db, weekday: number, runOn: string): Promise<number[]> {
  const rows = await db
    .selectFrom('bots as b')
    .select('b.id')
    .where(sql<boolean>`b.schedule @> ${JSON.stringify([weekday])}::jsonb`)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('bot_runs as r').select('r.id').whereRef('r.bot_id', '=', 'b.id').where('r.run_on', '=', runOn))))
    .orderBy('b.id')
    .execute();
  return rows.map((row) => row.id);
}

/** The id of an active user, found by id or by username (any letter case). */
export async function findActiveUserId(db: Db, by: { id: number } | { username: string }): Promise<number | undefined> {
  const active = db.selectFrom('users').select('id').where('is_active', '=', true);
  const query = 'id' in by ? active.where('id', '=', by.id) : active.where(({ fn }) => fn('lower', ['username']), '=', by.username.toLowerCase());
  return (await query.executeTakeFirst())?.id;
}

/** Whether the bot's audience can still receive stacks: its group is not retired, its user is active. */
export async function audienceIsOpen(db: Db, bot: { group_id: number | null; friend_id: number | null }): Promise<boolean> {
  if (bot.group_id !== null) {
    const group = await db.selectFrom('groups').select('retired_at').where('id', '=', bot.group_id).executeTakeFirst();
    return !!group && !group.retired_at;
  }
  const user = await db.selectFrom('users').select('is_active').where('id', '=', bot.friend_id as number).executeTakeFirst();
  return !!user?.is_active;
}

/** The run transitions of shared/tag-lifecycle.ts as one SQL case (PENDING -> ACTIVE, DEACTIVATING -> DISABLED). */
const runTransitions = statusesFor('run').map((from) => [from, TAG_TRANSITIONS[from].run] as const);
const statusAfterRunSql = sql<TagStatus>`case status ${sql.join(
  runTransitions.map(([from, to]) => {
    if (to === PURGED || to === undefined) throw new Error(`A run cannot purge a ${from} tag`);
    return sql`when ${sql.lit(from)} then ${sql.lit(to)}`;
  }),
  sql` `,
)} end`;

/** A run moves the tags along the lifecycle: PENDING ones become ACTIVE, DEACTIVATING ones DISABLED. */
export async function advanceKeywordStatuses(db: Db, botId: number) {
  await db
    .updateTable('bot_keywords')
    .set({ status: statusAfterRunSql })
    .where('bot_id', '=', botId)
    .where('status', 'in', statusesFor('run'))
    .execute();
}

export async function markKeywordsUsed(db: Db, ids: number[], at: Date) {
  if (ids.length > 0) await db.updateTable('bot_keywords').set({ last_used_at: at }).where('id', 'in', ids).execute();
}

/** Tags used after `at` count as used in the bot's current rotation. */
export async function startRotation(db: Db, botId: number, at: Date) {
  await db.updateTable('bots').set({ rotation_started_at: at }).where('id', '=', botId).execute();
}
