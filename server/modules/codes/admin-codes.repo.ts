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
    .select(['rc.id', 'rc.code', 'rc.max_uses', 'rc.uses', 'rc.expires_at', 'rc.revoked_at', 'rc.created_at', 'rc.created_by', 'maker.username as created_by_username', codeStatus.as('status')])
    .where('rc.is_invite', '=', false);
}

/** Registration codes made by admins, the CLI or the first start (personal invites are the users'). */
export function listCodes(db: Db, page: { offset: number; limit: number }) {
  return codesQuery(db).orderBy('rc.id', 'desc').offset(page.offset).limit(page.limit).execute();
}

export function findCodeById(db: Db, id: number) {
  return codesQuery(db).where('rc.id', '=', id).executeTakeFirst();
}

/** Revokes a code: it expires now too, so every check of a code refuses it. Idempotent. */
export function revokeCode(db: Db, id: number) {
  return db
    .updateTable('registration_codes')
    .set({ revoked_at: sql`coalesce(revoked_at, now())`, expires_at: sql`least(coalesce(expires_at, now()), now())` })
    .where('id', '=', id)
    .where('is_invite', '=', false)
    .returning('id')
    .executeTakeFirst();
}

