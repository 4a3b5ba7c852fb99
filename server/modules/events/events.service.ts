import jwt from 'jsonwebtoken';
import { LIMITS } from '../../../shared/limits';
import type { LiveEvent } from '../../../shared/schemas/events';
import type { UnreadCount } from '../../../shared/schemas/users';
import type { Db } from '../../db/client';
import { reserveAttempt } from '../../rate-limit/rate-limit.service';
import { unreadCount } from '../notifications/notifications.service';
import * as repo from './events.repo';

/** A Last-Event-ID: a cursor, or 'invalid' (not one of ours); undefined when none was given. */
export function parseCursor(raw: string | undefined): number | 'invalid' | undefined {
  if (raw === undefined || raw === '') return undefined;
  return /^(0|[1-9][0-9]{0,17})$/.test(raw) ? Number(raw) : 'invalid';
}

/** One SSE message: `id:`, `event:` and one line of JSON `data:`. */
export function sseFrame(event: LiveEvent): string {
  return sseFrameOf(event.id, event.type, JSON.stringify(event.data));
}

/** The same from the JSON text of `data` (PostgreSQL's jsonb text holds no line break). */
export function sseFrameOf(id: number | string, type: string, dataJson: string): string {
  return `id: ${id}\nevent: ${type}\ndata: ${dataJson}\n\n`;
}

/**
 * The event as sent to one user (shared/schemas/events.ts). A notification carries the user's
 * unread counts, read by the same function as GET /v1/users/notifications/unread-count.
 */
export async function toLiveEvent(db: Db, row: repo.EventRow, userId: number, unread?: UnreadCount): Promise<LiveEvent> {
  if (row.type === 'notification.created') {
    return { id: String(row.id), type: 'notification.created', data: { ...(row.data as { notification_id: number; type: string }), unread: unread ?? (await unreadCount(db, userId)) } };
  }
  return { id: String(row.id), type: row.type, data: row.data } as LiveEvent;
}

/** Tells the client to reload through the REST reads and go on from `cursor` (the newest). */
export const refetch = (cursor: number): LiveEvent => ({ id: String(cursor), type: 'refetch', data: { reason: 'cursor_too_old' } });

/**
 * What a user missed since `cursor` (Last-Event-ID), in cursor order, by what they may see now.
 * One `refetch` event instead, carrying the newest cursor, for a cursor that is not ours, one more
 * than LIMITS.eventReplayMax cursors behind the newest (decided before any scan, so an old cursor
 * over a large log costs two index probes), or one older than the events kept
 * (LIMITS.eventReplayMinutes and eventReplayMinCount): the client reloads through the REST reads
 * and goes on from there. A replay thus reads at most eventReplayMax events.
 */
export async function replay(db: Db, userId: number, cursor: number | 'invalid', withAdminPowers = true): Promise<LiveEvent[]> {
  const latest = await repo.latestEventId(db);
  if (cursor === 'invalid' || cursor < latest - LIMITS.eventReplayMax) return [refetch(latest)];
  const oldest = await repo.oldestEventId(db);
  // An event right after the cursor may be gone only if pruning passed it.
  if (oldest !== undefined && oldest > cursor + 1) return [refetch(latest)];
  const rows = await repo.replayForUser(db, userId, cursor, LIMITS.eventReplayMax + 1, withAdminPowers);
  // Only when events were committed meanwhile: the gap grew past the bound.
  if (rows.length > LIMITS.eventReplayMax) return [refetch(await repo.latestEventId(db))];
  const unread = rows.some((row) => row.type === 'notification.created') ? await unreadCount(db, userId) : undefined;
  return Promise.all(rows.map((row) => toLiveEvent(db, row, userId, unread)));
}

/** Prunes the replay log (LIMITS.eventReplayMinutes, at least LIMITS.eventReplayMinCount kept). */
export function prune(db: Db): Promise<number> {
  return repo.pruneEvents(db, LIMITS.eventReplayMinutes, LIMITS.eventReplayMinCount);
}

/**
 * Counts one stream open against the user's and the IP's allowance (LIMITS.eventOpensPerUser,
 * eventOpensPerIp per eventOpenWindowSeconds): 429 TOO_MANY_REQUESTS with Retry-After beyond.
 * Far above what reconnects meet (the web client backs off from 1 s to 30 s), low enough that a
 * loop of opens with an old cursor cannot keep the database busy.
 */
export function admitStream(db: Db, userId: number, ip: string): Promise<void> {
  const window = LIMITS.eventOpenWindowSeconds;
  const detail = 'Too many event streams opened. Please try again later.';
  return reserveAttempt(db, [
    { key: `events:user:${userId}`, max: LIMITS.eventOpensPerUser, windowSeconds: window, detail },
    { key: `events:ip:${ip}`, max: LIMITS.eventOpensPerIp, windowSeconds: window, detail },
  ]);
}

/**
 * When the access token of an `Authorization: Bearer` header expires (ms since the epoch). Only
 * after authenticate() accepted the header: its signature and `exp` are checked there.
 */
export function tokenExpiresAt(authorization: string | undefined): number | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const claims = token ? jwt.decode(token) : null;
  return claims && typeof claims === 'object' && typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
}

/** Whether a stream opened with this token may still go on (its session live, its version current). */
export async function sessionStillValid(db: Db, userId: number, session: { tokenVersion: number; sessionId: number }): Promise<boolean> {
  const state = await repo.tokenState(db, userId, session.sessionId);
  return state !== undefined && state.is_active && state.session_live && state.token_version === session.tokenVersion;
}

export type BulkAction = 'hide_new' | 'clear_updates' | 'unhide';

/**
 * Runs a bulk action of `userId` (Hide New Stacks, Clear Updates) in one transaction with the
 * triggers' events off, then writes one summary event, `feed.bulk_updated {action, count}`, to the
 * user's own streams (none when nothing changed). So such a call writes at most one event row,
 * whatever number of stacks it touches, and nobody else hears of it: hiding or marking viewed for
 * oneself changes nothing others see. `run` answers how many stacks it changed.
 */
export function quietly(db: Db, userId: number, action: BulkAction, run: (trx: Db) => Promise<number>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await repo.suppressTriggerEvents(trx);
    const count = await run(trx);
    await repo.resumeTriggerEvents(trx);
    if (count > 0) await repo.insertUserEvent(trx, 'feed.bulk_updated', userId, { action, count });
    return count;
  });
}
