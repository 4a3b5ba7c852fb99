import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pg' | 'pglite';
  /** The server's URL (pg), for clients that open their own connections (the job queue). */
  databaseUrl?: string;
  /** The embedded database (pglite); its one connection is shared through Kysely's queue. */
  pglite?: PGlite;
  /** Closes the pool (or PGlite) and releases the data-folder lock. */
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** A PostgreSQL URL; without one, embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's data; omit for an in-memory database (tests). */
  pgliteDir?: string;
  poolMax?: number;
  /** Called for every statement (query counting in tests, slow-query logs). */
  onQuery?: (event: LogEvent) => void;
}

export class DataFolderBusyError extends Error {
  constructor(public readonly folder: string) {
    super(
      `The embedded database in ${folder} is in use by another process (is the server running?). ` +
        'Stop it first, or set DATABASE_URL to a PostgreSQL server that several processes can share.',
    );
  }
}

/** Only one process may open a PGlite folder: a second one would corrupt it. */
async function lockDataFolder(folder: string): Promise<() => Promise<void>> {
  mkdirSync(folder, { recursive: true });
  try {
    return await lockfile.lock(folder, {
      lockfilePath: path.join(folder, '..', `${path.basename(folder)}.lock`),
      realpath: false,
      stale: 15_000,
      update: 5_000,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataFolderBusyError(folder);
    throw error;
  }
}

// pg returns bigint (count(*), sum) as strings; SQL casts to ::int where a number is wanted.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: OpenDbOptions): Promise<DbHandle> {
  const log = options.onQuery;
  if (options.databaseUrl) {
    // JIT compiles queries whose estimated cost is high (the feed's per-row visibility checks):
    // 1-4 s of compiling for ~20 ms of work. The app's queries are short: keep it off.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10, options: '-c jit=off' });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, kind: 'pg', databaseUrl: options.databaseUrl, close: () => db.destroy() };
  }
  const release = options.pgliteDir ? await lockDataFolder(options.pgliteDir) : undefined;
  try {
    const pglite = new PGlite(options.pgliteDir);
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log });
    return {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        await db.destroy();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}
