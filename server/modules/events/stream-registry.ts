import type { Response } from 'express';
import { LIMITS } from '../../../shared/limits';
import type { LiveEvent } from '../../../shared/schemas/events';
import type { Logger } from '../../logger';
import { metrics } from '../../metrics/metrics';
import * as service from './events.service';

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

export interface Stream {
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
export type Revocation = { token_version: number; is_active: boolean } | { session_id: number };

/**
 * An event ready to send: its cursor, and its SSE frame, encoded once for all its recipients (each
 * stream's write then takes the same bytes: no copy per stream, none kept per stream).
 */
export interface Outgoing {
  id: number;
  refetch: boolean;
  frame: Buffer;
}

export const outgoing = (event: LiveEvent): Outgoing => ({ id: Number(event.id), refetch: event.type === 'refetch', frame: Buffer.from(service.sseFrame(event)) });

/** setTimeout's largest delay; a token expiring later is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The open event streams of one process, by user, and what writing to them may do
 * (docs/live-events.md): at most `streamsPerUser` each; writes never wait for a reader, and a
 * stream whose unsent data passes `maxBufferedBytes` is dropped at once (its socket destroyed) with
 * the cursor it had reached remembered, so its next connect from an earlier cursor gets `refetch`;
 * a stream ends when its token expires or is revoked, and its place frees at once.
 */
export class StreamRegistry {
  private readonly streams = new Map<number, Set<Stream>>();
  /** Users whose stream was dropped for falling behind: the cursor it had reached, until when it is remembered. */
  private readonly dropped = new Map<number, { cursor: number; until: number }>();

  constructor(
    readonly streamsPerUser: number,
    private readonly maxBufferedBytes: number,
    private readonly logger: Logger,
  ) {}

  count(userId: number): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  get isEmpty(): boolean {
    return this.streams.size === 0;
  }

  /** The users with a stream here. */
  users(): number[] {
    return [...this.streams.keys()];
  }

  /** The user's streams (a copy: writing may end some). */
  of(userId: number): Stream[] {
    return [...(this.streams.get(userId) ?? [])];
  }

  /** Registers a stream not yet started (live events wait in its buffer); undefined when the user holds streamsPerUser. */
  register(userId: number, res: Response, session: StreamSession, openedAt: number): Stream | undefined {
    if (this.count(userId) >= this.streamsPerUser) return undefined;
    const stream: Stream = { userId, res, session, buffer: [], started: false, lastSentId: 0, openedAt, expiry: undefined, ended: false };
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    res.on('close', () => this.remove(stream));
    return stream;
  }

  /** Its headers were sent: it counts as open, and ends when its token expires. */
  started(stream: Stream): void {
    stream.started = true;
    metrics.eventStreams.inc();
    this.scheduleExpiry(stream);
  }

  /** Sends what waited while the stream replayed, and goes live. */
  goLive(stream: Stream): void {
    const waiting = stream.buffer ?? [];
    stream.buffer = null;
    for (const event of waiting) this.send(stream, event);
  }

  /** The cursor a stream of this user had reached when it was dropped for falling behind, if it was lately. */
  droppedCursor(userId: number): number | undefined {
    return this.dropped.get(userId)?.cursor;
  }

  remove(stream: Stream): void {
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
  end(stream: Stream): void {
    this.remove(stream);
    // Not started: open() answers instead (nothing was written yet).
    if (!stream.started) return;
    const { res } = stream;
    if (res.writableLength === 0) return void res.end();
    if (res.socket && !res.socket.destroyed) res.socket.resetAndDestroy();
    else res.destroy();
  }

  endAll(): void {
    for (const set of this.streams.values()) for (const stream of [...set]) this.end(stream);
    this.streams.clear();
  }

  /** One session ended, or the user's token version changed or the account was (de)activated: those streams end. */
  revoke(userId: number, revocation: Revocation): void {
    for (const stream of this.of(userId)) {
      const ended =
        'session_id' in revocation
          ? stream.session.sessionId === revocation.session_id
          : !revocation.is_active || stream.session.tokenVersion !== revocation.token_version;
      if (ended) this.end(stream);
    }
  }

  /** A live event: held back while the stream replays. */
  write(stream: Stream, event: Outgoing): void {
    if (stream.buffer) stream.buffer.push(event);
    else this.send(stream, event);
  }

  /**
   * Sends an event once: ids already sent (by the replay) are dropped. Never waits for the reader:
   * past maxBufferedBytes unsent, the stream is dropped instead.
   */
  send(stream: Stream, event: Outgoing): void {
    if (stream.ended) return;
    // A refetch carries the newest cursor: anything up to it is covered by the refetch.
    if (event.id <= stream.lastSentId && !event.refetch) return;
    stream.lastSentId = Math.max(stream.lastSentId, event.id);
    stream.res.write(event.frame);
    metrics.eventsDelivered.inc();
    if (stream.res.writableLength > this.maxBufferedBytes) this.dropSlow(stream);
  }

  /** A comment line on every started stream (proxies keep them open); forgets old drops. */
  heartbeat(): void {
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

  /** A reader that fell behind: dropped, and its next connect from before where it was gets `refetch`. */
  private dropSlow(stream: Stream): void {
    const remembered = this.dropped.get(stream.userId)?.cursor ?? 0;
    this.dropped.set(stream.userId, { cursor: Math.max(remembered, stream.lastSentId), until: Date.now() + LIMITS.eventReplayMinutes * 60_000 });
    this.logger.info({ userId: stream.userId, unsent: stream.res.writableLength }, 'live events: dropped a stream that fell behind');
    this.end(stream);
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
}
