import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * SQL is written only in repos (*.repo.ts), SQL pieces (*.sql.ts), server/policy/ and server/db/
 * (eslint.config.js, sqlOutsideRepos): planted queries linted as if they sat at a path, with the
 * project's own configuration, so a change that lets SQL back into a service fails here.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const SQL_MESSAGE = 'no-restricted-syntax: SQL is written in a repo (*.repo.ts) or an SQL piece (*.sql.ts); call it from here.';

/** Planted SQL, each in a shape the code really uses. */
const PLANTED: Record<string, string> = {
  selectFrom: "export const f = (db: any, id: number) => db.selectFrom('users').select('id').where('id', '=', id).execute();\n",
  insertInto: "export const f = (db: any) => db.insertInto('admin_audit').values({ action: 'x' }).execute();\n",
  updateTable: "export const f = (db: any) => db.updateTable('users').set({ bio: '' }).execute();\n",
  deleteFrom: "export const f = (db: any, id: number) => db.deleteFrom('passkeys').where('user_id', '=', id).executeTakeFirst();\n",
  'a transaction writing': "export const f = (db: any) => db.transaction().execute((trx: any) => trx.selectFrom('users').select('id').forUpdate().execute());\n",
  'raw sql template': "import { sql } from 'kysely';\nexport const f = (db: any) => sql`select 1`.execute(db);\n",
  'sql helpers': "import { sql } from 'kysely';\nexport const f = () => sql.lit(5);\n",
};

describe('SQL lives in repos', () => {
  it.each(Object.entries(PLANTED))('%s: an error in a service, a router, the app and a job', async (_, code) => {
    for (const path of ['server/modules/admin/planted.service.ts', 'server/modules/admin/planted.router.ts', 'server/app-planted.ts', 'server/jobs/planted.ts']) {
      expect(await messages(path, code), path).toContain(SQL_MESSAGE);
    }
  });

  it.each(Object.entries(PLANTED))('%s: allowed in a repo, an SQL piece, server/policy/ and server/db/', async (_, code) => {
    for (const path of ['server/modules/admin/planted.repo.ts', 'server/modules/users/planted.sql.ts', 'server/policy/planted.ts', 'server/db/planted.ts']) {
      expect(await messages(path, code), path).toEqual([]);
    }
  });

  it('a service that calls a repo and opens a transaction is fine', async () => {
    const code = "import * as repo from './audit.repo';\nexport const f = (db: any) => db.transaction().execute((trx: any) => repo.recordAudit(trx, {} as never));\n";
    expect(await messages('server/modules/admin/planted.service.ts', code)).toEqual([]);
  });
});
