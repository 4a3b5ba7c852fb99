import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { groupVisibleTo, invitableTo, isGroupMember, isInvitedTo, isRemovedFrom, joinableBy, visibleMembersOf } from '../../policy';

type GroupsEb = ExpressionBuilder<Database & { g: Database['groups'] }, 'g'>;

const gId = sql<number>`g.id`;

/** Stacks in a group (twisted stacks not counted). */
const boardCount = () => sql<number>`(select count(*)::int from stacks st where st.group_id = g.id and st.parent_id is null)`;

/** The columns of a group summary, for any list; one statement however many groups. */
function summaryColumns(eb: GroupsEb, viewerId: number) {
  return [
    'g.id',
    'g.name',
    'g.description',
    'g.owner_id',
    eb.selectFrom('users as o').select('o.username').whereRef('o.id', '=', 'g.owner_id').$asScalar().$notNull().as('owner'),
    eb
      .selectFrom('group_members as m')
      .innerJoin('users as mu', 'mu.id', 'm.user_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('m.group_id', '=', 'g.id')
      .where('mu.is_active', '=', true)
      .$asScalar()
      .$notNull()
      .as('member_count'),
    boardCount().as('board_count'),
    'g.is_public',
    'g.is_restricted',
    'g.is_readonly',
    isGroupMember(gId, viewerId).as('is_member'),
  ] as const;
}

export function listMyGroups(db: Db, viewerId: number) {
  return db
    .selectFrom('groups as g')
    .innerJoin('group_members as mine', (join) => join.onRef('mine.group_id', '=', 'g.id').on('mine.user_id', '=', viewerId))
    .select((eb) => summaryColumns(eb, viewerId))
    .where('g.retired_at', 'is', null)
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .execute();
}

/** Public groups the viewer is not in (and was not removed from). */
export function listJoinablePublicGroups(db: Db, viewerId: number, page: { offset: number; limit: number }) {
  return db
    .selectFrom('groups as g')
    .select((eb) => summaryColumns(eb, viewerId))
    .where('g.retired_at', 'is', null)
    .where('g.is_public', '=', true)
    .where(joinableBy(viewerId))
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Every group the viewer may see: public ones, their own, and those they are invited to. */
export function listVisibleGroups(db: Db, viewerId: number, page: { offset: number; limit: number }) {
  return db
    .selectFrom('groups as g')
    .select((eb) => summaryColumns(eb, viewerId))
    .where('g.retired_at', 'is', null)
    .where(groupVisibleTo(viewerId))
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** A live group with the viewer's standing in it, in one statement. */
export function findGroupAccess(db: Db, groupId: number, viewerId: number) {
  return db
    .selectFrom('groups as g')
    .select((eb) => [
      ...summaryColumns(eb, viewerId),
      eb.selectFrom('group_members as me').select('me.role').whereRef('me.group_id', '=', 'g.id').where('me.user_id', '=', viewerId).$asScalar().as('role'),
      isInvitedTo(gId, viewerId).as('is_invited'),
      isRemovedFrom(gId, viewerId).as('is_blocked'),
    ])
    .where('g.id', '=', groupId)
    .where('g.retired_at', 'is', null)
    .executeTakeFirst();
}

/** The users removed from (blocked in) a group, by username. */
function groupBlocksQuery(db: Db, groupId: number) {
  return db
    .selectFrom('group_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.user_id', 'u.username', 'u.avatar_id', 'b.created_at'])
    .where('b.group_id', '=', groupId)
    .orderBy(sql`lower(u.username)`);
}

export function listGroupBlocks(db: Db, groupId: number) {
  return groupBlocksQuery(db, groupId).execute();
}

/** What members see: members, invitation candidates (the viewer's friends), open invitations, blocks, bots. */
export function findMemberView(db: Db, groupId: number, viewerId: number) {
  return db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        visibleMembersOf(groupId, viewerId)
          .select(['m.user_id as id', 'm.user_id', 'm.role', sql<{ username: string; avatar_id: number }>`json_build_object('username', u.username, 'avatar_id', u.avatar_id)`.as('user')])
          .orderBy(sql`m.role = 'OWNER'`, 'desc')
          .orderBy(sql`lower(u.username)`),
      ).as('members'),
      jsonArrayFrom(
        eb
          .selectFrom('friendships as f')
          .innerJoin('users as u', 'u.id', 'f.friend_id')
          .select(['u.id', 'u.username', 'u.avatar_id'])
          .where('f.user_id', '=', viewerId)
          .where('u.is_active', '=', true)
          .where(invitableTo(groupId))
          .orderBy(sql`lower(u.username)`),
      ).as('non_members'),
      jsonArrayFrom(
        eb.selectFrom('group_requests as r').select('r.to_user_id').where('r.group_id', '=', groupId).where('r.status', '=', 'PENDING').orderBy('r.to_user_id'),
      ).as('pending'),
      jsonArrayFrom(groupBlocksQuery(db, groupId)).as('blocks'),
      jsonArrayFrom(
        eb.selectFrom('bots as b').select(['b.id', 'b.name', 'b.bio', 'b.avatar_id']).where('b.group_id', '=', groupId).orderBy(sql`lower(b.name)`).orderBy('b.id'),
      ).as('bots'),
    ])
    .executeTakeFirstOrThrow();
}

export function insertGroup(db: Db, values: { name: string; description: string; owner_id: number; is_public: boolean; is_restricted: boolean; is_readonly: boolean }) {
  return db.insertInto('groups').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();
}

export function insertMember(db: Db, groupId: number, userId: number, role: 'OWNER' | 'MEMBER') {
  return db.insertInto('group_members').values({ group_id: groupId, user_id: userId, role }).onConflict((oc) => oc.doNothing()).execute();
}

export async function deleteMember(db: Db, groupId: number, userId: number): Promise<number> {
  const result = await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function isMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function isGroupBlocked(db: Db, groupId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('group_blocks').select('user_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export function findPendingInvite(db: Db, groupId: number, userId: number) {
  return db.selectFrom('group_requests').select('id').where('group_id', '=', groupId).where('to_user_id', '=', userId).where('status', '=', 'PENDING').executeTakeFirst();
}

export function insertInvite(db: Db, groupId: number, fromUserId: number, toUserId: number) {
  return db.insertInto('group_requests').values({ group_id: groupId, from_user_id: fromUserId, to_user_id: toUserId }).returning('id').executeTakeFirstOrThrow();
}

export function setInviteStatus(db: Db, id: number, status: 'ACCEPTED' | 'REJECTED' | 'CANCELLED') {
  return db.updateTable('group_requests').set({ status, responded_at: sql`now()` }).where('id', '=', id).execute();
}

/**
 * Ends open invitations of a group (all, or one person's), and marks their GROUP_INVITE
 * notifications read so nobody is left with an invitation they can no longer answer.
 */
export async function cancelPendingInvites(db: Db, groupId: number, userId?: number) {
  let query = db
    .updateTable('group_requests')
    .set({ status: 'CANCELLED', responded_at: sql`now()` })
    .where('group_id', '=', groupId)
    .where('status', '=', 'PENDING');
  if (userId !== undefined) query = query.where('to_user_id', '=', userId);
  const cancelled = await query.returning(['id', 'to_user_id']).execute();
  if (cancelled.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('type', '=', 'GROUP_INVITE')
    .where('user_id', 'in', cancelled.map((c) => c.to_user_id))
    .where(sql`(data->>'request_id')::int`, 'in', cancelled.map((c) => c.id))
    .execute();
}

export function findInvite(db: Db, id: number) {
  return db
    .selectFrom('group_requests as r')
    .innerJoin('groups as g', 'g.id', 'r.group_id')
    .select(['r.id', 'r.group_id', 'r.from_user_id', 'r.to_user_id', 'r.status', 'g.retired_at'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export function listPendingInvites(db: Db, userId: number, type: 'incoming' | 'outgoing') {
  return db
    .selectFrom('group_requests as r')
    .innerJoin('groups as g', 'g.id', 'r.group_id')
    .innerJoin('users as f', 'f.id', 'r.from_user_id')
    .innerJoin('users as t', 't.id', 'r.to_user_id')
    .select(['r.id', 'r.group_id', 'g.name as group_name', 'r.from_user_id', 'f.username as from_username', 'r.to_user_id as user_id', 't.username as username', 'r.status', 'r.created_at'])
    .where('r.status', '=', 'PENDING')
    .where('g.retired_at', 'is', null)
    .where(type === 'incoming' ? 'r.to_user_id' : 'r.from_user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export function insertGroupBlock(db: Db, groupId: number, userId: number, blockedBy: number) {
  return db.insertInto('group_blocks').values({ group_id: groupId, user_id: userId, blocked_by: blockedBy }).onConflict((oc) => oc.doNothing()).execute();
}

export async function deleteGroupBlock(db: Db, groupId: number, userId: number): Promise<number> {
  const result = await db.deleteFrom('group_blocks').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function setDescription(db: Db, groupId: number, description: string) {
  return db.updateTable('groups').set({ description }).where('id', '=', groupId).execute();
}

export function retire(db: Db, groupId: number) {
  return db.updateTable('groups').set({ retired_at: sql`now()` }).where('id', '=', groupId).execute();
}

/** Serialises membership changes of one group (retire vs join, invite vs block). */
export async function lockGroup(trx: Db, groupId: number): Promise<void> {
  await trx.selectFrom('groups').select('id').where('id', '=', groupId).forUpdate().execute();
}
