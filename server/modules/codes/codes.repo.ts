import { sql } from 'kysely';
import type { Db } from '../../db/client';

/**
 * Takes one use of a code if it has uses left and has not expired. A single UPDATE: concurrent
 * registrations queue on the row lock, so a code with N uses admits exactly N users.
 */
export function consumeCode(db: Db, code: string) {
  return db
    .updateTable('registration_codes')
    .set({ uses: sql`uses + 1` })
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .where(sql`uses`, '<', sql`max_uses`)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .returning(['id', 'created_by'])
    .executeTakeFirst();
}

export function findCode(db: Db, code: string) {
  return db
    .selectFrom('registration_codes')
    .select(['id', 'uses', 'max_uses', sql<boolean>`expires_at is not null and expires_at <= now()`.as('expired')])
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
}

export function insertCode(db: Db, values: { code: string; max_uses: number; expires_at: Date | null; created_by: number | null }) {
  return db
    .insertInto('registration_codes')
    .values(values)
    .returning(['id', 'code', 'max_uses', 'uses', 'expires_at'])
    .executeTakeFirstOrThrow();
}

export async function countCodes(db: Db): Promise<number> {
  const row = await db.selectFrom('registration_codes').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
