import { execFile, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  BackupRefusal,
  checkBackupFile,
  countRows,
  discardTemporary,
  finishFile,
  knownMigrations,
  MIGRATION_TABLE,
  newerBackup,
  targetFile,
  temporaryFile,
  type BackupSummary,
} from './backup-file';

/**
 * Backups of server PostgreSQL (DATABASE_URL) with the PostgreSQL client tools, taken while the app
 * runs (docs/decisions/0038-backups.md): pg_dump's custom format from one exported snapshot, so the
 * summary's counts are those of the file; a restore is pg_restore's script run by psql in one
 * transaction that first empties the app's schemas, so a failed restore changes nothing.
 */

/** The schemas the app's tables live in: its own (public, with the migrations' table) and the job queue's. */
export const APP_SCHEMAS = ['public', 'pgboss'] as const;

/** How the tools reach the database: the URL without its password (which goes in PGPASSWORD, never on a command line or in a message). */
interface Connection {
  url: string;
  database: string;
  env: NodeJS.ProcessEnv;
}

function connection(databaseUrl: string, processEnv: NodeJS.ProcessEnv): Connection {
  const parsed = new URL(databaseUrl);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...processEnv, PGAPPNAME: 'stacks-backup' };
  if (password) env.PGPASSWORD = password;
  return { url: parsed.toString(), database: decodeURIComponent(parsed.pathname.slice(1)) || '(default)', env };
}

interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

const missingTool = (tool: string) =>
  new BackupRefusal(`${tool} was not found: install the PostgreSQL client tools (pg_dump, pg_restore, psql) of the server's major version or newer, e.g. apt-get install postgresql-client`);

/** The major version of a PostgreSQL client tool ("pg_dump (PostgreSQL) 15.20" -> 15); refused when it is missing. */
async function toolMajor(tool: string, env: NodeJS.ProcessEnv): Promise<number> {
  const result = await runTool(tool, ['--version'], env).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EACCES') throw missingTool(tool);
    throw error;
  });
  const major = /\(PostgreSQL\) (\d+)/.exec(result.stdout)?.[1];
  if (result.code !== 0 || !major) throw new BackupRefusal(`${tool} --version did not answer as a PostgreSQL tool: ${result.stdout}${result.stderr}`.trim());
  return Number(major);
}

/** Connects with the app's URL; a refusal (not a stack trace) when the server does not answer. */
async function connect(databaseUrl: string, database: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'stacks-backup' });
  // A connection dropped while pg_dump runs: the next statement on it fails and reports it; without a listener it would crash the CLI.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupRefusal(`Cannot connect to the database ${database} of DATABASE_URL: ${(error as Error).message}`);
  }
  return client;
}

/** Refuses tools older than the server: pg_dump cannot read a newer server's catalogue. */
async function checkVersions(client: pg.Client, tools: Record<string, number>): Promise<void> {
  const { rows } = await client.query<{ major: number }>(`select current_setting('server_version_num')::int / 10000 as major`);
  const server = rows[0].major;
  for (const [tool, major] of Object.entries(tools)) {
    if (major < server) throw new BackupRefusal(`${tool} ${major} is older than the PostgreSQL ${server} server: install the client tools of version ${server} or newer`);
  }
}

const failed = (tool: string, run: ToolRun) => new BackupRefusal(`${tool} failed (exit ${run.code}): ${run.stderr.trim() || run.stdout.trim()}`);

/**
 * Writes a backup of the DATABASE_URL database to `file` (`<file>.tmp`, then renamed) while the app
 * runs: pg_dump reads the snapshot this connection exports, in which the counts are taken too.
 */
export async function backupServer(databaseUrl: string, file: string, options: { force: boolean; processEnv: NodeJS.ProcessEnv }): Promise<BackupSummary> {
  const target = targetFile(file, options.force);
  const conn = connection(databaseUrl, options.processEnv);
  const started = Date.now();
  const pgDump = await toolMajor('pg_dump', conn.env);
  const client = await connect(databaseUrl, conn.database);
  try {
    await checkVersions(client, { pg_dump: pgDump });
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const counts = await countRows((text) => client.query(text));
    const run = await runTool('pg_dump', ['--format=custom', `--snapshot=${rows[0].snapshot}`, `--file=${temporaryFile(target)}`, `--dbname=${conn.url}`], conn.env);
    if (run.code !== 0) throw failed('pg_dump', run);
    await client.query('commit');
    const bytes = finishFile(target);
    return { kind: 'pg', file: target, bytes, ms: Date.now() - started, ...counts };
  } catch (error) {
    discardTemporary(target);
    throw error;
  } finally {
    await client.end();
  }
}

/** Tables, views and sequences in public, and the other app schemas present: the database is empty when there are none. */
async function appObjects(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ schema: string; relations: number }>(
    `select n.nspname as schema, count(c.oid)::int as relations
       from pg_namespace n
       left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      where n.nspname = any($1)
      group by n.nspname
      order by n.nspname`,
    [APP_SCHEMAS],
  );
  return rows.filter((row) => row.schema !== 'public' || row.relations > 0).map((row) => (row.schema === 'public' ? `${row.relations} tables, views or sequences in public` : `the schema ${row.schema}`));
}

/** Empties the app's schemas; run in the restore's transaction. public comes back as PostgreSQL makes it (usable by every role). */
const EMPTY_APP_SCHEMAS = [
  ...APP_SCHEMAS.map((schema) => `drop schema if exists ${schema} cascade;`),
  'create schema public;',
  'grant usage on schema public to public;',
].join('\n');

/** Marks the error of CHECK_MIGRATIONS in psql's output. */
const NEWER_MARK = 'stacks-restore: unknown migrations:';

/**
 * Run last in the restore's transaction: a backup that applied migrations this version does not know
 * (made by a newer one) would stop the next start, so it is rolled back instead.
 */
function checkMigrations(): string {
  const known = knownMigrations()
    .map((name) => `'${name.replace(/'/g, "''")}'`)
    .join(', ');
  return `do $check$
declare
  unknown text;
begin
  if to_regclass('${MIGRATION_TABLE}') is null then return; end if;
  select string_agg(name, ', ' order by name) into unknown from ${MIGRATION_TABLE} where name <> all (array[${known}]::text[]);
  if unknown is not null then raise exception '${NEWER_MARK} %', unknown; end if;
end
$check$;
`;
}

/**
 * pg_restore writes the archive as SQL and psql runs it in the transaction this opens: the commit is
 * sent only once pg_restore has written all of it, so a broken archive, a failed statement or a
 * killed tool rolls back everything, the emptying of the schemas included.
 */
function restoreInOneTransaction(file: string, conn: Connection, preamble: string): Promise<{ restore: ToolRun; psql: ToolRun }> {
  return new Promise((resolve, reject) => {
    const restore = spawn('pg_restore', ['--no-owner', '--file=-', file], { env: conn.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${conn.url}`], { env: conn.env, stdio: ['pipe', 'ignore', 'pipe'] });
    const runs = { restore: { code: null, stdout: '', stderr: '' } as ToolRun, psql: { code: null, stdout: '', stderr: '' } as ToolRun };
    restore.stderr.on('data', (chunk: Buffer) => (runs.restore.stderr += chunk.toString()));
    psql.stderr.on('data', (chunk: Buffer) => (runs.psql.stderr += chunk.toString()));
    // psql stopping early (a failed statement) closes its input: the rest of the script has nowhere to go.
    psql.stdin.on('error', () => restore.kill());
    restore.on('error', reject);
    psql.on('error', reject);
    psql.stdin.write(`begin;\n${preamble}\n`);
    restore.stdout.pipe(psql.stdin, { end: false });
    let open = 2;
    const closed = () => {
      open -= 1;
      if (open === 0) resolve(runs);
    };
    restore.on('close', (code) => {
      runs.restore.code = code;
      if (psql.stdin.writable) psql.stdin.end(code === 0 ? `${checkMigrations()}commit;\n` : undefined);
      closed();
    });
    psql.on('close', (code) => {
      runs.psql.code = code;
      closed();
    });
  });
}

/**
 * Restores the pg_dump archive `file` into the DATABASE_URL database. Refused when the database
 * holds the app's tables (anything in APP_SCHEMAS) unless `force`: then those schemas are emptied
 * in the restore's own transaction. The next start migrates an older backup as usual.
 */
export async function restoreServer(databaseUrl: string, file: string, options: { force: boolean; processEnv: NodeJS.ProcessEnv }): Promise<BackupSummary> {
  const source = path.resolve(file);
  checkBackupFile(source, 'pg');
  const conn = connection(databaseUrl, options.processEnv);
  const started = Date.now();
  const tools = { pg_restore: await toolMajor('pg_restore', conn.env), psql: await toolMajor('psql', conn.env) };
  // The archive's table of contents: a damaged or too new archive is refused before the database is touched.
  const listing = await runTool('pg_restore', ['--list', source], conn.env);
  if (listing.code !== 0) throw failed('pg_restore', listing);
  const client = await connect(databaseUrl, conn.database);
  let present: string[];
  try {
    await checkVersions(client, tools);
    present = await appObjects(client);
  } finally {
    await client.end();
  }
  if (present.length > 0 && !options.force) {
    throw new BackupRefusal(`The database ${conn.database} is not empty (${present.join(', ')}); add --force to replace everything in the schemas ${APP_SCHEMAS.join(' and ')}`);
  }
  const runs = await restoreInOneTransaction(source, conn, present.length > 0 ? EMPTY_APP_SCHEMAS : '');
  // psql's error first: when it stops at a failed statement, pg_restore is stopped too.
  const newer = new RegExp(`${NEWER_MARK} (.*)`).exec(runs.psql.stderr);
  if (newer) throw newerBackup(source, newer[1].trim().split(', '), `Nothing was restored: the database ${conn.database} is as it was.`);
  if (runs.psql.code !== 0) throw failed('psql', runs.psql);
  if (runs.restore.code !== 0) throw failed('pg_restore', runs.restore);
  const restored = await connect(databaseUrl, conn.database);
  try {
    const counts = await countRows((text) => restored.query(text));
    return { kind: 'pg', file: source, bytes: statSync(source).size, ms: Date.now() - started, ...counts };
  } finally {
    await restored.end();
  }
}
