import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { LogEvent } from 'kysely';
import { inject } from 'vitest';
import { openDatabase, pgliteStartParams, type Db, type DbHandle } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { openPooledPglite } from './pglite-pool';

export interface TestDb {
  db: Db;
  /** The open database, for parts that need more than Kysely (the job queue). */
  handle: DbHandle;
  /** Counts SQL statements while `fn` runs (N+1 checks). */
  countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; statements: string[] }>;
  close(): Promise<void>;
}

export interface TestDbOptions {
  /** A PostgreSQL server to make the database on, whatever DATABASE_URL says (fault tests need one). */
  serverUrl?: string;
  poolMax?: number;
  poolTimeoutMs?: number;
}

/** The server of DATABASE_URL, or the local one: for tests that need a real server even on PGlite runs. */
export const postgresServerUrl = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Waits until no connection to database `name` is left. pg's Pool.end() resolves before its sockets
 * have closed: a template with a closing connection cannot be copied, and a forced drop would
 * terminate it, its FATAL error surfacing as an uncaught exception.
 */
export async function waitUntilUnused(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await waitUntilUnused(serverUrl, name);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Settings for every embedded database the tests open (never the app's). PGlite zero-fills its
 * shared memory at each start: with the default 128MB of shared buffers that is about half of the
 * ~2 s of CPU a database costs to open; 16MB (2,048 pages) holds any test's data. A pooled
 * database lives as long as its worker: a checkpoint every 64MB of WAL (not 1GB) keeps its
 * in-memory WAL small.
 */
export const TEST_PGLITE_SETTINGS: Record<string, string> = { shared_buffers: '16MB', min_wal_size: '32MB', max_wal_size: '64MB' };

/**
 * A dump as PGlite reads it (`await blob.arrayBuffer()`, then untar). Node 20's Blob#arrayBuffer
 * reads a 40MB blob in small chunks and concatenates them: ~0.4 s of CPU for each database opened.
 * This hands PGlite a copy of the bytes at once (a copy, as the dump is loaded many times).
 */
class DumpBlob extends Blob {
  readonly #data: Uint8Array<ArrayBuffer>;

  constructor(data: Uint8Array<ArrayBuffer>) {
    super([data]);
    this.#data = data;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#data.slice().buffer;
  }
}

/** The migrated dump of the global setup (tests/global-setup.ts), read once per process; undefined without one. */
let dump: Blob | undefined;
export function pgliteDump(): Blob | undefined {
  const file = inject('pgliteDump');
  if (!file) return undefined;
  dump ??= new DumpBlob(readFileSync(file));
  return dump;
}

/**
 * A fresh, migrated database for one test file: on the server in DATABASE_URL (or `serverUrl`), a
 * new database; on PGlite (DATABASE_URL unset), an in-memory database. Both start from what the
 * global setup migrated once: a copy of its template database, or its PGlite dump (a database of
 * the worker's pool, reset to the dump: tests/helpers/pglite-pool.ts). Without one (a server other
 * than the template's), the new database is migrated here. No test sees another file's data.
 */
export async function createTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL;
  let recording: string[] | null = null;
  const onQuery = (event: LogEvent) => {
    if (recording) recording.push(event.query.sql);
  };
  let drop: (() => Promise<void>) | undefined;
  let url: string | undefined;
  let migrated: boolean;
  let handle: DbHandle;
  if (serverUrl) {
    const name = `stacks_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const template = inject('templateDatabase');
    const fromTemplate = template?.serverUrl === serverUrl;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(fromTemplate ? `create database ${name} template ${template.name}` : `create database ${name}`);
    } finally {
      await admin.end();
    }
    migrated = fromTemplate;
    url = databaseUrlFor(serverUrl, name);
    drop = () => dropDatabase(serverUrl, name);
    handle = await openDatabase({ databaseUrl: url, poolMax: options.poolMax ?? 12, poolTimeoutMs: options.poolTimeoutMs, onQuery });
  } else {
    const dumped = pgliteDump();
    migrated = dumped !== undefined;
    handle = dumped
      ? await openPooledPglite({ dump: dumped, startParams: pgliteStartParams(TEST_PGLITE_SETTINGS) }, onQuery)
      : await openDatabase({ pgliteSettings: TEST_PGLITE_SETTINGS, onQuery });
  }
  if (!migrated) await migrateToLatest(handle.db);
  return {
    db: handle.db,
    handle,
    async countQueries(fn) {
      recording = [];
      try {
        const result = await fn();
        return { result, count: recording.length, statements: recording };
      } finally {
        recording = null;
      }
    },
    async close() {
      await handle.close();
      await drop?.();
    },
  };
}
