import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
import { lastLoginDate } from '../../db/dates';
import { notMutedBy, socialVisibleTo, userVisibleTo } from '../../policy';
import { containsPattern, friendStatusOf, friendStatusRank } from './relations.sql';

/**
 * Users the viewer may see (active, not blocked either way, not the viewer), with their friend
 * status, ordered friends first, then open requests, then the rest, then by username. One statement.
 */
export function listVisibleUsers(db: Db, viewerId: number, options: { q?: string; offset: number; limit: number }) {
  const status = friendStatusOf(viewerId, sql.ref('u.id'));
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.bio', 'u.avatar_id', status.as('friend_status'), lastLoginDate(sql.ref('u.last_login_at')).as('last_login')])
    .where('u.id', '<>', viewerId)
    .where(userVisibleTo(viewerId));
  if (options.q) query = query.where(sql`lower(u.username)`, 'like', containsPattern(options.q));
  return query
    .orderBy(friendStatusRank(status))
    .orderBy(sql`lower(u.username)`)
    .orderBy('u.id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
}

/** One user's profile as the viewer may see it, socials filtered by visibility. Undefined when hidden. */
export function findVisibleProfile(db: Db, viewerId: number, userId: number) {
  const status = friendStatusOf(viewerId, sql.ref('u.id'));
  return db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.username',
      'u.bio',
      'u.avatar_id',
      status.as('friend_status'),
      lastLoginDate(sql.ref('u.last_login_at')).as('last_login'),
      eb
        .selectFrom('friend_requests as r')
        .select('r.id')
        // Pending either way; and the viewer's own request the user ignored, which its sender still sees pending.
        .where((w) =>
          w.or([
            w.and([w('r.from_user_id', '=', viewerId), w('r.to_user_id', '=', w.ref('u.id')), w('r.status', 'in', ['PENDING', 'REJECTED'])]),
            w.and([w('r.to_user_id', '=', viewerId), w('r.from_user_id', '=', w.ref('u.id')), w('r.status', '=', 'PENDING')]),
          ]),
        )
        .orderBy('r.id', 'desc')
        .limit(1)
        .as('friend_request_id'),
      notMutedBy(viewerId, sql.ref('u.id')).as('not_muted'),
      jsonArrayFrom(
        eb
          .selectFrom('socials as s')
          .select(['s.id', 's.platform', 's.value', 's.visibility', sql<boolean>`s.verified_at is not null`.as('is_verified')])
          .whereRef('s.user_id', '=', 'u.id')
          .where(socialVisibleTo(viewerId, status))
          .orderBy('s.platform'),
      ).as('socials'),
    ])
    .where('u.id', '=', userId)
    .where(userVisibleTo(viewerId))
    .executeTakeFirst();
}

/** Whether the user exists, is active and neither has blocked the other. */
export async function isVisibleUser(db: Db, viewerId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', '=', userId)
    .where(userVisibleTo(viewerId))
    .executeTakeFirst();
  return row !== undefined;
}

export function setAvatar(db: Db, userId: number, avatarId: number) {
  return db.updateTable('users').set({ avatar_id: avatarId }).where('id', '=', userId).returning(['avatar_id']).executeTakeFirstOrThrow();
}

export function setBio(db: Db, userId: number, bio: string) {
  return db.updateTable('users').set({ bio }).where('id', '=', userId).returning(['bio']).executeTakeFirstOrThrow();
}

export function upsertSocial(db: Db, userId: number, values: { platform: 'telegram' | 'signal'; value: string; visibility: 'public' | 'friends' | 'private' }) {
  return db
    .insertInto('socials')
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      oc.columns(['user_id', 'platform']).doUpdateSet({
        value: (eb) => eb.ref('excluded.value'),
        visibility: (eb) => eb.ref('excluded.visibility'),
        // A changed handle is no longer verified.
        verified_at: sql`case when socials.value = excluded.value then socials.verified_at else null end`,
        updated_at: sql`now()`,
      }),
    )
    .returning(['id', 'platform', 'value', 'visibility', sql<boolean>`verified_at is not null`.as('is_verified')])
    .executeTakeFirstOrThrow();
}

export function deleteSocial(db: Db, userId: number, by: { id: number } | { platform: 'telegram' | 'signal' }) {
  let query = db.deleteFrom('socials').where('user_id', '=', userId);
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('platform', '=', by.platform);
  return query.returning(['id', 'platform']).executeTakeFirst();
}

/** Stacks both users answered, by kind (friend or group, regular or twisted), in one statement. */
export function countSharedStacks(db: Db, viewerId: number, userId: number) {
  return db
    .selectFrom('stack_responses as mine')
    .innerJoin('stack_responses as theirs', (join) => join.onRef('theirs.stack_id', '=', 'mine.stack_id').on('theirs.user_id', '=', userId))
    .innerJoin('stacks as s', 's.id', 'mine.stack_id')
    .select([
      sql<number>`count(*) filter (where s.mode = 'friend' and s.parent_id is null)::int`.as('friend_stacks_shared'),
      sql<number>`count(*) filter (where s.mode = 'friend' and s.parent_id is not null)::int`.as('friend_twisted_stacks_shared'),
      sql<number>`count(*) filter (where s.mode = 'group' and s.parent_id is null)::int`.as('group_stacks_shared'),
      sql<number>`count(*) filter (where s.mode = 'group' and s.parent_id is not null)::int`.as('group_twisted_stacks_shared'),
    ])
    .where('mine.user_id', '=', viewerId)
    .executeTakeFirstOrThrow();
}
