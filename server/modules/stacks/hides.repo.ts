import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { canSeeStack } from '../../policy';

// The stacks a user hid themself (docs/hidden-stacks.md): listed, counted and shown again.
// An admin's hide for a member (hidden_by another user) is never read here as the member's.

/** A new id for the hides of one Hide New Stacks call. */
export async function nextHideBatch(db: Db): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('stack_hide_batches')::int as id`.execute(db);
  return rows[0].id;
}

/** My own hides of stacks I may still see (as the feed would show them), newest first. */
function ownVisibleHides(db: Db, userId: number) {
  return db
    .selectFrom('stack_hides as h')
    .innerJoin('stacks as s', 's.id', 'h.stack_id')
    .where('h.user_id', '=', userId)
    .where('h.hidden_by', '=', userId)
    .where(canSeeStack(userId, false));
}

export function listOwnHides(db: Db, userId: number, page: { offset: number; limit: number }) {
  return ownVisibleHides(db, userId)
    .leftJoin('groups as g', 'g.id', 's.group_id')
    .innerJoin('users as o', 'o.id', 's.owner_id')
    .select([
      's.id',
      sql<'stack' | 'twisted'>`case when s.parent_id is null then 'stack' else 'twisted' end`.as('type'),
      's.parent_id',
      's.name',
      's.twist_description',
      's.mode',
      'g.name as group_name',
      'o.username as owner_username',
      'h.created_at as hidden_at',
      'h.batch_id',
    ])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.stack_id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** How many of my own hides `listOwnHides` would list, counting at most `max` + 1 of them. */
export async function countOwnHides(db: Db, userId: number, max: number): Promise<number> {
  const row = await db
    .selectFrom(ownVisibleHides(db, userId).select('h.stack_id').limit(max + 1).as('listed'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The viewer's hide of a stack, whoever made it; undefined when the stack is not hidden for them. */
export function findHide(db: Db, userId: number, stackId: number) {
  return db.selectFrom('stack_hides').select(['hidden_by', 'batch_id']).where('user_id', '=', userId).where('stack_id', '=', stackId).executeTakeFirst();
}

/** Removes my own hide of a stack; answers how many rows went (0 or 1). */
export async function deleteOwnHide(db: Db, userId: number, stackId: number): Promise<number> {
  const result = await db.deleteFrom('stack_hides').where('user_id', '=', userId).where('stack_id', '=', stackId).where('hidden_by', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes my own hides that one Hide New Stacks made; answers how many. */
export async function deleteHideBatch(db: Db, userId: number, batchId: number): Promise<number> {
  const result = await db.deleteFrom('stack_hides').where('user_id', '=', userId).where('batch_id', '=', batchId).where('hidden_by', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
