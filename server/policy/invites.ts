import { sql } from 'kysely';
import { notBlockedBetween } from './blocks';

/**
 * Personal invites (docs/invites-and-export.md): when one may still be used, and whom its maker may
 * see as having used it. Shared by the invites list, registration and the data export.
 */

/**
 * The state of the invite row aliased `alias`. "used" wins over "expired": an invite used before
 * its expiry stays used.
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

/** A personal invite works only while the user who made it is active (a deactivated inviter's invites are void). */
export const inviterActive = sql<boolean>`(not registration_codes.is_invite
  or exists (select 1 from users inviter where inviter.id = registration_codes.created_by and inviter.is_active))`;

/** Whether the viewer is held to the unused-invites quota (INVITES.unusedMax): admins are not. */
export const inviteQuotaApplies = (viewer: { isAdmin: boolean }): boolean => !viewer.isAdmin;
