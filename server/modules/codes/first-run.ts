import type { Db } from '../../db/client';
import { countUsers } from '../users/users.service';
import { countCodes } from './codes.repo';
import { createRegistrationCode } from './codes.service';

/** On an empty database, makes the first registration code and says how to make more. */
export async function ensureFirstRegistrationCode(db: Db, print: (lines: string[]) => void): Promise<string | undefined> {
  if ((await countUsers(db)) > 0 || (await countCodes(db)) > 0) return undefined;
  const code = await createRegistrationCode(db, { maxUses: 1 });
  print([
    '',
    '  This is a new database. Register the first account with this registration code:',
    '',
    `      ${code.code}`,
    '',
    '  More codes: npm run cli -- codes:create [--uses N] [--expires-days D]',
    '  Make someone an admin: npm run cli -- users:role <username> ADMIN',
    '',
  ]);
  return code.code;
}
