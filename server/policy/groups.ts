import { expressionBuilder, sql, type Expression, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { conflict, forbidden, type AppError } from '../errors';
import type { ViewerIdSql } from './sql-viewer';
import { userVisibleTo } from './users';

/**
 * Groups (spec 2 §2.2, §5, §6; DESIGN §3 Groups): who may see a group, be in it, act in it. The
 * SQL pieces read `group_members`, `group_requests` and `group_blocks`; the refusals answer the
 * error for the first rule the viewer breaks, or null when the viewer may, so that one rule serves
 * the call (which throws it) and the flag the client reads (`can_*`: whether it is null).
 */

/** Whether the user is a member of the group. */
export function isGroupMember(groupId: number | Expression<number>, userId: ViewerIdSql): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from group_members m where m.group_id = ${groupId} and m.user_id = ${userId})`;
}

/** Whether the user has an open invitation to the group. */
export function isInvitedTo(groupId: number | Expression<number>, userId: number | Expression<number>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from group_requests gr where gr.group_id = ${groupId} and gr.to_user_id = ${userId} and gr.status = 'PENDING')`;
}

/** Whether the user was removed from the group (a group block): they cannot rejoin or be invited. */
export function isRemovedFrom(groupId: number | Expression<number>, userId: number | Expression<number>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from group_blocks gb where gb.group_id = ${groupId} and gb.user_id = ${userId})`;
}

const gId = sql<number>`g.id`;

/**
 * Group row `g` is visible to the viewer: public, or the viewer is a member or invited. Private
 * groups are otherwise 404 (no existence leaks). Retired groups are left out by the callers.
 */
export const groupVisibleTo = (viewerId: number): RawBuilder<boolean> =>
  sql<boolean>`(g.is_public or ${isGroupMember(gId, viewerId)} or ${isInvitedTo(gId, viewerId)})`;

/** The same for a group row already read with the viewer's standing. */
export const mayViewGroup = (group: { is_public: boolean; is_member: boolean; is_invited: boolean }): boolean =>
  group.is_public || group.is_member || group.is_invited;

/** Group row `g` is one the viewer could join from the public list: not in it, not removed from it. */
export const joinableBy = (viewerId: number): RawBuilder<boolean> => sql<boolean>`(not ${isGroupMember(gId, viewerId)} and not ${isRemovedFrom(gId, viewerId)})`;

/** User row `u` may be invited to the group: not a member, not removed from it (the invitation candidates). */
export const invitableTo = (groupId: number): RawBuilder<boolean> =>
  sql<boolean>`(not ${isGroupMember(groupId, sql<number>`u.id`)} and not ${isRemovedFrom(groupId, sql<number>`u.id`)})`;

/**
 * The group's members the viewer may see (`m` joined with their user row `u`): active, and not
 * blocked either way (the member list and the agreement map). The caller selects the columns.
 */
export function visibleMembersOf(groupId: number, viewerId: number) {
  return expressionBuilder<Database, never>()
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.group_id', '=', groupId)
    .where(userVisibleTo(viewerId));
}

/** Members add stacks to a group; in a read-only group only its owner does (spec 2 §2.2, §5). */
export function createStackRefusal(group: { is_member: boolean; is_readonly: boolean; owner_id: number }, viewerId: number): AppError | null {
  if (!group.is_member) return forbidden('Only members can create stacks in this group', 'NOT_A_MEMBER');
  if (group.is_readonly && group.owner_id !== viewerId) return forbidden('Only the owner can create stacks in this read-only group', 'READ_ONLY_GROUP');
  return null;
}

/** The owner retires a group, and only while the owner is its only member (spec 2 §6). */
export function retireRefusal(group: { owner_id: number; member_count: number }, viewerId: number): AppError | null {
  if (group.owner_id !== viewerId) return forbidden('Only the group owner can retire a group', 'NOT_THE_OWNER');
  if (group.member_count > 1) return conflict('GROUP_HAS_MEMBERS', 'A group can be retired only when its owner is the only member');
  return null;
}

/** Members invite their friends; in a restricted group only the owner does. */
export function inviteRefusal(group: { is_member: boolean; is_restricted: boolean; owner_id: number }, viewerId: number): AppError | null {
  if (!group.is_member) return forbidden('Only members can invite to a group', 'NOT_A_MEMBER');
  if (group.is_restricted && group.owner_id !== viewerId) return forbidden('Only the group owner can invite to a restricted group', 'NOT_THE_OWNER');
  return null;
}

/** Anyone not removed joins a public group; a private one only by accepting an invitation. */
export function joinRefusal(group: { is_member: boolean; is_public: boolean; is_blocked: boolean }): AppError | null {
  if (group.is_member) return conflict('ALREADY_MEMBER', 'You are already a member of this group');
  if (!group.is_public) return forbidden('This group is private: accept your invitation to join it', 'PRIVATE_GROUP');
  if (group.is_blocked) return forbidden('You were removed from this group and cannot rejoin it', 'GROUP_BLOCKED');
  return null;
}

/** Members leave; the owner cannot (they retire the group instead). */
export function leaveRefusal(group: { is_member: boolean; owner_id: number }, viewerId: number): AppError | null {
  if (!group.is_member) return forbidden('You are not a member of this group', 'NOT_A_MEMBER');
  if (group.owner_id === viewerId) return forbidden('The owner cannot leave the group; retire it instead', 'OWNER_CANNOT_LEAVE');
  return null;
}
