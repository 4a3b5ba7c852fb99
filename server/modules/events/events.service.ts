import { LIMITS } from '../../../shared/limits';
import type { LiveEvent } from '../../../shared/schemas/events';
import type { UnreadCount } from '../../../shared/schemas/users';
import type { Db } from '../../db/client';
import { unreadCount } from '../notifications/notifications.service';
import * as repo from './events.repo';

/** Events one replay sends at most; a client further behind is told to refetch instead. */
export const REPLAY_MAX = 5_000;

/** A Last-Event-ID: a cursor, or 'invalid' (not one of ours); undefined when none was given. */
export function parseCursor(raw: string | undefined): number | 'invalid' | undefined {
  if (raw === undefined || raw === '') return undefined;
  return /^(0|[1-9][0-9]{0,17})$/.test(raw) ? Number(raw) : 'invalid';
}

/** One SSE message: `id:`, `event:` and one line of JSON `data:`. */
export function sseFrame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
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

const refetch = (cursor: number): LiveEvent => ({ id: String(cursor), type: 'refetch', data: { reason: 'cursor_too_old' } });

/**
 * What a user missed since `cursor` (Last-Event-ID), in cursor order, by what they may see now.
 * A cursor older than the events kept (LIMITS.eventReplayMinutes and eventReplayMinCount), one
 * that is not ours, or a gap larger than REPLAY_MAX, gets one `refetch` event instead, carrying
 * the newest cursor: the client reloads through the REST reads and goes on from there.
 */
export async function replay(db: Db, userId: number, cursor: number | 'invalid'): Promise<LiveEvent[]> {
  if (cursor !== 'invalid') {
    const oldest = await repo.oldestEventId(db);
    // An event right after the cursor may be gone only if pruning passed it.
    if (oldest === undefined || oldest <= cursor + 1) {
      const rows = await repo.replayForUser(db, userId, cursor, REPLAY_MAX + 1);
      if (rows.length <= REPLAY_MAX) {
        const unread = rows.some((row) => row.type === 'notification.created') ? await unreadCount(db, userId) : undefined;
        return Promise.all(rows.map((row) => toLiveEvent(db, row, userId, unread)));
      }
    }
  }
  return [refetch(await repo.latestEventId(db))];
}

/** Prunes the replay log (LIMITS.eventReplayMinutes, at least LIMITS.eventReplayMinCount kept). */
export function prune(db: Db): Promise<number> {
  return repo.pruneEvents(db, LIMITS.eventReplayMinutes, LIMITS.eventReplayMinCount);
}
