import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Viewer } from '../../viewer';
import { canSeeStack } from '../../policy';

/**
 * Stacks and twisted stacks both the viewer and `userId` answered and the viewer may see now
 * (`canSeeStack`, as GET /v1/stacks/{id} decides), with both rankings: the newest `limit` by the
 * later of the two answers, newest first. One statement.
 */
export function findSharedAnswers(db: Db, viewer: Viewer, userId: number, limit: number) {
  return db
    .selectFrom('stack_responses as mine')
    .innerJoin('stack_responses as theirs', (join) => join.onRef('theirs.stack_id', '=', 'mine.stack_id').on('theirs.user_id', '=', userId))
    .innerJoin('stacks as s', 's.id', 'mine.stack_id')
    .select([
      's.id as stack_id',
      's.name',
      's.mode as type',
      sql<boolean>`s.parent_id is not null`.as('is_twisted'),
      sql<Date>`greatest(mine.created_at, theirs.created_at)`.as('answered_at'),
      'mine.ranking as my_ranking',
      'theirs.ranking as their_ranking',
    ])
    .where('mine.user_id', '=', viewer.id)
    .where(canSeeStack(viewer.id, viewer.isAdmin))
    .orderBy(sql`greatest(mine.created_at, theirs.created_at)`, 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}
