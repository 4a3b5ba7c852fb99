import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { LogEvent } from 'kysely';
import { openDatabase, type Db, type DbHandle } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';

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

/**
 * A fresh, migrated database for one test file: a new database on the server in DATABASE_URL,
 * or an in-memory PGlite when it is unset. No test sees another file's data.
 */
export async function createTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL;
  let recording: string[] | null = null;
  const onQuery = (event: LogEvent) => {
    if (recording) recording.push(event.query.sql);
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  let url: string | undefined;
  if (serverUrl) {
    const name = `stacks_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(serverUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pg's Pool.end() resolves before its sockets have closed: wait for them, or the forced drop
      // below terminates a closing connection and its FATAL error surfaces as an uncaught exception.
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const handle = await openDatabase({ databaseUrl: url, poolMax: options.poolMax ?? 12, poolTimeoutMs: options.poolTimeoutMs, onQuery });
  await migrateToLatest(handle.db);
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
      await dropDatabase?.();
    },
  };
}
