import { sql } from 'kysely';
import type { Db } from '../../db/client';

// Registration codes as the admin console lists them (docs/admin.md): one statement a page.

/** A code's status: revoked wins over used up, which wins over expired. */
const codeStatus = sql<'active' | 'used_up' | 'expired' | 'revoked'>`case
  when rc.revoked_at is not null then 'revoked'
  when rc.uses >= rc.max_uses then 'used_up'
  when rc.expires_at is not null and rc.expires_at <= now() then 'expired'
  else 'active' end`;

function codesQuery(db: Db) {
  return db
    .selectFrom('registration_codes as rc')
    .leftJoin('users as maker', 'maker.id', 'rc.created_by')
    .select(['rc.id', 'rc.code', 'rc.max_uses', 'rc.uses', 'rc.expires_at', 'rc.revoked_at', 'rc.created_at', 'rc.created_by', 'maker.username as created_by_username', codeStatus.as('status'), sql<boolean>`rc.uses >= rc.max_uses`.as('used_up')])
    .where('rc.is_invite', '=', false);
}

/** Registration codes made by admins, the CLI or the first start (personal invites are the users'). */
export function listCodes(db: Db, page: { offset: number; limit: number }) {
  return codesQuery(db).orderBy('rc.id', 'desc').offset(page.offset).limit(page.limit).execute();
}

export function findCodeById(db: Db, id: number) {
  return codesQuery(db).where('rc.id', '=', id).executeTakeFirst();
}

/**
 * Revokes a code that still has uses left: every check of a code refuses a revoked one
 * (codes.repo.ts), and its expiry stays as it was. Idempotent: a revoked code keeps its first
 * revoke time. A used-up code is left alone (undefined, as for an unknown id): nobody can register
 * with it any more, so there is nothing to revoke. One statement, so a registration taking its
 * last use meanwhile cannot be revoked after the fact.
 */
export function revokeCode(db: Db, id: number) {
  return db
    .updateTable('registration_codes')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .where('is_invite', '=', false)
    .where(sql<boolean>`(uses < max_uses or revoked_at is not null)`)
    .returning('id')
    .executeTakeFirst();
}

