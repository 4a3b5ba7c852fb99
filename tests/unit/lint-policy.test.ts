import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The lint rules that keep access decisions in server/policy/ (eslint.config.js), run through
 * ESLint's Node API on planted code: each planted file is linted as if it sat at `filePath`, with
 * the project's own configuration, so a change to the rules that lets a planted read through fails here.
 */

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

const RULE = 'no-restricted-syntax';

/** The rule ids ESLint reports for `code` placed at `filePath`. */
async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

/** Planted reads of the guarded tables, each in a shape the repos really use. */
const READS: Record<string, string> = {
  'selectFrom blocks': `export const f = (db: any, id: number) => db.selectFrom('blocks as b').select('b.blocked_id').where('b.blocker_id', '=', id).execute();\n`,
  'selectFrom without alias': `export const f = (db: any, id: number) => db.selectFrom('mutes').select('muted_id').where('muter_id', '=', id).execute();\n`,
  'innerJoin mutes': `export const f = (db: any) => db.selectFrom('stacks as s').innerJoin('mutes as mu', 'mu.muted_id', 's.owner_id').select('s.id').execute();\n`,
  'eb.exists over group_members': `export const f = (db: any, id: number) =>
  db.selectFrom('groups as g').select('g.id').where((eb: any) => eb.exists(eb.selectFrom('group_members as m').select('m.user_id').whereRef('m.group_id', '=', 'g.id').where('m.user_id', '=', id))).execute();\n`,
  'leftJoin group_blocks': `export const f = (db: any) => db.selectFrom('groups as g').leftJoin('group_blocks as gb', 'gb.group_id', 'g.id').select('g.id').execute();\n`,
  'raw sql from blocks': "import { sql } from 'kysely';\nexport const f = (a: number, b: number) => sql<boolean>`not exists (select 1 from blocks b where b.blocker_id = ${a} and b.blocked_id = ${b})`;\n",
  'raw sql join mutes': "import { sql } from 'kysely';\nexport const f = (a: number) => sql<boolean>`exists (select 1 from stacks ms join mutes mu on mu.muter_id = ${a} where ms.id = 1)`;\n",
  'raw sql from group_members': "import { sql } from 'kysely';\nexport const f = (a: number) => sql`select gm.group_id from group_members gm where gm.user_id = ${a}`;\n",
};

describe('reads of blocks, mutes and group membership stay in server/policy/', () => {
  it.each(Object.entries(READS))('%s: an error in a service outside server/policy/', async (_, code) => {
    expect(await ruleIds('server/modules/stacks/planted.service.ts', code)).toContain(RULE);
  });

  it.each(Object.entries(READS))('%s: an error in a repo and in server code outside modules too', async (_, code) => {
    expect(await ruleIds('server/modules/reports/planted.repo.ts', code)).toContain(RULE);
    expect(await ruleIds('server/http/planted.ts', code)).toContain(RULE);
  });

  it.each(Object.entries(READS))('%s: allowed inside server/policy/', async (_, code) => {
    expect(await ruleIds('server/policy/planted.ts', code)).toEqual([]);
  });

  it('allows the repos that own the tables (their lists of one user\'s own rows), named one by one', async () => {
    expect(await ruleIds('server/modules/friends/friends.repo.ts', READS['selectFrom blocks'])).toEqual([]);
    expect(await ruleIds('server/modules/mutes/mutes.repo.ts', READS['selectFrom without alias'])).toEqual([]);
    // Another file of the same domain is not allowed.
    expect(await ruleIds('server/modules/friends/friends.service.ts', READS['selectFrom blocks'])).toContain(RULE);
  });

  it('leaves writes and tables of similar names alone', async () => {
    const writes = `export const f = (db: any, a: number, b: number) => db.insertInto('blocks').values({ blocker_id: a, blocked_id: b }).execute();
export const g = (db: any, a: number) => db.deleteFrom('mutes').where('muter_id', '=', a).execute();
export const h = (db: any) => db.selectFrom('group_requests as r').select('r.id').execute();
export const k = (db: any) => db.selectFrom('bot_keywords as k').select('k.id').execute();\n`;
    expect(await ruleIds('server/modules/stacks/planted.repo.ts', writes)).toEqual([]);
  });
});

describe("another domain's SQL predicate files are reached through server/policy/", () => {
  it('refuses importing another domain\'s *.sql file from server/modules/', async () => {
    const code = "import { friendStatusOf } from '../users/relations.sql';\nexport const f = friendStatusOf;\n";
    expect(await ruleIds('server/modules/stacks/planted.repo.ts', code)).toContain('no-restricted-imports');
  });

  it("allows a domain's own *.sql file and the policy", async () => {
    const code = "import { friendStatusOf } from './relations.sql';\nimport { canSeeStack } from '../../policy';\nexport const f = [friendStatusOf, canSeeStack];\n";
    expect(await ruleIds('server/modules/users/planted.repo.ts', code)).toEqual([]);
  });

  it("still refuses another domain's repo", async () => {
    const code = "import { listFeed } from '../stacks/stacks.repo';\nexport const f = listFeed;\n";
    expect(await ruleIds('server/modules/users/planted.service.ts', code)).toContain('no-restricted-imports');
  });
});
