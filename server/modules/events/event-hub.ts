import type { Response } from 'express';
import pg from 'pg';
import { LIMITS } from '../../../shared/limits';
import type { LiveEvent } from '../../../shared/schemas/events';
import type { DbHandle } from '../../db/client';
import type { Logger } from '../../logger';
import * as repo from './events.repo';
import * as service from './events.service';

/** The channel the event triggers notify (migrations/2026_11_24_100000_create_events.ts). */
export const EVENTS_CHANNEL = 'stacks_events';
/** Events read per statement while delivering. */
const BATCH = 200;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
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
}

interface Stream {
  userId: number;
  res: Response;
  /** While replaying, live events wait here; ids already replayed are then dropped. */
  buffer: LiveEvent[] | null;
  lastSentId: number;
  /** The newest cursor the hub knew of (read or notified) when the stream opened: it is owed every later event it may see. */
  openedAt: number;
}

/**
 * The live events of one app process (GET /v1/events): one LISTEN connection for all streams,
 * the open streams by user, delivery, heartbeats, the per-user stream limit and pruning.
 *
 * A NOTIFY only wakes the hub: it then reads every event after the last one it handled, with the
 * recipients among its listening users decided in the same statement (events.repo.ts), so a missed
 * or coalesced notification loses nothing, and after a lost connection the hub catches up by id.
 * An idle stream costs no database work: only events, the start-up and pruning query.
 */
export class EventHub {
  private readonly streams = new Map<number, Set<Stream>>();
  private lastId = 0;
  private notifiedId = 0;
  private draining = false;
  private pending = false;
  private stopped = false;
  private closing = false;
  private timers: NodeJS.Timeout[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly heartbeatMs: number;
  private readonly pruneEveryMs: number;
  readonly streamsPerUser: number;

  constructor(private readonly options: EventHubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? LIMITS.eventHeartbeatSeconds * 1000;
    this.pruneEveryMs = options.pruneEveryMs ?? 60_000;
    this.streamsPerUser = options.streamsPerUser ?? LIMITS.eventStreamsPerUser;
  }

  private get db() {
    return this.options.handle.db;
  }

  /** Reads the newest cursor and starts listening, heartbeats and pruning. */
  async start(): Promise<void> {
    this.lastId = await repo.latestEventId(this.db);
    this.notifiedId = this.lastId;
    await this.listen();
    const heartbeat = setInterval(() => this.heartbeat(), this.heartbeatMs);
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
    for (const set of this.streams.values()) for (const stream of set) stream.res.end();
    this.streams.clear();
  }

  /** Ends the streams, the timers and the listening connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closeStreams();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    clearTimeout(this.retryTimer);
    clearTimeout(this.reconnectTimer);
    const quietly = (what: string) => (error: unknown) => this.options.logger.debug({ err: error }, `live events: ${what} at shutdown failed`);
    await this.unlisten?.().catch(quietly('unlisten'));
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(quietly('closing the listener'));
    // Let a delivery in progress finish before the database closes.
    while (this.draining) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Streams the user holds on this instance. */
  streamCount(userId: number): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  /**
   * Opens a stream on `res` (headers already sent): registers it at once, so no live event is
   * missed, replays what the user missed since `cursor` while live events wait, then goes live.
   * Returns false when the user already holds streamsPerUser streams (nothing is written then).
   */
  async open(userId: number, res: Response, cursor: number | 'invalid' | undefined): Promise<void> {
    if (this.closing) return void res.end();
    const stream: Stream = { userId, res, buffer: cursor === undefined ? null : [], lastSentId: 0, openedAt: Math.max(this.lastId, this.notifiedId) };
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(stream);
    res.on('close', () => this.remove(stream));
    if (cursor === undefined) return;
    try {
      for (const event of await service.replay(this.db, userId, cursor)) this.send(stream, event);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'live events: replay failed; the client will reconnect');
      res.end();
      return;
    }
    const waiting = stream.buffer ?? [];
    stream.buffer = null;
    for (const event of waiting) this.send(stream, event);
  }

  private remove(stream: Stream): void {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(stream.userId);
  }

  /** A live event: held back while the stream replays. */
  private write(stream: Stream, event: LiveEvent): void {
    if (stream.buffer) stream.buffer.push(event);
    else this.send(stream, event);
  }

  /** Sends an event once: ids already sent (by the replay) are dropped. */
  private send(stream: Stream, event: LiveEvent): void {
    const id = Number(event.id);
    // A refetch carries the newest cursor: anything up to it is covered by the refetch.
    if (id <= stream.lastSentId && event.type !== 'refetch') return;
    stream.lastSentId = Math.max(stream.lastSentId, id);
    stream.res.write(service.sseFrame(event));
  }

  private heartbeat(): void {
    for (const set of this.streams.values()) for (const stream of set) stream.res.write(': ping\n\n');
  }

  /** A notification arrived (its payload is the new cursor), or the hub must catch up. */
  private wake(notifiedId?: number): void {
    if (notifiedId !== undefined && Number.isFinite(notifiedId)) this.notifiedId = Math.max(this.notifiedId, notifiedId);
    this.pending = true;
    if (!this.draining) void this.drain();
  }

  /** Sends `stream` what it may see after the later of its opening and its last event (ids already sent are dropped). */
  private async catchUp(stream: Stream): Promise<void> {
    for (const event of await service.replay(this.db, stream.userId, Math.max(stream.openedAt, stream.lastSentId))) this.write(stream, event);
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.pending && !this.stopped) {
        this.pending = false;
        if (this.streams.size === 0) {
          // Nobody listens here: nothing to read, only the cursor to move on.
          this.lastId = Math.max(this.lastId, this.notifiedId);
          continue;
        }
        const listening = new Set(this.streams.keys());
        const rows = await repo.eventsWithRecipients(this.db, this.lastId, [...listening], BATCH);
        for (const row of rows) {
          this.lastId = row.id;
          for (const userId of row.recipients) {
            const set = this.streams.get(userId);
            if (!set) continue;
            const event = await service.toLiveEvent(this.db, row, userId);
            for (const stream of set) this.write(stream, event);
          }
        }
        // A user whose first stream opened while that statement was on its way was not among its
        // recipients (the statement may even have waited for a pool connection and seen events
        // committed after the stream opened): those streams catch up by replay from where they opened.
        for (const [userId, set] of this.streams) {
          if (listening.has(userId)) continue;
          for (const stream of set) await this.catchUp(stream);
        }
        if (rows.length === BATCH) this.pending = true;
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

  private async listen(): Promise<void> {
    const { handle } = this.options;
    if (handle.kind === 'pglite') {
      this.unlisten = await handle.pglite!.listen(EVENTS_CHANNEL, (payload) => this.wake(Number(payload)));
      return;
    }
    await this.connectListener();
  }

  /** A dedicated connection (not from the pool) that LISTENs; reconnected with backoff. */
  private async connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.handle.databaseUrl, application_name: 'stacks-events', keepAlive: true });
    let failed = false;
    const onLost = (error?: Error) => {
      if (failed) return;
      failed = true;
      if (this.listener === client) this.listener = undefined;
      client.end().catch((endError: unknown) => this.options.logger.debug({ err: endError }, 'live events: closing a lost listener failed'));
      if (this.stopped) return;
      this.options.logger.warn({ err: error }, 'live events: listener connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) this.wake(Number(message.payload));
    });
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      // Not fatal, at start-up either: the hub retries, and catches up by id once connected.
      onLost(error as Error);
      return;
    }
    this.listener = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connectListener()
        // Whatever was committed while the connection was away is read by id.
        .then(() => this.wake())
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'live events: reconnecting the listener failed'));
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }
}

export function createEventHub(options: EventHubOptions): EventHub {
  return new EventHub(options);
}
