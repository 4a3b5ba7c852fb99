import { parseArgs } from 'node:util';
import { openAndMigrate } from '../server/bootstrap';
import { buildConfig } from '../server/config';
import { DataFolderBusyError, type Db } from '../server/db/client';
import { loadEnv } from '../server/env';
import { createLogger } from '../server/logger';
import { createRegistrationCode } from '../server/modules/codes/codes.service';
import { broadcastReleaseNotes } from '../server/modules/notifications/notifications.service';
import { setRoleByUsername } from '../server/modules/users/users.repo';

/** A CLI failure the user can fix: printed without a stack trace, exit code 1. */
class UsageError extends Error {}

interface Command {
  usage: string;
  summary: string;
  /** Checks the arguments before any database is opened, and returns the work to do with it. */
  prepare(args: string[]): (db: Db) => Promise<void>;
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} takes a whole number of 1 or more (got "${value}")`);
  return n;
}

const commands: Record<string, Command> = {
  'codes:create': {
    usage: 'codes:create [--uses N] [--expires-days D]',
    summary: 'Make a registration code (1 use, no expiry by default). The code is printed alone on the last line.',
    prepare(args) {
      const { values } = parseArgs({ args, options: { uses: { type: 'string' }, 'expires-days': { type: 'string' } } });
      const options = { maxUses: positiveInt(values.uses, '--uses'), expiresInDays: positiveInt(values['expires-days'], '--expires-days') };
      return async (db) => {
        const code = await createRegistrationCode(db, options);
        const expiry = code.expires_at ? `expires ${new Date(code.expires_at).toISOString()}` : 'never expires';
        console.log(`Registration code for ${code.max_uses} ${code.max_uses === 1 ? 'use' : 'uses'}, ${expiry}:`);
        console.log(code.code);
      };
    },
  },
  'users:role': {
    usage: 'users:role <username> <ADMIN|USER>',
    summary: 'Give a user the ADMIN role, or take it back.',
    prepare(args) {
      const [username, role] = args;
      if (!username || (role !== 'ADMIN' && role !== 'USER') || args.length > 2) throw new UsageError('usage: users:role <username> <ADMIN|USER>');
      return async (db) => {
        const updated = await setRoleByUsername(db, username, role);
        if (!updated) throw new UsageError(`No user named "${username}"`);
        console.log(`${updated.username} is now ${updated.role}`);
      };
    },
  },
  'notes:broadcast': {
    usage: 'notes:broadcast "<text>"',
    summary: 'Send release notes to every active user (a RELEASE_NOTES notification).',
    prepare(args) {
      const message = args.join(' ').trim();
      if (!message) throw new UsageError('usage: notes:broadcast "<text>"');
      if (message.length > 2000) throw new UsageError('Release notes must be 2000 characters or fewer');
      return async (db) => {
        const count = await broadcastReleaseNotes(db, message);
        console.log(`Release notes sent to ${count} ${count === 1 ? 'user' : 'users'}`);
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

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(help());
    return 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${help()}`);
    return 1;
  }
  const work = command.prepare(args);
  const env = loadEnv({ LOG_LEVEL: 'warn', ...process.env });
  const config = buildConfig(env);
  const handle = await openAndMigrate(env, config, createLogger(env.LOG_LEVEL));
  try {
    await work(handle.db);
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError || error instanceof DataFolderBusyError) console.error(error.message);
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
