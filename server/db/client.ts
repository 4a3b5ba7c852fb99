import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Driver, type LogEvent, type PostgresPool } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { PoolStats } from '../metrics/metrics';
import { tightenTree } from '../private-files';
import { lockFolder } from './folder-lock';
import { recoverInterruptedRestore } from './interrupted-restore';
import { prepareLongStatements } from './prepared';
import { currentRequestScope, RequestAbandonedError } from './request-scope';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pg' | 'pglite';
  /** The server's URL (pg), for clients that open their own connections (the job queue). */
  databaseUrl?: string;
  /** The embedded database (pglite); its one connection is shared through Kysely's queue. */
  pglite?: PGlite;
  /**
   * A health probe that never waits behind the request queue: on a server it uses a connection of
   * its own (with a short timeout); it rejects when the database does not answer.
   */
  ping(): Promise<void>;
  /**
   * The request pool's connections in use and callers waiting (stacks_db_pool_* metrics): pg's
   * pool figures on a server; on the embedded database its one connection (0 or 1) and Kysely's
   * queue for it. Read when metrics are scraped.
   */
  poolStats?(): PoolStats;
  /** Closes the pool (or PGlite) and releases the data-folder lock. */
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** A PostgreSQL URL; without one, embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's data; omit for an in-memory database (tests). */
  pgliteDir?: string;
  /**
   * A PGlite data-folder tarball (`dumpDataDir()`) to start from instead of an empty database: tests
   * load one migrated dump (~0.5 s) rather than initialising and migrating each database (~5 s).
   */
  pgliteDump?: Blob;
  /**
   * Server settings for the embedded database (`-c name=value` at its start, over its
   * postgresql.conf). Tests choose smaller memory settings; the app passes none.
   */
  pgliteSettings?: Record<string, string>;
  poolMax?: number;
  /** How long a request may wait for a pool connection (or to connect) before it fails; ms. */
  poolTimeoutMs?: number;
  /**
   * The server's `statement_timeout` on every pool connection (ms): a statement running longer is
   * cancelled (SQLSTATE 57014, answered 503 STATEMENT_TIMEOUT). Unset or 0: no limit (migrations,
   * the CLI, the bench seed). Server PostgreSQL only: PGlite cannot interrupt a statement.
   */
  statementTimeoutMs?: number;
  /** Called for every statement (query counting in tests, slow-query logs). */
  onQuery?: (event: LogEvent) => void;
  /**
   * Told about connections the server dropped (restart, failover, idle timeout, pg_terminate_backend).
   * Such a connection is discarded and replaced on the next checkout; it is never fatal.
   */
  onConnectionError?: (error: Error) => void;
  /** Told when the cancel of an abandoned request's statement could not be sent (that statement then runs to its timeout). */
  onCancelError?: (error: Error) => void;
  /** Told what was done to finish an interrupted restore of the embedded folder before it opened (server/db/interrupted-restore.ts). */
  onRestoreRecovered?: (line: string) => void;
}

const HEALTH_TIMEOUT_MS = 2_000;

/**
 * A pg pool whose dropped connections are reported instead of crashing the process: pg emits
 * 'error' on an idle client (the pool re-emits it) and on a checked-out client between queries,
 * and an 'error' event nobody listens to is an uncaught exception.
 */
function resilientPool(config: pg.PoolConfig, onConnectionError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({ keepAlive: true, ...config });
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
    prepareLongStatements(client);
  });
  return pool;
}

/**
 * The request pool as Kysely sees it: every checkout made while serving an HTTP request is recorded
 * against that request (server/db/request-scope.ts). When the client goes away before its answer,
 * the statement running on each of the request's connections is cancelled (pg_cancel_backend, sent
 * by `cancel` from a connection outside this pool, as the pool may be full), and the abandoned
 * request gets no new connection. A connection that was sent a cancel stays checked out until the
 * cancel has been delivered, so it can never reach a statement of another request, and is then
 * discarded rather than reused (whatever state the cancel left it in).
 */
function abandonablePool(pool: pg.Pool, cancel: (pid: number) => Promise<void>): PostgresPool {
  return {
    connect: async () => {
      const scope = currentRequestScope();
      if (scope?.abandoned) throw new RequestAbandonedError();
      const client = await pool.connect();
      if (!scope) return client;
      if (scope.abandoned) {
        client.release();
        throw new RequestAbandonedError();
      }
      const release = client.release;
      let cancelled: Promise<void> | undefined;
      // The backend's pid, from its BackendKeyData message (pg sets it; its types do not declare it).
      const pid = (client as pg.PoolClient & { processID: number }).processID;
      const forget = scope.onAbandon(() => {
        cancelled = cancel(pid);
      });
      client.release = (error?: Error | boolean) => {
        forget();
        if (!cancelled) return release(error);
        void cancelled.finally(() => release(true));
      };
      return client;
    },
    end: () => pool.end(),
  };
}

/**
 * The embedded database's dialect, counting its one connection in use and the callers queued for
 * it (kysely-pglite-dialect keeps that queue to itself).
 */
export class CountedPGliteDialect extends PGliteDialect {
  constructor(
    pglite: PGlite,
    private readonly stats: PoolStats,
  ) {
    super(pglite);
  }

  createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    const { stats } = this;
    driver.acquireConnection = async () => {
      stats.waiting += 1;
      try {
        const connection = await acquire();
        stats.inUse += 1;
        return connection;
      } finally {
        stats.waiting -= 1;
      }
    };
    driver.releaseConnection = async (connection) => {
      stats.inUse -= 1;
      await release(connection);
    };
    return driver;
  }
}

/** The smallest statement: the database answers. */
export async function selectOne(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export class DataFolderBusyError extends Error {
  constructor(public readonly folder: string) {
    super(
      `The embedded database in ${folder} is in use by another process (is the server running?). ` +
        'Stop it first, or set DATABASE_URL to a PostgreSQL server that several processes can share.',
    );
  }
}

/** Only one process may open a PGlite folder: a second one would corrupt it. A dead owner's lock is taken over at once. */
const lockDataFolder = (folder: string) => lockFolder(folder, (busy) => new DataFolderBusyError(busy));

// pg returns bigint (count(*), sum) as strings; SQL casts to ::int where a number is wanted.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** PGlite's start parameters with `settings` over its postgresql.conf (`-c name=value`). */
export function pgliteStartParams(settings: Record<string, string>): string[] {
  return [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

export async function openDatabase(options: OpenDbOptions): Promise<DbHandle> {
  const log = options.onQuery;
  if (options.databaseUrl) {
    // JIT compiles queries whose estimated cost is high (the feed's per-row visibility checks):
    // 1-4 s of compiling for ~20 ms of work. The app's queries are short: keep it off.
    // Generic plans for the named prepared statements (server/db/prepared.ts: the feed, the
    // detail): their plans follow the indexes whatever the parameters, and a custom plan costs
    // 1.5-3.7 ms of planning per call (the feed's page of 33: 3.3 ms a call with custom plans,
    // 2.5 ms with the generic one; at offset 330 6.6 ms and 3.8 ms). Unnamed statements are
    // planned per call either way.
    const onConnectionError = options.onConnectionError ?? (() => undefined);
    const statementTimeout = options.statementTimeoutMs ? ` -c statement_timeout=${options.statementTimeoutMs}` : '';
    const pool = resilientPool(
      {
        connectionString: options.databaseUrl,
        max: options.poolMax ?? 10,
        connectionTimeoutMillis: options.poolTimeoutMs ?? 5_000,
        options: `-c jit=off -c plan_cache_mode=force_generic_plan${statementTimeout}`,
        application_name: 'stacks',
      },
      onConnectionError,
    );
    // The health probe's own connection: a full request queue must not make a healthy instance look dead.
    const healthPool = resilientPool(
      { connectionString: options.databaseUrl, max: 1, connectionTimeoutMillis: HEALTH_TIMEOUT_MS, query_timeout: HEALTH_TIMEOUT_MS, application_name: 'stacks-health' },
      onConnectionError,
    );
    // Cancels go through the health connection: never behind the request queue, and a cancel is one quick statement.
    const cancel = async (pid: number) => {
      try {
        await healthPool.query('select pg_cancel_backend($1)', [pid]);
      } catch (error) {
        options.onCancelError?.(error as Error);
      }
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: abandonablePool(pool, cancel) }), log });
    return {
      db,
      kind: 'pg',
      databaseUrl: options.databaseUrl,
      ping: async () => void (await healthPool.query('select 1')),
      poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([db.destroy(), healthPool.end()]);
      },
    };
  }
  const release = options.pgliteDir ? await lockDataFolder(options.pgliteDir) : undefined;
  try {
    if (options.pgliteDir) for (const line of recoverInterruptedRestore(options.pgliteDir)) options.onRestoreRecovered?.(line);
    const startParams = options.pgliteSettings ? pgliteStartParams(options.pgliteSettings) : undefined;
    const pglite = new PGlite({ dataDir: options.pgliteDir, loadDataDir: options.pgliteDump, startParams });
    await pglite.waitReady;
    // PGlite's first files are 0666 whatever the umask (docs/decisions/0058-private-data-dir.md).
    if (options.pgliteDir) tightenTree(options.pgliteDir);
    const stats: PoolStats = { inUse: 0, waiting: 0 };
    const db = new Kysely<Database>({ dialect: new CountedPGliteDialect(pglite, stats), log });
    return {
      db,
      kind: 'pglite',
      pglite,
      poolStats: () => ({ ...stats }),
      // In-process, so no connection can drop; a statement here could interleave with an open
      // transaction on the one connection, so the probe only checks that the database is open.
      ping: async () => {
        if (pglite.closed) throw new Error('The embedded database is closed');
      },
      close: async () => {
        await db.destroy();
        // Kysely closes the dialect only once a query has run: a database that was never queried
        // (loaded from a dump, with nothing asked of it yet) is closed here.
        if (!pglite.closed) await pglite.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}
