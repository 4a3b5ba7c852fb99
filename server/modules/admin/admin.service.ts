import { LIMITS } from '../../../shared/limits';
import { weekdaysShort } from '../../../shared/weekdays';
import type { AdminBot, AdminCode, AdminUser, AdminUserDetail, AuditSource, CreateCodeInput, UpdateBotInput } from '../../../shared/schemas/admin';
import type { BotGenerator, BotRun, CreateBotInput } from '../../../shared/schemas/bots';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { conflict, notFound } from '../../errors';
import { selfAdminChangeRefusal } from '../../policy';
import type { Viewer } from '../../viewer';
import { forgetRun, runBot as runBotNow } from '../bots/bots.engine';
import * as secondFactors from '../auth/second-factors';
import * as bots from '../bots/bots.service';
import * as codes from '../codes/codes.service';
import * as notifications from '../notifications/notifications.service';
import * as users from '../users/users.service';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import { audited, type AuditActor, type AuditedAction } from './audit.service';

/**
 * The admin console's rules (docs/admin.md): one function per action, used by the API (web and
 * REST) and by the CLI alike, each writing one audit entry with its outcome.
 */
export interface AdminCall {
  db: Db;
  config: AppConfig;
  source: AuditSource;
  /** The admin; null for the CLI, which acts with an admin's rights and no account. */
  viewer: Viewer | null;
}

/** The CLI's rights where a service asks for a viewer: an admin with no account (id 0 is no user). */
const CLI_VIEWER: Viewer = { id: 0, isAdmin: true };

const actorOf = (call: AdminCall): AuditActor => ({ actorId: call.viewer?.id ?? null, source: call.source });
const viewerOf = (call: AdminCall): Viewer => call.viewer ?? CLI_VIEWER;

function record<T>(call: AdminCall, spec: AuditedAction<T>, work: () => Promise<T>): Promise<T> {
  return audited(call.db, actorOf(call), spec, work);
}

/**
 * The two admin actions whose cost grows with others (a notification to every user; a stack to a
 * bot's audience) are throttled per admin (shared/limits.ts WRITE_THROTTLES), before the audit: a
 * 429 is a refusal and writes no entry. The CLI is not throttled.
 */
function throttled<T>(call: AdminCall, action: 'releaseNotes' | 'botRuns', work: () => Promise<T>): Promise<T> {
  return call.viewer ? throttledWrite(call.db, action, call.viewer.id, work) : work();
}

export const CODE_USED_UP = 'This code is used up: nobody can register with it any more, so there is nothing to revoke.';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const isoOrNull = (value: Date | string | null) => (value === null ? null : toIso(value));

// ── Registration codes ────────────────────────────────────────────────────────────────────────

function toCode(row: NonNullable<Awaited<ReturnType<typeof codes.findAdminCode>>>): AdminCode {
  return {
    id: row.id,
    code: row.code,
    max_uses: row.max_uses,
    uses: row.uses,
    expires_at: isoOrNull(row.expires_at),
    revoked_at: isoOrNull(row.revoked_at),
    created_at: toIso(row.created_at),
    created_by: row.created_by === null ? null : { id: row.created_by, username: row.created_by_username ?? '' },
    status: row.status,
    used_up: row.used_up,
  };
}

async function loadCode(db: Db, id: number): Promise<AdminCode> {
  const row = await codes.findAdminCode(db, id);
  if (!row) throw notFound('Registration code not found', 'CODE_NOT_FOUND');
  return toCode(row);
}

export async function listCodes(db: Db, page: { offset: number; limit: number }): Promise<AdminCode[]> {
  return (await codes.listAdminCodes(db, page)).map(toCode);
}

export function createCode(call: AdminCall, input: CreateCodeInput): Promise<AdminCode> {
  return record(
    call,
    {
      action: 'codes.create',
      targetType: 'code',
      target: (code) => code.id,
      describe: (code) => `${code.code}: ${plural(code.max_uses, 'use')}, ${code.expires_at ? `expires ${code.expires_at}` : 'never expires'}`,
    },
    async () => {
      const made = await codes.createRegistrationCode(call.db, { maxUses: input.uses, expiresInDays: input.expires_days ?? undefined, createdBy: call.viewer?.id ?? null });
      return loadCode(call.db, made.id);
    },
  );
}

export function revokeCode(call: AdminCall, id: number): Promise<AdminCode> {
  return record(call, { action: 'codes.revoke', targetType: 'code', targetId: id, describe: (code) => `${code.code} revoked (${plural(code.uses, 'use')} taken)` }, async () => {
    if (!(await codes.revokeCode(call.db, id))) {
      // Known but used up (revokeCode leaves those alone), or unknown.
      await loadCode(call.db, id);
      throw conflict('CODE_USED_UP', CODE_USED_UP);
    }
    return loadCode(call.db, id);
  });
}

// ── Users ─────────────────────────────────────────────────────────────────────────────────────

type UserRow = Awaited<ReturnType<typeof users.listAccounts>>[number];

function toUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    is_active: row.is_active,
    email_verified: row.email_verified,
    created_at: toIso(row.created_at),
    last_login_at: isoOrNull(row.last_login_at),
    invited_by: row.inviter_id === null ? null : { id: row.inviter_id, username: row.inviter_username ?? '' },
    invited_count: row.invited_count ?? 0,
  };
}

export async function listUsers(db: Db, options: { q?: string; offset: number; limit: number }): Promise<AdminUser[]> {
  return (await users.listAccounts(db, options)).map(toUser);
}

async function loadUser(db: Db, id: number): Promise<AdminUser> {
  const row = await users.findAccount(db, id);
  if (!row) throw notFound('User not found', 'USER_NOT_FOUND');
  return toUser(row);
}

/** An account with whom it invited (the same list a profile shows admins, longer). */
export async function getUser(db: Db, id: number): Promise<AdminUserDetail> {
  const user = await loadUser(db, id);
  const { invited } = await codes.inviteLinks(db, id, LIMITS.adminInviteesMax);
  return { ...user, invited };
}

function refuseSelf(call: AdminCall, id: number, what: 'change the role of' | 'deactivate') {
  const refusal = selfAdminChangeRefusal(call.viewer?.id ?? null, id, what);
  if (refusal) throw refusal;
}

export function setRole(call: AdminCall, id: number, role: 'USER' | 'ADMIN'): Promise<AdminUser> {
  return record(call, { action: 'users.role', targetType: 'user', targetId: id, describe: (user) => `${user.username} is now ${user.role}` }, async () => {
    refuseSelf(call, id, 'change the role of');
    if (!(await users.setRole(call.db, id, role))) throw notFound('User not found', 'USER_NOT_FOUND');
    return loadUser(call.db, id);
  });
}

/** The CLI names users: the same action, found by username (any account); undefined when there is none. */
export async function setRoleByUsername(call: AdminCall, username: string, role: 'USER' | 'ADMIN'): Promise<AdminUser | undefined> {
  const id = await users.findUserIdByUsername(call.db, username);
  return id === undefined ? undefined : setRole(call, id, role);
}

/** Deactivating bumps the token version: the account's tokens and streams stop at once. */
export function deactivateUser(call: AdminCall, id: number): Promise<AdminUser> {
  return record(call, { action: 'users.deactivate', targetType: 'user', targetId: id, describe: (user) => `${user.username} deactivated` }, async () => {
    refuseSelf(call, id, 'deactivate');
    if (!(await loadUser(call.db, id)).is_active) return loadUser(call.db, id);
    await users.deactivateAccount(call.db, id);
    return loadUser(call.db, id);
  });
}

/**
 * Turns an account's two-factor sign-in off and removes its passkeys: the operator's recourse for
 * someone who lost both the authenticator and the recovery codes, after checking who asks. CLI
 * only (docs/two-factor.md): no admin can strip another account's second factors from the console.
 */
export async function resetSecondFactorsByUsername(call: AdminCall, username: string): Promise<{ username: string; passkeys: number } | undefined> {
  const id = await users.findUserIdByUsername(call.db, username);
  if (id === undefined) return undefined;
  return record(call, { action: 'users.second_factors_reset', targetType: 'user', targetId: id, describe: (r) => `${r.username}: two-factor sign-in off, ${plural(r.passkeys, 'passkey')} removed` }, async () => {
    const passkeys = await call.db.transaction().execute((trx) => secondFactors.removeAll(trx, id));
    return { username: (await loadUser(call.db, id)).username, passkeys };
  });
}

// ── Bots ──────────────────────────────────────────────────────────────────────────────────────

function toBot(row: bots.AdminBotRow): AdminBot {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    avatar_id: row.avatar_id,
    owner: { id: row.owner_id, username: row.owner_username },
    audience:
      row.friend_id !== null
        ? { type: 'user', user: { id: row.friend_id, username: row.friend_username ?? '' } }
        : { type: 'group', group: { id: row.group_id ?? 0, name: row.group_name ?? '' } },
    schedule: [...row.schedule].sort((a, b) => a - b),
    generator: row.generator as BotGenerator,
    keywords: row.keywords.map((k) => ({ id: k.id, name: k.name, status: k.status, is_available: k.is_available })),
    last_run: row.last_run ? { run_on: String(row.last_run.run_on).slice(0, 10), success: row.last_run.success, stack_id: row.last_run.stack_id, error: row.last_run.error } : null,
  };
}

async function loadBot(db: Db, id: number): Promise<AdminBot> {
  const row = await bots.findAdminBot(db, id);
  if (!row) throw notFound('Bot not found', 'BOT_NOT_FOUND');
  return toBot(row);
}

export async function listBots(db: Db, page: { offset: number; limit: number }): Promise<AdminBot[]> {
  return (await bots.listAdminBots(db, page)).map(toBot);
}

export function createBot(call: AdminCall, input: CreateBotInput): Promise<AdminBot> {
  return record(call, { action: 'bots.create', targetType: 'bot', target: (bot) => bot.id, describe: (bot) => `"${bot.name}" for ${bot.audience.type === 'user' ? bot.audience.user.username : `group ${bot.audience.group.name}`}, owned by ${bot.owner.username}` }, async () => {
    const made = await bots.createBot(call.db, input);
    return loadBot(call.db, made.id);
  });
}


export function updateBot(call: AdminCall, input: UpdateBotInput): Promise<AdminBot> {
  const changes = [
    input.schedule && `schedule ${input.schedule.length ? weekdaysShort(input.schedule) : 'none'}`,
    input.add_tags?.length && `added ${input.add_tags.join(', ')}`,
    input.remove_tags?.length && `removed ${input.remove_tags.join(', ')}`,
  ].filter(Boolean);
  return record(call, { action: 'bots.update', targetType: 'bot', targetId: input.id, describe: () => changes.join('; ') || 'no change' }, async () => {
    await loadBot(call.db, input.id);
    const viewer = viewerOf(call);
    if (input.schedule) await bots.setSchedule(call.db, input.id, [...new Set(input.schedule)].sort((a, b) => a - b));
    if (input.add_tags?.length) await bots.addKeywords(call.db, viewer, input.id, input.add_tags);
    if (input.remove_tags?.length) await bots.removeKeywords(call.db, viewer, input.id, input.remove_tags, false);
    return loadBot(call.db, input.id);
  });
}

/** Runs a bot now, once per UTC day; `force` forgets today's run first. 409 when it already ran. */
export function runBot(call: AdminCall, id: number, force: boolean, now: Date = new Date()): Promise<BotRun> {
  return throttled(call, 'botRuns', () => runBotAudited(call, id, force, now));
}

function runBotAudited(call: AdminCall, id: number, force: boolean, now: Date): Promise<BotRun> {
  return record(call, { action: 'bots.run', targetType: 'bot', targetId: id, describe: (run) => `${force ? 'forced run' : 'run'} on ${run.run_on}: ${run.success ? `stack ${run.stack_id}` : `failed: ${run.error}`}` }, async () => {
    if (!(await bots.botExists(call.db, id))) throw notFound('Bot not found', 'BOT_NOT_FOUND');
    if (force) await forgetRun(call.db, id, now);
    const result = await runBotNow(call.db, id, now, { openai: call.config.bots.openai });
    if (result.skipped) throw conflict('BOT_ALREADY_RAN', `Bot ${id} already ran today (${result.run_on}); run it with force to run it again`);
    return result.run;
  });
}

/** Removes every DISABLED tag of any bot (an owner's Purge, spec 2 §6, is limited to their bots). */
export function purgeBot(call: AdminCall, id: number): Promise<AdminBot> {
  let removed = 0;
  return record(call, { action: 'bots.purge', targetType: 'bot', targetId: id, describe: () => `${plural(removed, 'disabled tag')} removed` }, async () => {
    await loadBot(call.db, id);
    removed = await bots.purgeDisabledTags(call.db, id);
    return loadBot(call.db, id);
  });
}

/**
 * A tag edit through the bots' own paths (POST and DELETE /v1/bots/{id}/keywords): audited when an
 * admin makes it (an admin power), not when the bot's owner or audience does.
 */
export function auditAdminTagEdit<T>(call: AdminCall, botId: number, edit: { add?: string[]; remove?: string[]; purge?: boolean }, work: () => Promise<T>): Promise<T> {
  if (!call.viewer?.isAdmin) return work();
  const action = edit.add ? 'bots.tags.add' : 'bots.tags.remove';
  const names = [...(edit.add ?? edit.remove ?? [])].join(', ');
  const detail = [names && `${edit.add ? 'added' : 'removed'} ${names}`, edit.purge && 'purged disabled tags'].filter(Boolean).join('; ') || 'no change';
  return record(call, { action, targetType: 'bot', targetId: botId, describe: () => detail }, work);
}

// ── Release notes ─────────────────────────────────────────────────────────────────────────────

export function broadcastReleaseNotes(call: AdminCall, message: string): Promise<{ recipients: number }> {
  const excerpt = message.length > 80 ? `${message.slice(0, 79)}…` : message;
  return throttled(call, 'releaseNotes', () =>
    record(call, { action: 'release_notes.broadcast', targetType: null, describe: ({ recipients }) => `to ${plural(recipients, 'user')}: ${excerpt}` }, async () => ({
      recipients: await notifications.broadcastReleaseNotes(call.db, message),
    })),
  );
}
