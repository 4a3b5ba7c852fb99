import {
  REPORT_MESSAGES,
  type CreateReportInput,
  type ListReportsInput,
  type Report,
  type ReportTargetType,
  type UpdateReportInput,
} from '../../../shared/schemas/reports';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { conflict, notFound, type AppError } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import { reportRefusal, reportsReadableBy, seesReportTargetState } from '../../policy';
import type { Viewer } from '../../viewer';
import * as notifications from '../notifications/notifications.service';
import * as repo from './reports.repo';

interface Target {
  /** Whose it is: the user reported, the stack's owner, the comment's author, the group's owner. */
  ownerId: number;
  snapshot: Record<string, unknown>;
}

/** 404 for a target the reporter may not see, with the message the target's own read gives. */
const NOT_FOUND: Record<ReportTargetType, () => AppError> = {
  user: () => notFound('User not found', 'USER_NOT_FOUND'),
  stack: () => notFound('Stack not found', 'STACK_NOT_FOUND'),
  comment: () => notFound('Comment not found', 'COMMENT_NOT_FOUND'),
  group: () => notFound('Group not found', 'GROUP_NOT_FOUND'),
};

/** The target as the reporter sees it now, with its content to keep; undefined when they may not see it. */
async function loadTarget(db: Db, viewer: Viewer, type: ReportTargetType, id: number): Promise<Target | undefined> {
  switch (type) {
    case 'user': {
      const row = await repo.findUserTarget(db, viewer.id, id);
      return row && { ownerId: row.owner_id, snapshot: { username: row.username, bio: row.bio, avatar_id: row.avatar_id } };
    }
    case 'stack': {
      const row = await repo.findStackTarget(db, viewer, id);
      return (
        row && {
          ownerId: row.owner_id,
          snapshot: {
            type: row.parent_id === null ? 'stack' : 'twisted',
            name: row.name,
            positions: row.positions,
            owner_username: row.owner_username,
            mode: row.mode,
            group_id: row.group_id,
            group_name: row.group_name,
            bot_name: row.bot_name,
            twist_description: row.twist_description,
            stack_id: row.parent_id,
          },
        }
      );
    }
    case 'comment': {
      const row = await repo.findCommentTarget(db, viewer, id);
      return (
        row && {
          ownerId: row.owner_id,
          snapshot: {
            text: row.description,
            author_username: row.author_username,
            stack_id: row.stack_id,
            stack_type: row.parent_id === null ? 'stack' : 'twisted',
            stack_name: row.stack_name,
          },
        }
      );
    }
    case 'group': {
      const row = await repo.findGroupTarget(db, viewer.id, id);
      return row && { ownerId: row.owner_id, snapshot: { name: row.name, description: row.description, owner_username: row.owner_username, is_public: row.is_public } };
    }
  }
}

type ReportRow = NonNullable<Awaited<ReturnType<typeof repo.findReport>>>;

/** A report as its reader may see it: the target's present state is for admins only. */
function toReport(row: ReportRow, viewer: Viewer): Report {
  return {
    id: row.id,
    reporter: row.reporter,
    target_type: row.target_type,
    target_id: row.target_id,
    reason: row.reason,
    note: row.note,
    snapshot: row.snapshot as Report['snapshot'],
    status: row.status,
    resolution_note: row.resolution_note,
    resolved_by: row.resolved_by,
    created_at: toIso(row.created_at),
    resolved_at: row.resolved_at === null ? null : toIso(row.resolved_at),
    target_state: seesReportTargetState(viewer) ? { deleted: row.target_deleted, sandboxed: row.target_sandboxed, hidden_for_users: row.target_hidden_for } : null,
  };
}

/**
 * POST /v1/reports: files a report on a target the reporter can see (404 otherwise, as the
 * target's own read answers), keeping the target's content as it is now. One's own account and
 * content cannot be reported (400), nor the same target twice while the first report is open
 * (409). Within the user's WRITE_THROTTLES.reports (429 with Retry-After), counted atomically
 * after those checks, so refusals cost nothing.
 */
export async function createReport(db: Db, viewer: Viewer, input: CreateReportInput): Promise<Report> {
  const target = await loadTarget(db, viewer, input.target_type, input.target_id);
  if (!target) throw NOT_FOUND[input.target_type]();
  const refusal = reportRefusal(target, viewer);
  if (refusal) throw refusal;
  if (await repo.hasOpenReport(db, viewer.id, input.target_type, input.target_id)) throw conflict('ALREADY_REPORTED', REPORT_MESSAGES.already);
  const { id } = await throttledWrite(db, 'reports', viewer.id, () =>
    repo.insertReport(db, {
      reporter_id: viewer.id,
      target_type: input.target_type,
      target_id: input.target_id,
      reason: input.reason,
      note: input.note,
      snapshot: target.snapshot,
    }),
  );
  return toReport((await repo.findReport(db, id))!, viewer);
}

/**
 * GET /v1/reports: admins see every report with its target's present state, anyone else only their
 * own; newest first, one statement.
 */
export async function listReports(db: Db, viewer: Viewer, input: ListReportsInput): Promise<Report[]> {
  const rows = await repo.listReports(db, { reporterId: reportsReadableBy(viewer), status: input.status, offset: input.offset, limit: input.limit });
  return rows.map((row) => toReport(row, viewer));
}

/** How the notification names what was reported: a username, a stack or group name, a comment's start. */
export function targetLabel(type: ReportTargetType, snapshot: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (type) {
    case 'user':
      return text(snapshot.username);
    case 'stack':
      return text(snapshot.name) || (snapshot.type === 'twisted' ? 'a twisted stack' : 'a stack');
    case 'comment': {
      const comment = text(snapshot.text).replace(/\s+/g, ' ').trim();
      return comment.length > 60 ? `${comment.slice(0, 59)}…` : comment;
    }
    case 'group':
      return text(snapshot.name);
  }
}

const DEFAULT_OUTCOME = {
  resolved: 'Thanks for your report. The admins have taken action.',
  dismissed: 'Thanks for your report. The admins found nothing against the rules.',
} as const;

/**
 * PUT /v1/reports/{id} (admins; the router refuses others with 403): sets the status and the
 * resolution note. Resolving or dismissing records who and when, and tells the reporter with a
 * REPORT_RESOLVED notification (which is also a live event), once per change of status: saving
 * the same status again only updates the note. Reopening clears who resolved it and when.
 */
export async function updateReport(db: Db, viewer: Viewer, input: UpdateReportInput): Promise<Report> {
  await db.transaction().execute(async (trx) => {
    const report = await repo.lockReport(trx, input.id);
    if (!report) throw notFound('Report not found', 'REPORT_NOT_FOUND');
    const changed = report.status !== input.status;
    const note = input.resolution_note !== undefined ? input.resolution_note || null : input.status === 'open' ? null : report.resolution_note;
    if (input.status === 'open') {
      await repo.updateReport(trx, report.id, { status: 'open', resolution_note: note, resolved_by: null, resolved_at: null });
      return;
    }
    await repo.updateReport(trx, report.id, {
      status: input.status,
      resolution_note: note,
      resolved_by: changed ? viewer.id : report.resolved_by,
      resolved_at: changed ? 'now' : 'keep',
    });
    if (changed) {
      await notifications.notify(trx, report.reporter_id, 'REPORT_RESOLVED', {
        report_id: report.id,
        status: input.status,
        target_type: report.target_type,
        target_label: targetLabel(report.target_type, report.snapshot),
        message: note ?? DEFAULT_OUTCOME[input.status],
      });
    }
  });
  return toReport((await repo.findReport(db, input.id))!, viewer);
}
