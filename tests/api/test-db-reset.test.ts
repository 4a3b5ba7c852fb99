import { describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/test-db';

const cursorRows = async (t: TestDb) => (await t.db.selectFrom('outbound_cursor').selectAll().execute()).map((r) => ({ id: r.id, at: Number(r.last_event_id) }));

/*
 * Every test file starts from the migrated database as the migrations left it, rows they wrote
 * included (tests/helpers/test-db.ts): a copy of the template on a server, or on the embedded
 * database a pooled one put back as the dump was (tests/helpers/pglite-pool.ts), which must restore
 * what it truncated.
 */
describe('a fresh test database', () => {
  it("holds the rows migrations wrote, even after a previous file changed them (the outbound cursor's one row)", async () => {
    const first = await createTestDb();
    try {
      expect(await cursorRows(first)).toEqual([{ id: 1, at: 0 }]);
      await first.db.deleteFrom('outbound_cursor').execute();
    } finally {
      await first.close();
    }
    const second = await createTestDb();
    try {
      expect(await cursorRows(second)).toEqual([{ id: 1, at: 0 }]);
    } finally {
      await second.close();
    }
  });
});
