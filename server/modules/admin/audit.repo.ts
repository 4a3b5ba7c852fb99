import { sql } from 'kysely';
import { LIMITS } from '../../../shared/limits';
import type { AuditAction } from '../../../shared/schemas/admin';
import type { Db } from '../../db/client';
import type { AuditRecord } from './audit.service';

/** Appends one entry. The table refuses UPDATE and DELETE (its migration's trigger). */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      actor_id: record.actorId,
      source: record.source,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId === null ? null : String(record.targetId),
      outcome: record.outcome,
      detail: record.detail,
    })
    .execute();
}

const DIGITS = /^[0-9]+$/;

/** A page of entries, newest first, with their actors' names; `actor` is an id (digits) or a username. */
export function listEntries(db: Db, input: { actor?: string; action?: AuditAction; offset: number; limit: number }) {
  let query = db
    .selectFrom('admin_audit as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.at', 'a.actor_id', 'u.username', 'a.source', 'a.action', 'a.target_type', 'a.target_id', 'a.outcome', 'a.detail']);
  if (input.actor !== undefined) {
    const actor = input.actor;
    query =
      DIGITS.test(actor) && Number(actor) <= LIMITS.idMax
        ? query.where('a.actor_id', '=', Number(actor))
        : query.where('a.actor_id', '=', (eb) => eb.selectFrom('users').select('id').where(sql`lower(username)`, '=', actor.toLowerCase()));
  }
  if (input.action !== undefined) query = query.where('a.action', '=', input.action);
  return query.orderBy('a.id', 'desc').offset(input.offset).limit(input.limit).execute();
}
