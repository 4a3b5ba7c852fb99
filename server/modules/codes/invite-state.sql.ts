import { sql } from 'kysely';
import { notBlockedBetween } from '../users/relations.sql';

/**
 * SQL pieces about a personal invite (a `registration_codes` row aliased `alias`), shared by the
 * invites list and the data export. "used" wins over "expired": an invite used before its expiry stays used.
 */
export function inviteStateOf(alias: string) {
  const rc = sql.raw(alias);
  return sql<'unused' | 'used' | 'expired'>`case
    when ${rc}.uses >= ${rc}.max_uses then 'used'
    when ${rc}.expires_at is not null and ${rc}.expires_at <= now() then 'expired'
    else 'unused' end`;
}

/**
 * The username of who registered with the invite, as its maker may see them: an active account
 * that neither blocked nor was blocked by `viewerId`; else null.
 */
export function joinedUsernameOf(alias: string, viewerId: number) {
  return sql<string | null>`(select ju.username from users ju
    where ju.registration_code_id = ${sql.raw(alias)}.id and ju.is_active and ${notBlockedBetween(viewerId, sql.ref('ju.id'))}
    order by ju.id limit 1)`;
}
