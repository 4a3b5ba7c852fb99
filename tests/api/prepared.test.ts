import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARE_MARK } from '../../server/db/prepared';
import { findSessionUser } from '../../server/modules/auth/sessions.repo';
import { createUser } from '../factories/users';
import { createTestDb, postgresServerUrl, type TestDb } from '../helpers/test-db';

/*
 * server/db/prepared.ts on a real PostgreSQL server (prepared statements belong to the server
 * protocol, so this test always uses one): long statements become named prepared statements on
 * their connection, short ones do not, and a prepared statement answers like the plain one.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb({ serverUrl: postgresServerUrl(), poolMax: 1 });
});
afterAll(() => testDb.close());

/** A statement of at least 1,000 characters that echoes its parameter. */
const longStatement = (value: number) => sql<{ v: number }>`select ${value}::int as v /* ${sql.raw('x'.repeat(1_000))} */`;

async function preparedOnConnection(): Promise<string[]> {
  // One pooled connection: this runs where the statements above ran.
  const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(testDb.db);
  return rows.map((r) => r.name);
}

describe('long statements run as prepared statements', () => {
  it('prepares a statement of 1,000 characters or more once per connection and answers each call with its own parameters', async () => {
    const before = (await preparedOnConnection()).length;
    const first = await longStatement(7).execute(testDb.db);
    const second = await longStatement(8).execute(testDb.db);
    expect(first.rows).toEqual([{ v: 7 }]);
    expect(second.rows).toEqual([{ v: 8 }]);
    expect((await preparedOnConnection()).length).toBe(before + 1);
  });

  it('leaves short statements unprepared', async () => {
    const before = (await preparedOnConnection()).length;
    await sql`select 1 as one`.execute(testDb.db);
    await sql`select 2 as two`.execute(testDb.db);
    expect((await preparedOnConnection()).length).toBe(before);
  });
});

describe('short statements marked to be prepared', () => {
  it('prepares a short statement that starts with PREPARE_MARK (the token check), once per connection', async () => {
    const before = await preparedOnConnection();
    const marked = (value: number) => sql<{ v: number }>`${sql.raw(PREPARE_MARK)} select ${value}::int as v`;
    expect((await marked(1).execute(testDb.db)).rows).toEqual([{ v: 1 }]);
    expect((await marked(2).execute(testDb.db)).rows).toEqual([{ v: 2 }]);
    expect((await preparedOnConnection()).length).toBe(before.length + 1);
  });

  it('the token check is one of them', async () => {
    const user = await createUser(testDb.db);
    const before = (await preparedOnConnection()).length;
    const row = await findSessionUser(testDb.db, user.id, user.session_id);
    expect(row).toMatchObject({ id: user.id, session_id: user.session_id, session_live: true, seen_long_ago: false, second_factor: false });
    await findSessionUser(testDb.db, user.id, user.session_id);
    expect((await preparedOnConnection()).length).toBe(before + 1);
  });
});
