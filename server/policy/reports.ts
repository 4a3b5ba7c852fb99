import { REPORT_MESSAGES } from '../../shared/schemas/reports';
import { badRequest, type AppError } from '../errors';
import type { Viewer } from '../viewer';

/**
 * Reports (docs/reports.md): who may report what, and who reads the queue.
 * - A target may be reported by whoever may see it, by the rule of its own read: a user by
 *   userVisibleTo (users.ts), a stack or twisted stack by canSeeStack (stack-visibility.ts), a
 *   comment by canSeeStack and commentReadableBy, a group by groupVisibleTo (groups.ts); anyone
 *   else gets the read's 404. reports.repo.ts reads each target with these predicates.
 * - Nobody reports their own account or content (reportRefusal).
 * - Admins read every report with its target's present state; anyone else only their own.
 *   Deciding a report (PUT /v1/reports/{id}) is for admins (adminProcedure).
 */

/** One's own account and content cannot be reported. */
export function reportRefusal(target: { ownerId: number }, viewer: Viewer): AppError | null {
  return target.ownerId === viewer.id ? badRequest('SELF_REPORT', REPORT_MESSAGES.self) : null;
}

/** Whose reports the viewer may list: every reporter's (undefined) for admins, else their own. */
export const reportsReadableBy = (viewer: Viewer): number | undefined => (viewer.isAdmin ? undefined : viewer.id);

/** Whether the viewer sees a reported target's present state (deleted, sandboxed, hidden for how many). */
export const seesReportTargetState = (viewer: Viewer): boolean => viewer.isAdmin;
