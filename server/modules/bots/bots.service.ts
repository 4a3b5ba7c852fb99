import { canPurgeTags, type Bot, type BotRun, type CreateBotInput } from '../../../shared/schemas/bots';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { forbidden, notFound } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import * as repo from './bots.repo';
import { nextTagStatus, PURGED, type TagStatus } from '../../../shared/tag-lifecycle';
import type { Viewer } from '../../viewer';
import { mayEditBotTags } from '../../policy';


const BOT_NOT_FOUND = 'Bot not found';

type BotRow = NonNullable<Awaited<ReturnType<typeof repo.findBotForViewer>>>;

function toBot(row: BotRow, viewer: Viewer): Bot {
  const friend = row.friend_id !== null ? { id: row.friend_id, username: row.friend_username ?? '', avatar_id: row.friend_avatar_id ?? 1 } : null;
  const group = row.group_id !== null ? { id: row.group_id, name: row.group_name ?? '' } : null;
  return {
    id: row.id,
    name: row.name,
    avatar_id: row.avatar_id,
    bio: row.bio,
    owner_id: row.owner_id,
    owner: { username: row.owner_username, avatar_id: row.owner_avatar_id },
    friend_id: row.friend_id,
    friend,
    group,
    audience: friend ? { type: 'user', user: friend } : { type: 'group', group: group as { id: number; name: string } },
    data: { schedule: [...row.schedule].sort((a, b) => a - b) },
    keywords: row.keywords.map((k) => ({ id: k.id, name: k.name, status: k.status, is_available: k.is_available })),
    can_edit_tags: mayEditBotTags(row, viewer),
  };
}

async function loadBot(db: Db, viewer: Viewer, id: number): Promise<BotRow> {
  const row = await repo.findBotForViewer(db, viewer, id);
  if (!row) throw notFound(BOT_NOT_FOUND, 'BOT_NOT_FOUND');
  return row;
}

async function loadEditableBot(db: Db, viewer: Viewer, id: number): Promise<BotRow> {
  const row = await loadBot(db, viewer, id);
  if (!mayEditBotTags(row, viewer)) throw forbidden("Only the bot's owner, its audience or an admin can edit its tags", 'NOT_BOT_EDITOR');
  return row;
}

/** Distinct names, case-insensitively, first spelling kept. */
function distinct(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()));
}

export function listBots(db: Db, viewer: Viewer) {
  return repo.listVisibleBots(db, viewer);
}

/** The bots of a group (the groups service checks membership first). */
export function listGroupBots(db: Db, groupId: number) {
  return repo.listGroupBots(db, groupId);
}

export async function getBot(db: Db, viewer: Viewer, id: number): Promise<Bot> {
  return toBot(await loadBot(db, viewer, id), viewer);
}

export function toRun(row: Awaited<ReturnType<typeof repo.findRun>>): BotRun {
  return {
    id: row.id,
    run_on: row.run_on,
    success: row.success,
    runtime: Number(row.runtime),
    keywords_prompt: row.keywords_prompt,
    raw_prompt: row.raw_prompt,
    stack_id: row.stack_id,
    error: row.error,
    started_at: toIso(row.started_at),
    created_at: toIso(row.started_at),
  };
}

/** Run records, newest first. */
export async function listRuns(db: Db, viewer: Viewer, id: number, page: { offset: number; limit: number }): Promise<BotRun[]> {
  await loadBot(db, viewer, id);
  return (await repo.listRuns(db, id, page)).map(toRun);
}

/**
 * Moves the given tags along the lifecycle by `event` (shared/tag-lifecycle.ts); tags the event
 * leaves alone are skipped. One update per target status.
 */
async function applyTagEvent(trx: Db, keywords: readonly { id: number; status: TagStatus }[], event: 'add' | 'remove') {
  const byTarget = new Map<TagStatus, number[]>();
  for (const keyword of keywords) {
    const next = nextTagStatus(keyword.status, event);
    if (next === undefined || next === PURGED) continue;
    byTarget.set(next, [...(byTarget.get(next) ?? []), keyword.id]);
  }
  for (const [status, ids] of byTarget) await repo.setKeywordStatus(trx, ids, status);
}

/**
 * A tag change by a bot's editors counts under WRITE_THROTTLES.botTags (each add can make up to
 * 100 new tags); admins, who set bots up, are not throttled.
 */
function tagChange(db: Db, viewer: Viewer, write: () => Promise<void>): Promise<void> {
  return viewer.isAdmin ? write() : throttledWrite(db, 'botTags', viewer.id, write);
}

/** New names become PENDING; a DISABLED one becomes PENDING again; others are left as they are. */
export async function addKeywords(db: Db, viewer: Viewer, id: number, names: string[]): Promise<Bot> {
  await loadEditableBot(db, viewer, id);
  await tagChange(db, viewer, () => db.transaction().execute(async (trx) => {
    await repo.lockBot(trx, id);
    const existing = new Map((await repo.listKeywords(trx, id)).map((k) => [k.name.toLowerCase(), k]));
    const wanted = distinct(names);
    await repo.insertKeywords(
      trx,
      id,
      wanted.filter((name) => !existing.has(name.toLowerCase())),
    );
    await applyTagEvent(
      trx,
      wanted.flatMap((name) => existing.get(name.toLowerCase()) ?? []),
      'add',
    );
  }));
  return getBot(db, viewer, id);
}

/** Existing PENDING or ACTIVE names become DEACTIVATING (DISABLED at the next run); purge removes every DISABLED tag. */
export async function removeKeywords(db: Db, viewer: Viewer, id: number, names: string[], purge: boolean): Promise<Bot> {
  const bot = await loadEditableBot(db, viewer, id);
  if (purge && !canPurgeTags(bot, viewer.id)) throw forbidden("Only the bot's owner, or the audience of a user bot, can purge its tags", 'NOT_BOT_PURGER');
  await tagChange(db, viewer, () => db.transaction().execute(async (trx) => {
    await repo.lockBot(trx, id);
    const wanted = new Set(names.map((name) => name.toLowerCase()));
    const keywords = await repo.listKeywords(trx, id);
    await applyTagEvent(
      trx,
      keywords.filter((k) => wanted.has(k.name.toLowerCase())),
      'remove',
    );
    if (purge) await repo.deletePurgeableKeywords(trx, id);
  }));
  return getBot(db, viewer, id);
}

/** Admins (API and CLI): a bot with its initial tags PENDING. */
export async function createBot(db: Db, input: CreateBotInput) {
  if (!(await repo.findActiveUserId(db, { id: input.owner_id }))) throw notFound('Owner not found', 'USER_NOT_FOUND');
  let friendId: number | null = null;
  let groupId: number | null = null;
  if (input.audience.type === 'user') {
    if (!(await repo.findActiveUserId(db, { id: input.audience.user_id }))) throw notFound('User not found', 'USER_NOT_FOUND');
    friendId = input.audience.user_id;
  } else {
    if (!(await repo.audienceIsOpen(db, { group_id: input.audience.group_id, friend_id: null }))) throw notFound('Group not found', 'GROUP_NOT_FOUND');
    groupId = input.audience.group_id;
  }
  return db.transaction().execute(async (trx) => {
    const bot = await repo.insertBot(trx, {
      name: input.name,
      bio: input.bio,
      avatar_id: input.avatar_id,
      owner_id: input.owner_id,
      friend_id: friendId,
      group_id: groupId,
      schedule: [...new Set(input.schedule)].sort((a, b) => a - b),
      generator: input.generator,
    });
    await repo.insertKeywords(trx, bot.id, distinct(input.tags));
    return bot;
  });
}

/** The CLI's lookup: a user id by username, or undefined. */
export async function userIdByName(db: Db, username: string): Promise<number | undefined> {
  return repo.findActiveUserId(db, { username });
}

/** The CLI's check before a run: whether a bot with this id exists. */
export async function botExists(db: Db, id: number): Promise<boolean> {
  return (await repo.findBot(db, id)) !== undefined;
}

// The admin console's bots (docs/admin.md).
export { findBot as findAdminBot, listBots as listAdminBots, setSchedule, type AdminBotRow } from './bots-admin.repo';

/** Removes every DISABLED tag of a bot, under its lock; answers how many (an admin's purge, any bot). */
export function purgeDisabledTags(db: Db, id: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await repo.lockBot(trx, id);
    return repo.deletePurgeableKeywords(trx, id);
  });
}
