import type { Response } from 'express';
import pg from 'pg';
import { LIMITS } from '../../../shared/limits';
import type { LiveEvent } from '../../../shared/schemas/events';
import type { UnreadCount } from '../../../shared/schemas/users';
import type { DbHandle } from '../../db/client';
import type { Logger } from '../../logger';
import { metrics } from '../../metrics/metrics';
import { unreadCount } from '../notifications/notifications.service';
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
  /** Unsent bytes a stream may hold before it is dropped (LIMITS.eventStreamBufferBytes). */
  maxBufferedBytes?: number;
  /** Told whenever the log may hold something new (the outside-the-tab dispatcher's wake). */
  onLogged?: () => void;
}

/** The token a stream was opened with: the stream ends when it stops being valid. */
export interface StreamSession {
  /** The token's `ver`: a `session.revoked` event with another version (or a deactivation) ends the stream. */
  tokenVersion: number;
  /** The token's session (`sid`): a `session.revoked` event naming it ends the stream (docs/sessions.md). */
  sessionId: number;
  /** When the token expires (ms since the epoch): the stream ends then. */
  expiresAt?: number;
  /**
   * False for an admin's session without the second factor REQUIRE_ADMIN_2FA asks for: the stream
   * gets what the admin would see as a user (docs/two-factor.md). Unset: as the account's role says.
   */
  adminPowers?: boolean;
}

interface Stream {
  userId: number;
  res: Response;
  session: StreamSession;
  /** Until it is started and has replayed, live events wait here; ids already replayed are then dropped. */
  buffer: Outgoing[] | null;
  /** The headers were sent (the token was checked again first); it counts in stacks_event_streams_open until removed. */
  started: boolean;
  lastSentId: number;
  /** The newest cursor the hub knew of (read or notified) when the stream opened: it is owed every later event it may see. */
  openedAt: number;
  expiry: NodeJS.Timeout | undefined;
  ended: boolean;
}

/**
 * What a `session.revoked` event carries: the user's token version and state
 * (migrations/2026_11_25_130000_bound_event_fanout.ts), or one ended session
 * (migrations/2026_11_26_150000_sessions.ts).
 */
type Revocation = { token_version: number; is_active: boolean } | { session_id: number };

/**
 * An event ready to send: its cursor, and its SSE frame, encoded once for all its recipients (each
 * stream's write then takes the same bytes: no copy per stream, none kept per stream).
 */
interface Outgoing {
  id: number;
  refetch: boolean;
  frame: Buffer;
}

const outgoing = (event: LiveEvent): Outgoing => ({ id: Number(event.id), refetch: event.type === 'refetch', frame: Buffer.from(service.sseFrame(event)) });

/** setTimeout's largest delay; a token expiring later is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The live events of one app process (GET /v1/events): one LISTEN connection for all streams,
 * the open streams by user, delivery, heartbeats, the per-user stream limit and pruning.
 *
 * A NOTIFY only wakes the hub: it then reads every event after the last one it handled, with the
 * recipients among its listening users decided in the same statement (events.repo.ts), so a missed
 * or coalesced notification loses nothing, and after a lost connection the hub catches up by id.
 * An idle stream costs no database work: only events, the start-up and pruning query.
 *
 * Bounded under abuse (docs/live-events.md):
 * - backpressure: writes never wait for a reader; a stream whose unsent data passes
 *   maxBufferedBytes is dropped at once (its socket destroyed, so its buffers go) and the cursor it
 *   had reached is remembered, so that its next connect from an earlier cursor gets `refetch`;
 * - revocation: a `session.revoked` event (any change of the user's token version or `is_active`,
 *   on any instance) ends the user's streams opened with another token version, and each stream
 *   ends when its token expires; the per-user quota frees at once.
 */
export class EventHub {
  private readonly streams = new Map<number, Set<Stream>>();
  /** Users whose stream was dropped for falling behind: the cursor it had reached, until when it is remembered. */
  private readonly dropped = new Map<number, { cursor: number; until: number }>();
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
  private readonly maxBufferedBytes: number;

  constructor(private readonly options: EventHubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? LIMITS.eventHeartbeatSeconds * 1000;
    this.pruneEveryMs = options.pruneEveryMs ?? 60_000;
    this.streamsPerUser = options.streamsPerUser ?? LIMITS.eventStreamsPerUser;
    this.maxBufferedBytes = options.maxBufferedBytes ?? LIMITS.eventStreamBufferBytes;
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
    for (const set of this.streams.values()) for (const stream of [...set]) this.end(stream);
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

  /**
   * Whether the hub listens for new events (the readiness check, server/http/readiness.ts): its
   * LISTEN connection is up (server), or its listener is registered (embedded database).
   */
  get connected(): boolean {
    if (this.stopped) return false;
    return this.options.handle.kind === 'pglite' ? this.unlisten !== undefined : this.listener !== undefined;
  }

  /** Streams the user holds on this instance. */
  streamCount(userId: number): number {
    return this.streams.get(userId)?.size ?? 0;
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
    if (this.streamCount(userId) >= this.streamsPerUser) return 'full';
    const stream: Stream = {
      userId,
      res,
      session,
      buffer: [],
      started: false,
      lastSentId: 0,
      openedAt: Math.max(this.lastId, this.notifiedId),
      expiry: undefined,
      ended: false,
    };
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(stream);
    res.on('close', () => this.remove(stream));
    let valid: boolean;
    try {
      valid = await service.sessionStillValid(this.db, userId, session);
    } catch (error) {
      this.remove(stream);
      throw error;
    }
    if (this.closing) {
      this.remove(stream);
      return 'closed';
    }
    if (!valid || stream.ended) {
      this.remove(stream);
      return 'revoked';
    }
    start();
    stream.started = true;
    metrics.eventStreams.inc();
    this.scheduleExpiry(stream);
    if (cursor !== undefined) {
      try {
        const dropped = this.dropped.get(userId);
        const events =
          typeof cursor === 'number' && dropped && cursor < dropped.cursor
            ? // It fell behind here and comes back from before that point: what it missed was too much to replay.
              [service.refetch(Math.max(this.lastId, this.notifiedId, dropped.cursor))]
            : await service.replay(this.db, userId, cursor, session.adminPowers ?? true);
        for (const event of events) this.send(stream, outgoing(event));
      } catch (error) {
        this.options.logger.warn({ err: error }, 'live events: replay failed; the client will reconnect');
        this.end(stream);
        return 'open';
      }
    }
    const waiting = stream.buffer ?? [];
    stream.buffer = null;
    for (const event of waiting) this.send(stream, event);
    return 'open';
  }

  private remove(stream: Stream): void {
    stream.ended = true;
    clearTimeout(stream.expiry);
    const set = this.streams.get(stream.userId);
    if (!set) return;
    if (set.delete(stream) && stream.started) metrics.eventStreams.dec();
    if (set.size === 0) this.streams.delete(stream.userId);
  }

  /**
   * Ends a stream now; its quota frees at once. Data still unsent is thrown away: the connection is
   * reset, which also frees what the kernel holds for it (a reader that is not reading would keep
   * both, the process's memory and the kernel's, for as long as it likes).
   */
  private end(stream: Stream): void {
    this.remove(stream);
    // Not started: open() answers instead (nothing was written yet).
    if (!stream.started) return;
    const { res } = stream;
    if (res.writableLength === 0) return void res.end();
    if (res.socket && !res.socket.destroyed) res.socket.resetAndDestroy();
    else res.destroy();
  }

  /** Ends the stream when its token expires. */
  private scheduleExpiry(stream: Stream): void {
    const { expiresAt } = stream.session;
    if (expiresAt === undefined || stream.ended) return;
    const wait = expiresAt - Date.now();
    if (wait <= 0) return this.end(stream);
    stream.expiry = setTimeout(() => (Date.now() >= expiresAt ? this.end(stream) : this.scheduleExpiry(stream)), Math.min(wait, MAX_TIMER_MS));
    stream.expiry.unref();
  }

  /** One session ended, or the user's token version changed or the account was (de)activated: those streams end. */
  private revoke(userId: number, revocation: Revocation): void {
    const set = this.streams.get(userId);
    if (!set) return;
    for (const stream of [...set]) {
      const ended =
        'session_id' in revocation
          ? stream.session.sessionId === revocation.session_id
          : !revocation.is_active || stream.session.tokenVersion !== revocation.token_version;
      if (ended) this.end(stream);
    }
  }

  /** A live event: held back while the stream replays. */
  private write(stream: Stream, event: Outgoing): void {
    if (stream.buffer) stream.buffer.push(event);
    else this.send(stream, event);
  }

  /**
   * Sends an event once: ids already sent (by the replay) are dropped. Never waits for the reader:
   * past maxBufferedBytes unsent, the stream is dropped instead.
   */
  private send(stream: Stream, event: Outgoing): void {
    if (stream.ended) return;
    // A refetch carries the newest cursor: anything up to it is covered by the refetch.
    if (event.id <= stream.lastSentId && !event.refetch) return;
    stream.lastSentId = Math.max(stream.lastSentId, event.id);
    stream.res.write(event.frame);
    metrics.eventsDelivered.inc();
    if (stream.res.writableLength > this.maxBufferedBytes) this.dropSlow(stream);
  }

  /** A reader that fell behind: dropped, and its next connect from before where it was gets `refetch`. */
  private dropSlow(stream: Stream): void {
    const remembered = this.dropped.get(stream.userId)?.cursor ?? 0;
    this.dropped.set(stream.userId, { cursor: Math.max(remembered, stream.lastSentId), until: Date.now() + LIMITS.eventReplayMinutes * 60_000 });
    this.options.logger.info({ userId: stream.userId, unsent: stream.res.writableLength }, 'live events: dropped a stream that fell behind');
    this.end(stream);
  }

  private heartbeat(): void {
    for (const set of this.streams.values()) {
      for (const stream of [...set]) {
        if (!stream.started) continue;
        stream.res.write(': ping\n\n');
        if (stream.res.writableLength > this.maxBufferedBytes) this.dropSlow(stream);
      }
    }
    const now = Date.now();
    for (const [userId, entry] of this.dropped) if (entry.until <= now) this.dropped.delete(userId);
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
      this.write(stream, outgoing(event));
    }
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
        // The one database read per recipient (a notification's unread counts) is done for the
        // whole batch before anything is written: delivery itself never waits, on anyone.
        const unread = await this.unreadCounts(rows);
        for (const row of rows) {
          this.lastId = row.id;
          if (row.type === 'session.revoked') {
            if (row.user_id !== null) this.revoke(row.user_id, JSON.parse(row.data_json) as Revocation);
            continue;
          }
          // The same frame for every recipient, made from the stored JSON as it is; but a
          // notification's, which carries the user's unread counts.
          const shared: Outgoing | undefined =
            row.type === 'notification.created' ? undefined : { id: row.id, refetch: false, frame: Buffer.from(service.sseFrameOf(row.id, row.type, row.data_json)) };
          for (const userId of row.recipients) {
            const set = this.streams.get(userId);
            if (!set) continue;
            const event = shared ?? outgoing(await service.toLiveEvent(this.db, { ...row, data: JSON.parse(row.data_json) }, userId, unread.get(userId)));
            for (const stream of [...set]) {
              if (stream.session.adminPowers === false && !row.admins_as_users.includes(userId)) continue;
              this.write(stream, event);
            }
          }
        }
        // A user whose first stream opened while that statement was on its way was not among its
        // recipients (the statement may even have waited for a pool connection and seen events
        // committed after the stream opened): those streams catch up by replay from where they opened.
        for (const [userId, set] of this.streams) {
          if (listening.has(userId)) continue;
          for (const stream of set) await this.catchUp(stream);
        }
        if (rows.length === BATCH) {
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

  /** The unread counts of the users who get a notification in `rows`, read once each, at once. */
  private async unreadCounts(rows: { type: string; recipients: number[] }[]): Promise<Map<number, UnreadCount>> {
    const users = new Set<number>();
    for (const row of rows) if (row.type === 'notification.created') for (const userId of row.recipients) if (this.streams.has(userId)) users.add(userId);
    const counts = await Promise.all([...users].map(async (userId) => [userId, await unreadCount(this.db, userId)] as const));
    return new Map(counts);
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
