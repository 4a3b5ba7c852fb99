import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoTimestamp, toIso } from '../../server/db/dates';
import { reusableStatement } from '../../server/db/reusable-statement';
import { FEED_SHAPES } from '../../server/modules/stacks/feed-page.sql';
import { listFeed } from '../../server/modules/stacks/stacks.repo';
import { createTestDb, type TestDb } from '../helpers/test-db';

/*
 * server/db/reusable-statement.ts: a statement built once per shape answers each call with that
 * call's numbers, and a builder whose text or other parameters would be frozen by reuse is
 * refused. Also: every shape of the feed builds (so none is refused in production), and the
 * ISO timestamps formatted in SQL are toIso's.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

type Numbers = { a: number; b: number };

describe('a reusable statement', () => {
  it('answers each call with its own numbers, for each shape, and builds a shape once', async () => {
    let builds = 0;
    const statement = reusableStatement({
      name: 'sum',
      numbers: ['a', 'b'],
      shapeKey: (shape: { negate: boolean }) => String(shape.negate),
      maxShapes: 2,
      build: (db, shape: { negate: boolean }, n: Numbers) => {
        builds += 1;
        return db.selectNoFrom(sql<number>`(${n.a}::int + ${n.b}::int) * ${shape.negate ? -1 : 1}::int`.as('v'));
      },
    });
    expect(await statement.execute(testDb.db, { negate: false }, { a: 2, b: 3 })).toEqual([{ v: 5 }]);
    expect(await statement.execute(testDb.db, { negate: false }, { a: 10, b: 20 })).toEqual([{ v: 30 }]);
    expect(await statement.execute(testDb.db, { negate: true }, { a: 1, b: 1 })).toEqual([{ v: -2 }]);
    // Two builds per shape (the check), none per call after.
    expect(builds).toBe(4);
    expect(() => statement.compile(testDb.db, { negate: false }, { a: 1.5, b: 0 })).toThrow(/whole number/);
  });

  it('refuses a builder that puts a number in the text, one that leaves a number out, and one whose other parameters change', () => {
    const inText = reusableStatement({
      name: 'literal',
      numbers: ['a'],
      shapeKey: () => 'x',
      maxShapes: 1,
      build: (db, _shape: null, n: { a: number }) => db.selectNoFrom(sql<number>`${sql.lit(n.a)}::int`.as('v')),
    });
    expect(() => inText.compile(testDb.db, null, { a: 1 })).toThrow(/reached the SQL text/);

    const unused = reusableStatement({
      name: 'unused',
      numbers: ['a', 'b'],
      shapeKey: () => 'x',
      maxShapes: 1,
      build: (db, _shape: null, n: Numbers) => db.selectNoFrom(sql<number>`${n.a}::int`.as('v')),
    });
    expect(() => unused.compile(testDb.db, null, { a: 1, b: 2 })).toThrow(/b is not a parameter/);

    let tick = 0;
    const clock = reusableStatement({
      name: 'clock',
      numbers: ['a'],
      shapeKey: () => 'x',
      maxShapes: 1,
      build: (db, _shape: null, n: { a: number }) => db.selectNoFrom(sql<number>`${n.a}::int + ${(tick += 1)}::int`.as('v')),
    });
    expect(() => clock.compile(testDb.db, null, { a: 1 })).toThrow(/changes from build to build/);
  });

  it('refuses more shapes than it was told of', async () => {
    const statement = reusableStatement({
      name: 'shapes',
      numbers: ['a'],
      shapeKey: (shape: number) => String(shape),
      maxShapes: 1,
      build: (db, shape: number, n: { a: number }) => db.selectNoFrom(sql<number>`${n.a}::int + ${sql.lit(shape)}`.as('v')),
    });
    expect(await statement.execute(testDb.db, 1, { a: 1 })).toEqual([{ v: 2 }]);
    expect(() => statement.compile(testDb.db, 2, { a: 1 })).toThrow(/more than 1 shapes/);
  });
});

describe('the feed statement', () => {
  it('builds in every one of its shapes', async () => {
    for (const variant of FEED_SHAPES) {
      await expect(listFeed(testDb.db, { id: 1, isAdmin: false } as never, { ...variant, offset: 0, limit: 5 })).resolves.toEqual([]);
    }
  });
});

describe('timestamps formatted in SQL', () => {
  it('are what toIso makes of the same value (milliseconds cut, UTC, Z)', async () => {
    const values = ['2026-11-28 17:06:11.096999+00', '2026-01-01 00:00:00+05:30', '1999-12-31 23:59:59.9995-08', '2026-06-15 12:00:00.000001+00'];
    for (const value of values) {
      const { rows } = await sql<{ text: string; date: Date }>`select ${isoTimestamp(sql<Date>`${value}::timestamptz`)} as text, ${value}::timestamptz as date`.execute(testDb.db);
      expect(rows[0].text).toBe(toIso(rows[0].date));
    }
  });
});
