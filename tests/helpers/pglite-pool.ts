import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent } from 'kysely';
import { CountedPGliteDialect, type DbHandle } from '../../server/db/client';
import type { Database } from '../../server/db/schema';

/*
 * The embedded databases of one test worker, reused from file to file. Loading the migrated dump
 * into a new PGlite costs about 1 s of CPU (untar into its in-memory file system, start PostgreSQL,
 * warm its caches); putting a used one back as the dump left it costs a few tens of milliseconds:
 * roll back and DISCARD ALL (settings, prepared statements, temporary tables, LISTENs, advisory
 * locks), truncate every table and restart every sequence (its sequences are unused), then put back
 * the rows a migration wrote into the dump (e.g. the outbound cursor's one row; Kysely's own two
 * tables are left alone). A database whose schema a file changed (DDL,
 * ANALYZE statistics, migrations run down) does not match the dump's fingerprint any more and is
 * closed instead. The server files share the worker's module cache (isolate: false in
 * vitest.config.ts), so this pool outlives each file.
 */

/** Every PGlite the tests open, with these server settings (see TEST_PGLITE_SETTINGS). */
export interface PgliteSource {
  dump: Blob;
  startParams: string[];
}

/** Idle databases of this worker, as fresh as the dump. Two at most (a file rarely holds more at once). */
const idle: PGlite[] = [];
const MAX_IDLE = 2;
/** The dump's fingerprint, taken from the first database this worker loads. */
let dumpFingerprint: string | undefined;
/** The rows migrations wrote into the dump, per table (as JSON), taken with the fingerprint. */
let dumpRows: { table: string; rows: string }[] | undefined;

const PUBLIC_TABLES = `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' and tablename not like 'kysely\\_migration%'`;

async function rowsOf(pglite: PGlite): Promise<{ table: string; rows: string }[]> {
  const { rows: tables } = await pglite.query<{ name: string }>(PUBLIC_TABLES);
  const seeded: { table: string; rows: string }[] = [];
  for (const { name } of tables) {
    const { rows } = await pglite.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${name} t`);
    if (rows[0].rows !== null) seeded.push({ table: name, rows: rows[0].rows });
  }
  return seeded;
}

/**
 * What a file could change besides rows: tables, columns, indexes, sequences, triggers (and whether
 * they are enabled), functions, constraints, types, schemas, roles, planner statistics, database
 * settings, the applied migrations. Objects of the dump have fixed oids, so oids name them.
 */
const FINGERPRINT = `select md5(concat_ws('|',
  (select string_agg(concat_ws(',', oid, relname, relkind, relnamespace, relnatts, relpersistence), ';' order by oid) from pg_class where oid >= 16384),
  (select string_agg(concat_ws(',', attrelid, attnum, attname, atttypid, attnotnull, atthasdef, attisdropped), ';' order by attrelid, attnum) from pg_attribute where attrelid >= 16384),
  (select string_agg(concat_ws(',', oid, tgenabled), ';' order by oid) from pg_trigger),
  (select string_agg(concat_ws(',', oid, md5(prosrc)), ';' order by oid) from pg_proc where oid >= 16384),
  (select string_agg(oid::text, ';' order by oid) from pg_constraint where oid >= 16384),
  (select string_agg(oid::text, ';' order by oid) from pg_type where oid >= 16384),
  (select string_agg(oid::text, ';' order by oid) from pg_namespace),
  (select string_agg(oid::text, ';' order by oid) from pg_authid),
  (select count(*) from pg_statistic where starelid >= 16384),
  (select count(*) from pg_db_role_setting),
  (select string_agg(name, ';' order by name) from kysely_migration)
)) as fingerprint`;

async function fingerprintOf(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ fingerprint: string }>(FINGERPRINT)).rows[0].fingerprint;
}

/** Back to the dump's state, or false when the schema is not the dump's any more. */
async function reset(pglite: PGlite): Promise<boolean> {
  // A transaction a failed test left open (outside one, ROLLBACK only warns).
  await pglite.exec('rollback');
  await pglite.exec('discard all');
  if ((await fingerprintOf(pglite)) !== dumpFingerprint) return false;
  const { rows: tables } = await pglite.query<{ name: string }>(PUBLIC_TABLES);
  const { rows: sequences } = await pglite.query<{ name: string }>(`select format('%I.%I', schemaname, sequencename) as name from pg_sequences`);
  await pglite.exec(
    [`truncate ${tables.map((t) => t.name).join(', ')} restart identity`, ...sequences.map((s) => `alter sequence ${s.name} restart`)].join(';\n'),
  );
  for (const { table, rows } of dumpRows ?? []) await pglite.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [rows]);
  return true;
}

/** Hands `pglite` back to the pool if it could be reset, else closes it. */
async function giveBack(pglite: PGlite): Promise<void> {
  const reusable = idle.length < MAX_IDLE && (await reset(pglite).catch(() => false));
  if (reusable) idle.push(pglite);
  else if (!pglite.closed) await pglite.close();
}

/**
 * The file's view of a pooled PGlite: `close()` ends this view (what it LISTENed to is unlistened,
 * every later call fails as on a closed PGlite) and gives the database back to the pool.
 */
function lease(pglite: PGlite): PGlite {
  let closed = false;
  const unlistens = new Set<() => Promise<void>>();
  const close = async () => {
    if (closed) return;
    closed = true;
    for (const unlisten of [...unlistens]) await unlisten().catch(() => undefined);
    await giveBack(pglite);
  };
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'closed') return closed || target.closed;
      if (property === 'close') return close;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'listen') {
        return async (...args: Parameters<PGlite['listen']>) => {
          if (closed) throw new Error('PGlite is closed');
          const unlisten = await target.listen(...args);
          const once = async () => {
            if (!unlistens.delete(once)) return;
            await unlisten();
          };
          unlistens.add(once);
          return once;
        };
      }
      return (...args: unknown[]) => {
        if (closed) return Promise.reject(new Error('PGlite is closed'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** A database as fresh as the dump, as openDatabase would open it from the dump (server/db/client.ts). */
export async function openPooledPglite(source: PgliteSource, onQuery: (event: LogEvent) => void): Promise<DbHandle> {
  let pglite = idle.pop();
  if (!pglite) {
    pglite = new PGlite({ loadDataDir: source.dump, startParams: source.startParams });
    await pglite.waitReady;
    dumpFingerprint ??= await fingerprintOf(pglite);
    dumpRows ??= await rowsOf(pglite);
  }
  const leased = lease(pglite);
  const stats = { inUse: 0, waiting: 0 };
  const db = new Kysely<Database>({ dialect: new CountedPGliteDialect(leased, stats), log: onQuery });
  return {
    db,
    kind: 'pglite',
    pglite: leased,
    poolStats: () => ({ ...stats }),
    ping: async () => {
      if (leased.closed) throw new Error('The embedded database is closed');
    },
    close: async () => {
      await db.destroy();
      // Kysely closes the dialect only once a query has run.
      if (!leased.closed) await leased.close();
    },
  };
}
