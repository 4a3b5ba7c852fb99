import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
import { inviteStateOf, inviterActive, joinedUsernameOf } from '../../policy';

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
    .where('revoked_at', 'is', null)
    .where(inviterActive)
    .returning(['id', 'created_by', 'is_invite'])
    .executeTakeFirst();
}

export function findCode(db: Db, code: string) {
  return db
    .selectFrom('registration_codes')
    // A revoked code reads as expired to whoever tries it (an admin's revoke ends it early).
    .select(['id', 'uses', 'max_uses', sql<boolean>`(expires_at is not null and expires_at <= now()) or revoked_at is not null`.as('expired')])
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .where(inviterActive)
    .executeTakeFirst();
}

export function insertCode(db: Db, values: { code: string; max_uses: number; expires_at: Date | null; created_by: number | null; is_invite?: boolean }) {
  return db
    .insertInto('registration_codes')
    .values(values)
    .returning(['id', 'code', 'max_uses', 'uses', 'expires_at', 'created_at'])
    .executeTakeFirstOrThrow();
}

/**
 * Locks the inviter's user row until the transaction ends, so that counting their unused invites
 * and adding one is atomic: parallel requests queue here and each sees the others' invites.
 * `for no key update` does not wait for inserts that merely reference the user.
 */
export async function lockInviter(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

/** Invites of the user that can still be used: neither used up nor expired (the quota counts these). */
export async function countUnusedInvites(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('registration_codes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('is_invite', '=', true)
    .where('created_by', '=', userId)
    .where(sql<boolean>`uses < max_uses and expires_at > now()`)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The user's invites, newest first, each with its state and who joined with it (by username; only
 * an active account that neither blocked nor was blocked by the inviter). One statement.
 */
export function listInvites(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('registration_codes as rc')
    .select([
      'rc.id',
      'rc.code',
      'rc.expires_at',
      'rc.created_at',
      inviteStateOf('rc').as('state'),
      joinedUsernameOf('rc', userId).as('joined'),
    ])
    .where('rc.is_invite', '=', true)
    .where('rc.created_by', '=', userId)
    .orderBy('rc.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Who made the code the user registered with, and who registered with codes the user made (for
 * admins, on a profile). One statement; `invited` is capped at `limit`.
 */
export function findInviteLinks(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('users as u')
    .select((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom('registration_codes as rc')
          .innerJoin('users as inviter', 'inviter.id', 'rc.created_by')
          .select(['inviter.id', 'inviter.username'])
          .whereRef('rc.id', '=', 'u.registration_code_id'),
      ).as('invited_by'),
      jsonArrayFrom(
        eb
          .selectFrom('registration_codes as mine')
          .innerJoin('users as joined', 'joined.registration_code_id', 'mine.id')
          .select(['joined.id', 'joined.username'])
          .whereRef('mine.created_by', '=', 'u.id')
          .orderBy('joined.id')
          .limit(limit),
      ).as('invited'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function countCodes(db: Db): Promise<number> {
  const row = await db.selectFrom('registration_codes').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
