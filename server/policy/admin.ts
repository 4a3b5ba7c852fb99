import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/client';
import type { ErrorCode } from '../../shared/error-codes';
import { conflict, forbidden, type AppError } from '../errors';
import type { Viewer } from '../viewer';

/**
 * Who is an admin, and what being one allows. A role on the user row (`users.role`), set by the
 * CLI (`npm run cli -- users:role <username> ADMIN`), then by admins in the console. Admin powers,
 * each checked where it acts:
 * - adminProcedure (server/trpc/init.ts): creating bots, the reports queue's PUT, and the whole
 *   admin console (server/modules/admin: registration codes, every account's role and
 *   deactivation but their own (selfAdminChangeRefusal), every bot's schedule, runs and purge of
 *   DISABLED tags, release notes, the audit log);
 * - every group stack is visible (canSeeStack's `isAdmin`), but answering and commenting stay the
 *   audience's (inStackAudience);
 * - sandboxing and unsandboxing stacks and comments, hiding a group stack for members who have not
 *   answered it (hideableUserIds), deleting a bot stack nobody answered (stacks.service.ts
 *   `sandboxRefusal`, `commentSandboxRefusal`, `hideForUsersRefusal`, `deleteRefusal`);
 * - sandboxed comments are readable (commentReadableBy), live events of restricted comments too;
 * - every report, with its target's present state (reports.ts);
 * - every bot's detail and tags (bots.ts), no throttle on moderation and tag edits;
 * - no personal-invite quota (invites.ts), and a profile shows who invited whom.
 * With REQUIRE_ADMIN_2FA, all of these need a session signed in with a second factor (viewerOf);
 * without one an admin is seen as any user, and a refused power says why (adminPowerRefusal).
 */
export const ADMIN_ROLE = 'ADMIN' as const;

export const isAdminRole = (role: string): boolean => role === ADMIN_ROLE;

export const ADMIN_2FA_REQUIRED = 'Sign in with two-factor sign-in or a passkey to use admin powers';

/** The refusal of an admin power: ADMIN_2FA_REQUIRED for an admin whose session lacks the second factor. */
export function adminPowerRefusal(viewer: Viewer, detail: string, code: ErrorCode = 'NOT_ADMIN'): AppError {
  return viewer.adminNeedsSecondFactor ? forbidden(ADMIN_2FA_REQUIRED, 'ADMIN_2FA_REQUIRED') : forbidden(detail, code);
}

/**
 * An admin may not change their own role or deactivate themself: the last admin could lock
 * everyone out by mistake. The CLI (no actor) may.
 */
export function selfAdminChangeRefusal(actorId: number | null, targetId: number, what: 'change the role of' | 'deactivate'): AppError | null {
  return actorId === targetId ? conflict('SELF_ADMIN_CHANGE', `You cannot ${what} your own account`) : null;
}

/** Whether the user row aliased `alias` is an admin, in SQL (live events decide for many users at once). */
export const isAdminSql = (alias: string): RawBuilder<boolean> => sql<boolean>`(${sql.raw(alias)}.role = 'ADMIN')`;

/**
 * Whom an admin may hide a group stack for: the group's members who have not answered it, by id,
 * not the admin.
 */
export async function hideableUserIds(db: Db, viewer: Viewer, stackId: number, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_members as m')
    .select('m.user_id')
    .where('m.group_id', '=', groupId)
    .where('m.user_id', '<>', viewer.id)
    .where(sql<boolean>`not exists (select 1 from stack_responses r where r.stack_id = ${stackId} and r.user_id = m.user_id)`)
    .orderBy('m.user_id')
    .execute();
  return rows.map((row) => row.user_id);
}
