import type { Response } from 'express';
import { LIMITS } from '../../../shared/limits';
import type { UnreadCount } from '../../../shared/schemas/users';
import type { DbHandle } from '../../db/client';
import type { Logger } from '../../logger';
import { unreadCount } from '../notifications/notifications.service';
import { EventListener } from './event-listener';
import * as repo from './events.repo';
import * as service from './events.service';
import { outgoing, StreamRegistry, type Outgoing, type Revocation, type Stream, type StreamSession } from './stream-registry';

export { EVENTS_CHANNEL } from './event-listener';
export type { StreamSession } from './stream-registry';

/** Events read per statement while delivering. */
const BATCH = 200;
const RETRY_MS = 1_000;

export interface EventHubOptions {
  handle: DbHandle;
  logger: Logger;
  /** Comment lines on every stream this often (LIMITS.eventHeartbeatSeconds); tests shorten it. */
  heartbeatMs?: number;
  /** Pruning of the replay log this often; 0 turns it off (tests that count statements). */
  pruneEveryMs?: number;
  /** Streams one user may hold on this instance (LIMITS.eventStreamsPerUser). */
  streamsPerUser?: number;
  /** Unsent bytes a stream may hold before it is dropped (LIMITS.eventStreamBufferBytes). */
  maxBufferedBytes?: number;
  /** Told whenever the log may hold something new (the outside-the-tab dispatcher's wake). */
  onLogged?: () => void;
}

/**
 * The live events of one app process (GET /v1/events): it puts together the listener (one LISTEN
 * connection for all streams, event-listener.ts), the registry of open streams and what writing to
 * them may do (stream-registry.ts), and delivery: heartbeats, replay and pruning.
 *
 * A NOTIFY only wakes the hub: it then reads every event after the last one it handled, with the
 * recipients among its listening users decided in the same statement (events.repo.ts), so a missed
 * or coalesced notification loses nothing, and after a lost connection the hub catches up by id.
 * An idle stream costs no database work: only events, the start-up and pruning query. A
 * `session.revoked` event (any change of the user's token version or `is_active`, on any instance)
 * ends the user's streams opened with another token version (docs/live-events.md).
 */
export class EventHub {
  private readonly streams: StreamRegistry;
  private readonly listener: EventListener;
  private lastId = 0;
  private notifiedId = 0;
  private draining = false;
  private pending = false;
  private stopped = false;
  private closing = false;
  private timers: NodeJS.Timeout[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly heartbeatMs: number;
  private readonly pruneEveryMs: number;
  readonly streamsPerUser: number;

  constructor(private readonly options: EventHubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? LIMITS.eventHeartbeatSeconds * 1000;
    this.pruneEveryMs = options.pruneEveryMs ?? 60_000;
    this.streamsPerUser = options.streamsPerUser ?? LIMITS.eventStreamsPerUser;
    this.streams = new StreamRegistry(this.streamsPerUser, options.maxBufferedBytes ?? LIMITS.eventStreamBufferBytes, options.logger);
    this.listener = new EventListener(options.handle, options.logger, (notifiedId) => this.wake(notifiedId));
  }

  private get db() {
    return this.options.handle.db;
  }

  /** Reads the newest cursor and starts listening, heartbeats and pruning. */
  async start(): Promise<void> {
    this.lastId = await repo.latestEventId(this.db);
    this.notifiedId = this.lastId;
    await this.listener.start();
    const heartbeat = setInterval(() => this.streams.heartbeat(), this.heartbeatMs);
    heartbeat.unref();
    this.timers.push(heartbeat);
    if (this.pruneEveryMs > 0) {
      const pruner = setInterval(() => {
        service.prune(this.db).catch((error) => this.options.logger.warn({ err: error }, 'pruning live events failed'));
      }, this.pruneEveryMs);
      pruner.unref();
      this.timers.push(pruner);
    }
  }

  /** Ends every stream at once, and any opened later (shutdown must not wait for them). */
  closeStreams(): void {
    this.closing = true;
    this.streams.endAll();
  }

  /** Ends the streams, the timers and the listening connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closeStreams();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    clearTimeout(this.retryTimer);
    await this.listener.stop();
    // Let a delivery in progress finish before the database closes.
    while (this.draining) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Whether the hub listens for new events (the readiness check, server/http/readiness.ts). */
  get connected(): boolean {
    return !this.stopped && this.listener.connected;
  }

  /** Streams the user holds on this instance. */
  streamCount(userId: number): number {
    return this.streams.count(userId);
  }

  /**
   * Opens a stream on `res`: registers it at once, so no live event is missed (they wait), reads
   * the token's version again (a revocation committed since the route's check is seen either here
   * or by the hub later), then calls `start` (the route sends the headers), replays what the user
   * missed since `cursor` and goes live. Answers 'full' when the user already holds
   * streamsPerUser streams here, 'revoked' when the token no longer holds and 'closed' when the
   * hub is shutting down: nothing was written then.
   */
  async open(
    userId: number,
    res: Response,
    cursor: number | 'invalid' | undefined,
    session: StreamSession,
    start: () => void,
  ): Promise<'open' | 'full' | 'revoked' | 'closed'> {
    if (this.closing) return 'closed';
    const stream = this.streams.register(userId, res, session, Math.max(this.lastId, this.notifiedId));
    if (!stream) return 'full';
    let valid: boolean;
    try {
      valid = await service.sessionStillValid(this.db, userId, session);
    } catch (error) {
      this.streams.remove(stream);
      throw error;
    }
    if (this.closing || !valid || stream.ended) {
      this.streams.remove(stream);
      return this.closing ? 'closed' : 'revoked';
    }
    start();
    this.streams.started(stream);
    if (cursor !== undefined && !(await this.replayTo(stream, cursor))) return 'open';
    this.streams.goLive(stream);
    return 'open';
  }

  /** Sends a new stream what its user missed since `cursor`; false (the stream ended) when the replay failed. */
  private async replayTo(stream: Stream, cursor: number | 'invalid'): Promise<boolean> {
    try {
      const dropped = this.streams.droppedCursor(stream.userId);
      const events =
        typeof cursor === 'number' && dropped !== undefined && cursor < dropped
          ? // It fell behind here and comes back from before that point: what it missed was too much to replay.
            [service.refetch(Math.max(this.lastId, this.notifiedId, dropped))]
          : await service.replay(this.db, stream.userId, cursor, stream.session.adminPowers ?? true);
      for (const event of events) this.streams.send(stream, outgoing(event));
      return true;
    } catch (error) {
      this.options.logger.warn({ err: error }, 'live events: replay failed; the client will reconnect');
      this.streams.end(stream);
      return false;
    }
  }

  /** A notification arrived (its payload is the new cursor), or the hub must catch up. */
  private wake(notifiedId?: number): void {
    if (notifiedId !== undefined && Number.isFinite(notifiedId)) this.notifiedId = Math.max(this.notifiedId, notifiedId);
    this.pending = true;
    if (!this.draining) void this.drain();
    this.options.onLogged?.();
  }

  /** Sends `stream` what it may see after the later of its opening and its last event (ids already sent are dropped). */
  private async catchUp(stream: Stream): Promise<void> {
    for (const event of await service.replay(this.db, stream.userId, Math.max(stream.openedAt, stream.lastSentId), stream.session.adminPowers ?? true)) {
      this.streams.write(stream, outgoing(event));
    }
  }

  /** Delivers everything logged after the last event handled, batch by batch, until nothing is pending. */
  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending && !this.stopped) {
        this.pending = false;
        if (this.streams.isEmpty) {
          // Nobody listens here: nothing to read, only the cursor to move on.
          this.lastId = Math.max(this.lastId, this.notifiedId);
          continue;
        }
        if ((await this.deliverBatch()) === BATCH) {
          this.pending = true;
          // Let the sockets take what was written (and readers read) before the next batch: an
          // embedded database answers without ever reaching the event loop's I/O phase.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } catch (error) {
      if (!this.stopped) {
        this.options.logger.warn({ err: error }, 'live events: delivery failed; retrying');
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.wake(), RETRY_MS);
        this.retryTimer.unref();
      }
    } finally {
      this.draining = false;
    }
  }

  /** Reads and delivers one batch of events after lastId to the users listening here; answers how many were read. */
  private async deliverBatch(): Promise<number> {
    const listening = new Set(this.streams.users());
    const rows = await repo.eventsWithRecipients(this.db, this.lastId, [...listening], BATCH);
    // The one database read per recipient (a notification's unread counts) is done for the
    // whole batch before anything is written: delivery itself never waits, on anyone.
    const unread = await this.unreadCounts(rows);
    for (const row of rows) {
      this.lastId = row.id;
      if (row.type === 'session.revoked') {
        if (row.user_id !== null) this.streams.revoke(row.user_id, JSON.parse(row.data_json) as Revocation);
        continue;
      }
      // The same frame for every recipient, made from the stored JSON as it is; but a
      // notification's, which carries the user's unread counts.
      const shared: Outgoing | undefined =
        row.type === 'notification.created' ? undefined : { id: row.id, refetch: false, frame: Buffer.from(service.sseFrameOf(row.id, row.type, row.data_json)) };
      for (const userId of row.recipients) {
        const streams = this.streams.of(userId);
        if (streams.length === 0) continue;
        const event = shared ?? outgoing(await service.toLiveEvent(this.db, { ...row, data: JSON.parse(row.data_json) }, userId, unread.get(userId)));
        for (const stream of streams) {
          if (stream.session.adminPowers === false && !row.admins_as_users.includes(userId)) continue;
          this.streams.write(stream, event);
        }
      }
    }
    // A user whose first stream opened while that statement was on its way was not among its
    // recipients (the statement may even have waited for a pool connection and seen events
    // committed after the stream opened): those streams catch up by replay from where they opened.
    for (const userId of this.streams.users()) {
      if (listening.has(userId)) continue;
      for (const stream of this.streams.of(userId)) await this.catchUp(stream);
    }
    return rows.length;
  }

  /** The unread counts of the users who get a notification in `rows`, read once each, at once. */
  private async unreadCounts(rows: { type: string; recipients: number[] }[]): Promise<Map<number, UnreadCount>> {
    const users = new Set<number>();
    for (const row of rows) if (row.type === 'notification.created') for (const userId of row.recipients) if (this.streams.count(userId) > 0) users.add(userId);
    const counts = await Promise.all([...users].map(async (userId) => [userId, await unreadCount(this.db, userId)] as const));
    return new Map(counts);
  }
}

export function createEventHub(options: EventHubOptions): EventHub {
  return new EventHub(options);
}
