import pg from 'pg';
import type { DbHandle } from '../../db/client';
import type { Logger } from '../../logger';

/** The channel the event triggers notify (migrations/2026_11_24_100000_create_events.ts). */
export const EVENTS_CHANNEL = 'stacks_events';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * One process's LISTEN on the events channel: on the embedded database PGlite's own listener; on a
 * server a dedicated connection (not from the pool), reconnected with backoff (0.5 s doubling to
 * 30 s) when it drops. `onNotify` gets each notification's payload (the new cursor), and is called
 * without one after a reconnect: whatever was committed meanwhile is to be read by id.
 */
export class EventListener {
  private client: pg.Client | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly handle: DbHandle,
    private readonly logger: Logger,
    private readonly onNotify: (payload?: number) => void,
  ) {}

  async start(): Promise<void> {
    if (this.handle.kind === 'pglite') {
      this.unlisten = await this.handle.pglite!.listen(EVENTS_CHANNEL, (payload) => this.onNotify(Number(payload)));
      return;
    }
    await this.connect();
  }

  /** Whether it listens now (the readiness check): its connection is up, or PGlite's listener registered. */
  get connected(): boolean {
    if (this.stopped) return false;
    return this.handle.kind === 'pglite' ? this.unlisten !== undefined : this.client !== undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const quietly = (what: string) => (error: unknown) => this.logger.debug({ err: error }, `live events: ${what} at shutdown failed`);
    await this.unlisten?.().catch(quietly('unlisten'));
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(quietly('closing the listener'));
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.handle.databaseUrl, application_name: 'stacks-events', keepAlive: true });
    let failed = false;
    const onLost = (error?: Error) => {
      if (failed) return;
      failed = true;
      if (this.client === client) this.client = undefined;
      client.end().catch((endError: unknown) => this.logger.debug({ err: endError }, 'live events: closing a lost listener failed'));
      if (this.stopped) return;
      this.logger.warn({ err: error }, 'live events: listener connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) this.onNotify(Number(message.payload));
    });
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      // Not fatal, at start-up either: it retries, and the hub catches up by id once connected.
      onLost(error as Error);
      return;
    }
    this.client = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
  }

  private scheduleReconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect()
        .then(() => this.onNotify())
        .catch((error: unknown) => this.logger.warn({ err: error }, 'live events: reconnecting the listener failed'));
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }
}
