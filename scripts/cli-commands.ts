/** The admin CLI's commands, callable in process (tests); scripts/cli.ts is the program. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LIMITS } from '../shared/limits';
import { ADMIN_MESSAGES } from '../shared/schemas/admin';
import { CreateBotInput } from '../shared/schemas/bots';
import { embeddedFolder, openAndMigrate } from '../server/bootstrap';
import { buildConfig, type AppConfig } from '../server/config';
import { BackupRefusal, type BackupSummary } from '../server/db/backup/backup-file';
import { backupDatabase, describeBackup, describeRestore, restoreDatabase } from '../server/db/backup/backup.service';
import { sql } from 'kysely';
import { DataFolderBusyError, openDatabase, type Db } from '../server/db/client';
import { InterruptedRestoreError } from '../server/db/interrupted-restore';
import { migrateToLatest } from '../server/db/migrate';
import { AppError } from '../server/errors';
import * as admin from '../server/modules/admin/admin.service';
import { recordAudit } from '../server/modules/admin/audit.service';
import { userIdByName } from '../server/modules/bots/bots.service';
import { loadEnv, type Env } from '../server/env';
import { createLogger } from '../server/logger';

/** A CLI failure the user can fix: printed without a stack trace, exit code 1. */
class UsageError extends Error {}

/** Work on the database runCli opens and migrates. */
type DbWork = (db: Db, config: AppConfig, out: (line: string) => void) => Promise<void>;

/** Work that must not have the database opened for it (backup, restore: they open it themselves, or not at all). */
interface OwnDatabaseWork {
  /** `processEnv`: the environment as given, for the programs it runs (the PostgreSQL tools). */
  ownDatabase(env: Env, config: AppConfig, processEnv: NodeJS.ProcessEnv, out: (line: string) => void): Promise<void>;
}

interface Command {
  usage: string;
  summary: string;
  /** Checks the arguments before any database is opened, and returns the work to do with it. */
  prepare(args: string[]): DbWork | OwnDatabaseWork;
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} takes a whole number of 1 or more (got "${value}")`);
  return n;
}

/** A comma-separated list; empty items are dropped. */
function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The CLI acts as an admin with no account: its actions are audited with source cli and no actor. */
const cliCall = (db: Db, config: AppConfig): admin.AdminCall => ({ db, config, source: 'cli', viewer: null });

/** `<file> [--force]`, the arguments of backup and restore. */
function fileAndForce(args: string[], name: string): { file: string; force: boolean } {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean' } } });
  if (positionals.length !== 1) throw new UsageError(`usage: ${name} <file> [--force]`);
  return { file: positionals[0], force: values.force ?? false };
}

/** A backup's or restore's refusal is the user's to fix: its message alone, exit 1. */
async function refusedAsUsage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof BackupRefusal ? new UsageError(error.message) : error;
  }
}

/**
 * A backup or restore that succeeded goes into the audit log (a restore: into the restored
 * database's). One that was refused or failed is not: the database may be held by the server, or
 * be the one being replaced; its reason is printed and the exit code is 1 (docs/backups.md).
 * The database is opened without migrating it (a backup of a newer version's database must stay
 * as it is), unless it predates the audit log: then it is migrated now, as the next start would.
 */
async function auditDatabaseWork(env: Env, config: AppConfig, action: 'database.backup' | 'database.restore', summary: BackupSummary): Promise<void> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.DATABASE_URL ? undefined : embeddedFolder(config) });
  try {
    const { rows } = await sql<{ present: boolean }>`select to_regclass('admin_audit') is not null as present`.execute(handle.db);
    if (!rows[0]?.present) await migrateToLatest(handle.db);
    const counts = summary.users === null ? '' : `, ${summary.users} users, ${summary.stacks} stacks`;
    await recordAudit(handle.db, {
      actorId: null,
      source: 'cli',
      action,
      targetType: 'database',
      targetId: path.basename(summary.file),
      outcome: 'success',
      detail: `${summary.kind === 'pg' ? 'server PostgreSQL' : 'embedded database'}: ${summary.bytes} bytes${counts}`,
    });
  } finally {
    await handle.close();
  }
}

const commands: Record<string, Command> = {
  'codes:create': {
    usage: 'codes:create [--uses N] [--expires-days D]',
    summary: 'Make a registration code (1 use, no expiry by default). The code is printed alone on the last line.',
    prepare(args) {
      const { values } = parseArgs({ args, options: { uses: { type: 'string' }, 'expires-days': { type: 'string' } } });
      const input = { uses: positiveInt(values.uses, '--uses') ?? 1, expires_days: positiveInt(values['expires-days'], '--expires-days') ?? null };
      return async (db, config, out) => {
        const code = await admin.createCode(cliCall(db, config), input);
        const expiry = code.expires_at ? `expires ${new Date(code.expires_at).toISOString()}` : 'never expires';
        out(`Registration code for ${code.max_uses} ${code.max_uses === 1 ? 'use' : 'uses'}, ${expiry}:`);
        out(code.code);
      };
    },
  },
  'users:role': {
    usage: 'users:role <username> <ADMIN|USER>',
    summary: 'Give a user the ADMIN role, or take it back.',
    prepare(args) {
      const [username, role] = args;
      if (!username || (role !== 'ADMIN' && role !== 'USER') || args.length > 2) throw new UsageError('usage: users:role <username> <ADMIN|USER>');
      return async (db, config, out) => {
        const updated = await admin.setRoleByUsername(cliCall(db, config), username, role);
        if (!updated) throw new UsageError(`No user named "${username}"`);
        out(`${updated.username} is now ${updated.role}`);
      };
    },
  },
  'users:second-factors-off': {
    usage: 'users:second-factors-off <username>',
    summary: "Turn a user's two-factor sign-in off and remove their passkeys (they lost both their authenticator and their recovery codes; check who asks first).",
    prepare(args) {
      const [username] = args;
      if (!username || args.length > 1) throw new UsageError('usage: users:second-factors-off <username>');
      return async (db, config, out) => {
        const reset = await admin.resetSecondFactorsByUsername(cliCall(db, config), username);
        if (!reset) throw new UsageError(`No user named "${username}"`);
        out(`${reset.username}: two-factor sign-in is off; ${reset.passkeys} ${reset.passkeys === 1 ? 'passkey' : 'passkeys'} removed`);
      };
    },
  },
  'notes:broadcast': {
    usage: 'notes:broadcast "<text>"',
    summary: 'Send release notes to every active user (a RELEASE_NOTES notification).',
    prepare(args) {
      const message = args.join(' ').trim();
      if (!message) throw new UsageError('usage: notes:broadcast "<text>"');
      if (message.length > LIMITS.releaseNotesMax) throw new UsageError(ADMIN_MESSAGES.notesMax);
      return async (db, config, out) => {
        const { recipients: count } = await admin.broadcastReleaseNotes(cliCall(db, config), message);
        out(`Release notes sent to ${count} ${count === 1 ? 'user' : 'users'}`);
      };
    },
  },
  'bots:create': {
    usage: 'bots:create --name N --bio B --avatar 1-9 --owner <username> (--user <username> | --group <groupId>) [--days 0,1,2] [--tags "a,b (ctx)"] [--generator builtin|openai]',
    summary:
      'Make a bot posting to a user or a group. --days: weekdays separated by commas, 0 = Monday (every day by default). --tags: tags separated by commas (a tag itself cannot contain one). --generator: builtin (the offline topic catalogue, the default) or openai (the endpoint in OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL). The bot id is printed alone on the last line.',
    prepare(args) {
      const { values } = parseArgs({
        args,
        options: {
          name: { type: 'string' },
          bio: { type: 'string' },
          avatar: { type: 'string' },
          owner: { type: 'string' },
          user: { type: 'string' },
          group: { type: 'string' },
          days: { type: 'string' },
          tags: { type: 'string' },
          generator: { type: 'string' },
        },
      });
      if (!values.owner) throw new UsageError('--owner <username> is required');
      if ((values.user === undefined) === (values.group === undefined)) throw new UsageError('Give exactly one audience: --user <username> or --group <groupId>');
      const groupId = positiveInt(values.group, '--group');
      const days = values.days === undefined ? undefined : list(values.days).map(Number);
      // Placeholder ids: the owner and audience user are looked up by name once the database is open.
      const parsed = CreateBotInput.safeParse({
        name: values.name,
        bio: values.bio ?? '',
        avatar_id: values.avatar === undefined ? undefined : Number(values.avatar),
        owner_id: 1,
        audience: groupId !== undefined ? { type: 'group', group_id: groupId } : { type: 'user', user_id: 1 },
        schedule: days,
        tags: list(values.tags),
        generator: values.generator,
      });
      if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n'));
      const owner = values.owner;
      const audienceUser = values.user;
      return async (db, config, out) => {
        const ownerId = await userIdByName(db, owner);
        if (ownerId === undefined) throw new UsageError(`No active user named "${owner}"`);
        let audience = parsed.data.audience;
        if (audienceUser !== undefined) {
          const userId = await userIdByName(db, audienceUser);
          if (userId === undefined) throw new UsageError(`No active user named "${audienceUser}"`);
          audience = { type: 'user', user_id: userId };
        }
        const bot = await admin.createBot(cliCall(db, config), { ...parsed.data, owner_id: ownerId, audience });
        out(`Bot "${bot.name}" (generator ${parsed.data.generator}) created:`);
        out(String(bot.id));
      };
    },
  },
  'bots:run': {
    usage: 'bots:run <id> [--force]',
    summary:
      "Run a bot now, whatever its schedule, once per UTC day (--force deletes today's run record first). An openai bot uses OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL and OPENAI_TIMEOUT_MS. Prints the run record as JSON.",
    prepare(args) {
      const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean' } } });
      if (positionals.length !== 1) throw new UsageError('usage: bots:run <id> [--force]');
      const id = positiveInt(positionals[0], '<id>') as number;
      return async (db, config, out) => {
        const run = await admin.runBot(cliCall(db, config), id, values.force ?? false).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'BOT_NOT_FOUND') throw new UsageError(`No bot with id ${id}`);
          if (error instanceof AppError && error.code === 'BOT_ALREADY_RAN') throw new UsageError(`${error.detail.replace('run it with force', 'use --force')}`);
          throw error;
        });
        out(JSON.stringify(run, null, 2));
      };
    },
  },
  backup: {
    usage: 'backup <file> [--force]',
    summary:
      'Back up the database to <file>: with DATABASE_URL a pg_dump archive, taken while the app runs; otherwise the embedded database in DATA_DIR, with the server stopped. --force replaces an existing <file>.',
    prepare(args) {
      const { file, force } = fileAndForce(args, 'backup');
      return {
        ownDatabase: async (env, config, processEnv, out) => {
          const summary = await refusedAsUsage(backupDatabase(env, config, file, { force, processEnv }));
          await auditDatabaseWork(env, config, 'database.backup', summary);
          out(describeBackup(summary));
        },
      };
    },
  },
  restore: {
    usage: 'restore <file> [--force]',
    summary:
      'Restore a backup made by "backup" into the database (DATABASE_URL, or the embedded one in DATA_DIR with the server stopped). Refused over a database that is not empty unless --force, which replaces it.',
    prepare(args) {
      const { file, force } = fileAndForce(args, 'restore');
      return {
        ownDatabase: async (env, config, processEnv, out) => {
          const summary = await refusedAsUsage(restoreDatabase(env, config, file, { force, processEnv }));
          await auditDatabaseWork(env, config, 'database.restore', summary);
          out(describeRestore(summary));
        },
      };
    },
  },
};

function help(): string {
  const lines = Object.values(commands).map((c) => `  ${c.usage}\n      ${c.summary}`);
  return [
    'Stacks admin CLI',
    '',
    'Usage: npm run cli -- <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'It uses DATABASE_URL when set (safe while the server runs); otherwise the embedded database in',
    'DATA_DIR, which only one process may open at a time: stop the server first.',
  ].join('\n');
}

export interface CliIo {
  /** A line for stdout (results; the code or id a script reads is the last line). */
  out(line: string): void;
  /** A line for stderr (errors, the help after an unknown command). */
  err(line: string): void;
}

export interface CliOptions {
  /** DATABASE_URL or DATA_DIR, LOG_LEVEL, OPENAI_*: the process environment by default. */
  env?: NodeJS.ProcessEnv;
  /** An open, migrated database to run on (tests); without one, the database of `env` is opened and closed. */
  db?: Db;
}

/** Errors the user can act on: their message alone, without a stack trace, and exit code 1. */
function userMessage(error: unknown): string | undefined {
  if (error instanceof UsageError || error instanceof DataFolderBusyError || error instanceof InterruptedRestoreError || error instanceof AppError) return error.message;
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) return error.message;
  return undefined;
}

/**
 * Runs one CLI command (`argv` without the program name) and returns its exit code. Failures the
 * user can fix are printed on `io.err` and give 1; anything else is thrown.
 */
export async function runCli(argv: string[], io: CliIo, options: CliOptions = {}): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return 0;
  }
  const command = commands[name];
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${help()}`);
    return 1;
  }
  try {
    const work = command.prepare(args);
    const processEnv = options.env ?? process.env;
    const env = loadEnv({ LOG_LEVEL: 'warn', ...processEnv });
    const config = buildConfig(env);
    if (typeof work !== 'function') {
      await work.ownDatabase(env, config, processEnv, io.out);
      return 0;
    }
    if (options.db) {
      await work(options.db, config, io.out);
      return 0;
    }
    const handle = await openAndMigrate(env, config, createLogger(env.LOG_LEVEL));
    try {
      await work(handle.db, config, io.out);
      return 0;
    } finally {
      await handle.close();
    }
  } catch (error) {
    const message = userMessage(error);
    if (message === undefined) throw error;
    io.err(message);
    return 1;
  }
}
