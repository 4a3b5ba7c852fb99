import { AGREEMENT, LIMITS } from '../../../shared/limits';
import type { GroupAgreement } from '../../../shared/schemas/agreement';
import type { CreateGroupInput, GroupDetail, GroupSummary } from '../../../shared/schemas/groups';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import { areFriends } from '../friends/friends.service';
import * as notifications from '../notifications/notifications.service';
import { listGroupBots as findGroupBots } from '../bots/bots.service';
import { isVisibleUser } from '../users/users.service';
import { agreementPairs } from './agreement';
import { findAgreementInputs } from './agreement.repo';
import { createStackRefusal, joinRefusal, leaveRefusal, inviteRefusal, mayViewGroup, retireRefusal } from '../../policy';
import * as repo from './groups.repo';

const GROUP_NOT_FOUND = 'Group not found';

type Access = NonNullable<Awaited<ReturnType<typeof repo.findGroupAccess>>>;

/**
 * Loads a live group as the viewer may see it: a missing or retired group, or a private one the
 * viewer neither belongs to nor is invited to, is 404 (no existence leaks).
 */
async function loadGroup(db: Db, groupId: number, viewerId: number): Promise<Access> {
  const group = await repo.findGroupAccess(db, groupId, viewerId);
  if (!group || !mayViewGroup(group)) throw notFound(GROUP_NOT_FOUND, 'GROUP_NOT_FOUND');
  return group;
}

function requireMember(group: Access, action: string) {
  if (!group.is_member) throw forbidden(`Only members can ${action}`, 'NOT_A_MEMBER');
}

function requireOwner(group: Access, viewerId: number, action: string) {
  if (group.owner_id !== viewerId) throw forbidden(`Only the group owner can ${action}`, 'NOT_THE_OWNER');
}

function toBlock(row: { user_id: number; username: string; avatar_id: number; created_at: Date | string }) {
  return { user_id: row.user_id, username: row.username, avatar_id: row.avatar_id, created_at: toIso(row.created_at) };
}

function toSummary(row: Omit<Access, 'role' | 'is_invited' | 'is_blocked'>, viewerId: number): GroupSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner_id: row.owner_id,
    owner: row.owner,
    member_count: row.member_count,
    board_count: row.board_count,
    is_public: row.is_public,
    is_restricted: row.is_restricted,
    is_readonly: row.is_readonly,
    is_member: row.is_member,
    can_create_stack: createStackRefusal(row, viewerId) === null,
  };
}

/** Creates a group with its creator as owner and only member (WRITE_THROTTLES.groups). */
export async function createGroup(db: Db, ownerId: number, input: CreateGroupInput) {
  return throttledWrite(db, 'groups', ownerId, () =>
    db.transaction().execute(async (trx) => {
      const group = await repo.insertGroup(trx, { ...input, owner_id: ownerId });
      await repo.insertMember(trx, group.id, ownerId, 'OWNER');
      return group;
    }),
  );
}

export async function listGroups(db: Db, viewerId: number, page: { offset: number; limit: number }) {
  return (await repo.listVisibleGroups(db, viewerId, page)).map((row) => toSummary(row, viewerId));
}

export async function listMyGroups(db: Db, viewerId: number) {
  return (await repo.listMyGroups(db, viewerId)).map((row) => toSummary(row, viewerId));
}

/** GET /v1/users/groups/overview: my groups and the public groups I could join. */
export async function overview(db: Db, viewerId: number) {
  const [mine, open] = await Promise.all([repo.listMyGroups(db, viewerId), repo.listJoinablePublicGroups(db, viewerId, { offset: 0, limit: LIMITS.pageSizeMax })]);
  return { my_groups: mine.map((row) => toSummary(row, viewerId)), public_groups: open.map((row) => toSummary(row, viewerId)) };
}

/** The group as the viewer may see it: members get members, bots and invitation candidates. */
export async function getGroup(db: Db, viewerId: number, groupId: number): Promise<GroupDetail> {
  const group = await loadGroup(db, groupId, viewerId);
  const isOwner = group.owner_id === viewerId;
  const base = {
    ...toSummary(group, viewerId),
    current_user_id: viewerId,
    is_owner: isOwner,
    is_invited: group.is_invited,
    can_invite: inviteRefusal(group, viewerId) === null,
    can_retire: retireRefusal(group, viewerId) === null,
  };
  if (!group.is_member) return { ...base, members: [], bots: [], non_members: [], pending_invitation_user_ids: [], blocks: [] };
  const view = await repo.findMemberView(db, groupId, viewerId);
  return {
    ...base,
    members: view.members,
    bots: view.bots,
    non_members: base.can_invite ? view.non_members : [],
    pending_invitation_user_ids: view.pending.map((p) => p.to_user_id),
    blocks: isOwner ? view.blocks.map(toBlock) : [],
  };
}

/** Bots of a group, for its members. */
export async function listGroupBots(db: Db, viewerId: number, groupId: number) {
  const group = await loadGroup(db, groupId, viewerId);
  requireMember(group, 'see the bots of a group');
  return findGroupBots(db, groupId);
}

/**
 * GET /v1/groups/{id}/agreement, for members: each pair of members with a common answered stack
 * and their mean score over the group's newest AGREEMENT.groupStacksMax stacks the viewer may see.
 * Members the viewer blocked or was blocked by are left out (as from the member list); blocks
 * between two other members and mutes change nothing. Two statements whatever the group's size.
 */
export async function groupAgreement(db: Db, viewerId: number, groupId: number): Promise<GroupAgreement> {
  const group = await loadGroup(db, groupId, viewerId);
  requireMember(group, 'see the agreement map of a group');
  const inputs = await findAgreementInputs(db, groupId, viewerId, AGREEMENT.groupStacksMax);
  const usernames = new Map(inputs.members.map((m) => [m.id, m.username]));
  return { members: inputs.members, pairs: agreementPairs(inputs.responses, usernames), stacks_considered: inputs.stacks_considered };
}

/**
 * Invites a friend: members may, only the owner in a restricted group. Creates a group request
 * and a GROUP_INVITE notification for the invited user (WRITE_THROTTLES.groupInvites; a refusal
 * under the lock gives its attempt back).
 */
export async function invite(db: Db, viewer: { id: number; username: string }, groupId: number, userId: number) {
  const group = await loadGroup(db, groupId, viewer.id);
  const refusal = inviteRefusal(group, viewer.id);
  if (refusal) throw refusal;
  if (userId === viewer.id) throw badRequest('SELF_INVITE', 'You cannot invite yourself');
  if (!(await isVisibleUser(db, viewer.id, userId))) throw notFound('User not found', 'USER_NOT_FOUND');
  if (!(await areFriends(db, viewer.id, userId))) throw forbidden('You can only invite your friends', 'NOT_FRIENDS');
  return throttledWrite(db, 'groupInvites', viewer.id, () =>
    db.transaction().execute(async (trx) => {
      await repo.lockGroup(trx, groupId);
      if (await repo.isMember(trx, groupId, userId)) throw conflict('ALREADY_MEMBER', 'This user is already a member');
      if (await repo.isGroupBlocked(trx, groupId, userId)) throw forbidden('This user was removed from the group and cannot be invited', 'GROUP_BLOCKED');
      if (await repo.findPendingInvite(trx, groupId, userId)) throw conflict('ALREADY_INVITED', 'This user has already been invited');
      const request = await repo.insertInvite(trx, groupId, viewer.id, userId);
      await notifications.notify(trx, userId, 'GROUP_INVITE', {
        from_user_id: viewer.id,
        from_username: viewer.username,
        group_id: groupId,
        group_name: group.name,
        request_id: request.id,
      });
      return { message: 'Invitation sent', request_id: request.id };
    }),
  );
}

function requireJoinable(group: Access) {
  const refusal = joinRefusal(group);
  if (refusal) throw refusal;
}

/**
 * Joins a public group; removed (blocked) users cannot. Each join is an event to every member, and
 * leaving allows the next, so joins are throttled (WRITE_THROTTLES.groupJoins).
 */
export async function join(db: Db, viewerId: number, groupId: number) {
  requireJoinable(await loadGroup(db, groupId, viewerId));
  await throttledWrite(db, 'groupJoins', viewerId, () =>
    db.transaction().execute(async (trx) => {
      await repo.lockGroup(trx, groupId);
      // Checked again under the lock: a retire or block committed meanwhile must keep the viewer out.
      requireJoinable(await loadGroup(trx, groupId, viewerId));
      await repo.insertMember(trx, groupId, viewerId, 'MEMBER');
      const pending = await repo.findPendingInvite(trx, groupId, viewerId);
      if (pending) {
        await repo.setInviteStatus(trx, pending.id, 'ACCEPTED');
        await notifications.markRequestRead(trx, viewerId, 'GROUP_INVITE', pending.id);
      }
    }),
  );
  return { message: 'Joined the group' };
}

export async function leave(db: Db, viewerId: number, groupId: number) {
  const refusal = leaveRefusal(await loadGroup(db, groupId, viewerId), viewerId);
  if (refusal) throw refusal;
  await repo.deleteMember(db, groupId, viewerId);
  return { message: 'Left the group' };
}

/** Retires a group: the owner only, and only while the owner is its only member. */
export async function retireGroup(db: Db, viewerId: number, groupId: number) {
  const refusal = retireRefusal(await loadGroup(db, groupId, viewerId), viewerId);
  if (refusal) throw refusal;
  await db.transaction().execute(async (trx) => {
    await repo.lockGroup(trx, groupId);
    // Checked again under the lock: someone may have joined meanwhile.
    const fresh = await repo.findGroupAccess(trx, groupId, viewerId);
    if (!fresh) throw notFound(GROUP_NOT_FOUND, 'GROUP_NOT_FOUND');
    const late = retireRefusal(fresh, viewerId);
    if (late) throw late;
    await repo.retire(trx, groupId);
    await repo.cancelPendingInvites(trx, groupId);
  });
  return { message: 'Group retired' };
}

export async function setDescription(db: Db, viewerId: number, groupId: number, description: string) {
  const group = await loadGroup(db, groupId, viewerId);
  requireOwner(group, viewerId, 'edit the description');
  await throttledWrite(db, 'edits', viewerId, () => repo.setDescription(db, groupId, description));
  return { id: groupId, description };
}

export async function listBlocks(db: Db, viewerId: number, groupId: number) {
  const group = await loadGroup(db, groupId, viewerId);
  requireOwner(group, viewerId, 'see removed members');
  return (await repo.listGroupBlocks(db, groupId)).map(toBlock);
}

/**
 * Removes a member (or keeps someone out): a group block, until the owner lifts it. `bodyGroupId`
 * is the optional group id of the request body, which must name the same group.
 */
export async function blockUser(db: Db, viewerId: number, groupId: number, userId: number, bodyGroupId?: number) {
  if (bodyGroupId !== undefined && bodyGroupId !== groupId) throw badRequest('GROUP_MISMATCH', 'group_id must match the group in the path');
  const group = await loadGroup(db, groupId, viewerId);
  requireOwner(group, viewerId, 'remove members');
  if (userId === viewerId) throw badRequest('SELF_BLOCK', 'The owner cannot be removed from the group');
  await db.transaction().execute(async (trx) => {
    await repo.lockGroup(trx, groupId);
    const removed = await repo.deleteMember(trx, groupId, userId);
    if (removed === 0 && !(await isVisibleUser(trx, viewerId, userId))) throw notFound('User not found', 'USER_NOT_FOUND');
    await repo.cancelPendingInvites(trx, groupId, userId);
    await repo.insertGroupBlock(trx, groupId, userId, viewerId);
  });
  return { message: 'Member removed' };
}

export async function unblockUser(db: Db, viewerId: number, groupId: number, userId: number) {
  const group = await loadGroup(db, groupId, viewerId);
  requireOwner(group, viewerId, 'let removed members back');
  const removed = await repo.deleteGroupBlock(db, groupId, userId);
  if (removed === 0) throw notFound('This user is not blocked in this group', 'NOT_BLOCKED');
  return { message: 'Member unblocked' };
}

export async function listRequests(db: Db, userId: number, type: 'incoming' | 'outgoing') {
  const rows = await repo.listPendingInvites(db, userId, type);
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }));
}

/** Accepts or rejects an invitation; only the invited user may. Accepting makes a member. */
export async function respond(db: Db, userId: number, requestId: number, status: 'ACCEPTED' | 'REJECTED') {
  return db.transaction().execute(async (trx) => {
    const request = await repo.findInvite(trx, requestId);
    if (!request || request.retired_at || (request.to_user_id !== userId && request.from_user_id !== userId)) {
      throw notFound('Group request not found', 'GROUP_REQUEST_NOT_FOUND');
    }
    if (request.to_user_id !== userId) throw forbidden('Only the invited user can answer an invitation');
    await repo.lockGroup(trx, request.group_id);
    const current = await repo.findInvite(trx, requestId);
    if (current?.status !== 'PENDING') throw conflict('REQUEST_ANSWERED', 'This invitation has already been answered');
    if (status === 'ACCEPTED') {
      if (await repo.isGroupBlocked(trx, request.group_id, userId)) throw forbidden('You were removed from this group and cannot rejoin it', 'GROUP_BLOCKED');
      await repo.insertMember(trx, request.group_id, userId, 'MEMBER');
    }
    await repo.setInviteStatus(trx, requestId, status);
    await notifications.markRequestRead(trx, userId, 'GROUP_INVITE', requestId);
    return { id: requestId, status, group_id: request.group_id };
  });
}
