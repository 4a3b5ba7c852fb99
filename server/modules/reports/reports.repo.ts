import { sql } from 'kysely';
import type { ReportReason, ReportStatus, ReportTargetType } from '../../../shared/schemas/reports';
import type { Db } from '../../db/client';
import type { Viewer } from '../../viewer';
import { canSeeStack, commentReadableBy, groupVisibleTo, userVisibleTo } from '../../policy';

// Targets: each read is one statement that answers the target's content only when the viewer may
// see it, by the same rules as the target's own reads (server/policy/reports.ts).

/** An active user neither of the two has blocked (GET /v1/users/{id}). */
export function findUserTarget(db: Db, viewerId: number, userId: number) {
  return db
    .selectFrom('users as u')
    .select(['u.id as owner_id', 'u.username', 'u.bio', 'u.avatar_id'])
    .where('u.id', '=', userId)
    .where(userVisibleTo(viewerId))
    .executeTakeFirst();
}

/** A stack or twisted stack the viewer may see (canSeeStack). */
export function findStackTarget(db: Db, viewer: Viewer, stackId: number) {
  return db
    .selectFrom('stacks as s')
    .innerJoin('users as o', 'o.id', 's.owner_id')
    .leftJoin('groups as g', 'g.id', 's.group_id')
    .leftJoin('bots as b', 'b.id', 's.bot_id')
    .select([
      's.owner_id',
      's.parent_id',
      's.name',
      's.positions',
      'o.username as owner_username',
      's.mode',
      's.group_id',
      'g.name as group_name',
      'b.name as bot_name',
      's.twist_description',
    ])
    .where('s.id', '=', stackId)
    .where(canSeeStack(viewer.id, viewer.isAdmin))
    .executeTakeFirst();
}

/**
 * A comment the viewer may read: on a stack they may see, not sandboxed unless it is theirs or they
 * are an admin, and not by someone either of them has blocked (as the stack detail lists comments).
 */
export function findCommentTarget(db: Db, viewer: Viewer, commentId: number) {
  return db
    .selectFrom('comments as c')
    .innerJoin('stacks as s', 's.id', 'c.stack_id')
    .innerJoin('users as cu', 'cu.id', 'c.user_id')
    .select(['c.user_id as owner_id', 'c.description', 'cu.username as author_username', 'c.stack_id', 's.parent_id', 's.name as stack_name'])
    .where('c.id', '=', commentId)
    .where(canSeeStack(viewer.id, viewer.isAdmin))
    .where(commentReadableBy(viewer))
    .executeTakeFirst();
}

/** A live group that is public, or that the viewer belongs to or is invited to (GET /v1/groups/{id}). */
export function findGroupTarget(db: Db, viewerId: number, groupId: number) {
  return db
    .selectFrom('groups as g')
    .innerJoin('users as o', 'o.id', 'g.owner_id')
    .select(['g.owner_id', 'g.name', 'g.description', 'o.username as owner_username', 'g.is_public'])
    .where('g.id', '=', groupId)
    .where('g.retired_at', 'is', null)
    .where(groupVisibleTo(viewerId))
    .executeTakeFirst();
}

// Reports.

/** Whether the reporter already has an open report on this target. */
export async function hasOpenReport(db: Db, reporterId: number, targetType: ReportTargetType, targetId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', reporterId)
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertReport(
  db: Db,
  values: { reporter_id: number; target_type: ReportTargetType; target_id: number; reason: ReportReason; note: string; snapshot: Record<string, unknown> },
) {
  return db
    .insertInto('reports')
    .values({ ...values, snapshot: sql`${JSON.stringify(values.snapshot)}::jsonb` as never })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Reports with the reporter's and the resolver's usernames and their target as it is now: one
 * statement however many rows. Each target join reads one row by primary key (at most one of them
 * matches a report); the hides of a reported stack are counted along stack_hides' primary key.
 */
function reportsQuery(db: Db) {
  return db
    .selectFrom('reports as r')
    .innerJoin('users as ru', 'ru.id', 'r.reporter_id')
    .leftJoin('users as rb', 'rb.id', 'r.resolved_by')
    .leftJoin('users as tu', (join) => join.onRef('tu.id', '=', 'r.target_id').on('r.target_type', '=', 'user'))
    .leftJoin('groups as tg', (join) => join.onRef('tg.id', '=', 'r.target_id').on('r.target_type', '=', 'group'))
    .leftJoin('comments as tc', (join) => join.onRef('tc.id', '=', 'r.target_id').on('r.target_type', '=', 'comment'))
    .leftJoin('stacks as ts', (join) => join.onRef('ts.id', '=', 'r.target_id').on('r.target_type', '=', 'stack'))
    // A twisted stack is moderated through its original (the sandbox and hide calls act on it).
    .leftJoin('stacks as tp', 'tp.id', 'ts.parent_id')
    .select([
      'r.id',
      'r.reporter_id',
      'ru.username as reporter',
      'r.target_type',
      'r.target_id',
      'r.reason',
      'r.note',
      'r.snapshot',
      'r.status',
      'r.resolution_note',
      'rb.username as resolved_by',
      'r.created_at',
      'r.resolved_at',
      sql<boolean>`case r.target_type
        when 'user' then tu.id is null or not tu.is_active
        when 'group' then tg.id is null or tg.retired_at is not null
        when 'comment' then tc.id is null
        else ts.id is null end`.as('target_deleted'),
      sql<boolean>`coalesce(case r.target_type when 'comment' then tc.is_sandboxed when 'stack' then coalesce(tp.is_sandboxed, ts.is_sandboxed) end, false)`.as('target_sandboxed'),
      sql<number>`case when ts.id is null then 0 else (
        select count(*)::int from stack_hides h where h.stack_id = coalesce(ts.parent_id, ts.id) and h.hidden_by is distinct from h.user_id) end`.as('target_hidden_for'),
    ]);
}

/** A page of reports, newest first; only `reporterId`'s when given (along reports_reporter_idx or reports_status_idx). */
export function listReports(db: Db, options: { reporterId?: number; status?: ReportStatus; offset: number; limit: number }) {
  let query = reportsQuery(db);
  if (options.reporterId !== undefined) query = query.where('r.reporter_id', '=', options.reporterId);
  if (options.status !== undefined) query = query.where('r.status', '=', options.status);
  return query.orderBy('r.id', 'desc').offset(options.offset).limit(options.limit).execute();
}

export function findReport(db: Db, id: number) {
  return reportsQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** The report's row, locked until the end of the transaction (two admins deciding at once). */
export function lockReport(db: Db, id: number) {
  return db.selectFrom('reports').select(['id', 'reporter_id', 'target_type', 'snapshot', 'status', 'resolution_note', 'resolved_by']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateReport(db: Db, id: number, values: { status: ReportStatus; resolution_note: string | null; resolved_by: number | null; resolved_at: 'now' | 'keep' | null }) {
  const { resolved_at, ...rest } = values;
  return db
    .updateTable('reports')
    .set({ ...rest, ...(resolved_at === 'keep' ? {} : { resolved_at: resolved_at === 'now' ? sql<Date>`now()` : null }) })
    .where('id', '=', id)
    .execute();
}
