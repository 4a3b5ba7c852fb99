import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
import { canSeeStack, visibleMembersOf } from '../../policy';

/**
 * What the agreement map is computed from, in one statement: the group's current members the viewer
 * may see (active, not blocked either way), and every answer those members gave to the group's
 * newest `stacksMax` stacks the viewer may see (originals only: twists are left out).
 */
export function findAgreementInputs(db: Db, groupId: number, viewerId: number, stacksMax: number) {
  return db
    .with('recent', (qb) =>
      qb
        .selectFrom('stacks as s')
        .select('s.id')
        .where('s.group_id', '=', groupId)
        .where('s.parent_id', 'is', null)
        .where(canSeeStack(viewerId, false))
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(stacksMax),
    )
    .with('visible_members', () => visibleMembersOf(groupId, viewerId).select(['u.id', 'u.username', 'u.avatar_id']))
    .selectNoFrom((eb) => [
      jsonArrayFrom(eb.selectFrom('visible_members as vm').select(['vm.id', 'vm.username', 'vm.avatar_id']).orderBy(sql`lower(vm.username)`).orderBy('vm.id')).as('members'),
      jsonArrayFrom(
        eb
          .selectFrom('stack_responses as r')
          .innerJoin('recent', 'recent.id', 'r.stack_id')
          .innerJoin('visible_members as vm', 'vm.id', 'r.user_id')
          .select(['r.stack_id', 'r.user_id', 'r.ranking']),
      ).as('responses'),
      eb.selectFrom('recent').select(sql<number>`count(*)::int`.as('n')).$asScalar().$notNull().as('stacks_considered'),
    ])
    .executeTakeFirstOrThrow();
}
