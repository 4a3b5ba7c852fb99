import type { AuditAction, AuditEntry, AuditOutcome, AuditSource } from '../../../shared/schemas/admin';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { AppError } from '../../errors';
import * as repo from './audit.repo';

/** Appends one entry (the CLI records its backups and restores with it). */
export const recordAudit = repo.recordAudit;

/** Who did an admin action, and how it reached the server (docs/decisions/0037-admin-audit-log.md). */
export interface AuditActor {
  /** The admin's user id; null for the CLI, which runs as whoever has the shell. */
  actorId: number | null;
  source: AuditSource;
}

export interface AuditRecord extends AuditActor {
  action: AuditAction;
  targetType: string | null;
  targetId: string | number | null;
  outcome: AuditOutcome;
  detail: string | null;
}

/** What an audited action is about, and how to describe what it did. */
export interface AuditedAction<T> {
  action: AuditAction;
  targetType: string | null;
  /** The target when it is known before the work (an id in the path); else read from the result. */
  targetId?: string | number | null;
  target?: (result: T) => string | number | null;
  /** A short human-readable account of what was done (e.g. "5 uses, never expires"). */
  describe?: (result: T) => string | null;
}

/** Why an action failed, as the audit log says it: the refusal's own words, or a generic line. */
function failureDetail(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.detail}`;
  return 'Internal error';
}

/**
 * Runs an admin action and records its outcome: success with what it did, or failure with why.
 * The entry is written after the work (a separate statement: the services run their own
 * transactions); if writing it fails, that error is what the caller sees, so an action is never
 * answered as done without its entry, though it may have been done. A failure of the work is
 * recorded and then rethrown unchanged.
 */
export async function audited<T>(db: Db, who: AuditActor, spec: AuditedAction<T>, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await repo.recordAudit(db, { ...who, action: spec.action, targetType: spec.targetType, targetId: spec.targetId ?? null, outcome: 'failure', detail: failureDetail(error) });
    throw error;
  }
  await repo.recordAudit(db, {
    ...who,
    action: spec.action,
    targetType: spec.targetType,
    targetId: spec.target ? spec.target(result) : (spec.targetId ?? null),
    outcome: 'success',
    detail: spec.describe ? spec.describe(result) : null,
  });
  return result;
}

/**
 * GET /v1/admin/audit: newest first, one statement on an index (by actor, by action, or the
 * primary key), whatever the log's length. `actor` is an id (digits) or a username.
 */
export async function listAudit(db: Db, input: { actor?: string; action?: AuditAction; offset: number; limit: number }): Promise<AuditEntry[]> {
  const rows = await repo.listEntries(db, input);
  return rows.map((row) => ({
    id: row.id,
    at: toIso(row.at),
    actor: row.actor_id === null ? null : { id: row.actor_id, username: row.username ?? '' },
    source: row.source,
    action: row.action as AuditAction,
    target_type: row.target_type,
    target_id: row.target_id,
    outcome: row.outcome,
    detail: row.detail,
  }));
}
