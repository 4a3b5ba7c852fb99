import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { FRIENDS } from '../../../shared/limits';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { withdrawRequestRefusal } from '../../policy';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import * as notifications from '../notifications/notifications.service';
import { isVisibleUser } from '../users/users.service';
import * as repo from './friends.repo';


async function requireVisibleUser(db: Db, viewerId: number, userId: number) {
  if (!(await isVisibleUser(db, viewerId, userId))) throw notFound('User not found', 'USER_NOT_FOUND');
}

/**
 * Sends a friend request. If the other person had already asked, this accepts theirs instead, so
 * two people asking each other at once end as friends, never with two open requests. Within the
 * user's WRITE_THROTTLES.friendRequests (a refusal under the lock gives its attempt back).
 */
export async function sendRequest(db: Db, viewer: { id: number; username: string }, targetId: number) {
  if (targetId === viewer.id) throw badRequest('SELF_REQUEST', 'You cannot send a friend request to yourself');
  await requireVisibleUser(db, viewer.id, targetId);
  return throttledWrite(db, 'friendRequests', viewer.id, () => sendRequestUnderLock(db, viewer, targetId));
}

/** The 429 of a request sent too soon after a withdrawn one (FRIENDS.requestCoolingOffDays). */
export const COOLING_OFF_DETAIL = `You can send this person a new friend request ${FRIENDS.requestCoolingOffDays} days after the one you withdrew. Please try again later.`;

function sendRequestUnderLock(db: Db, viewer: { id: number; username: string }, targetId: number) {
  return db.transaction().execute(async (trx) => {
    await repo.lockPair(trx, viewer.id, targetId);
    if (await repo.areFriends(trx, viewer.id, targetId)) throw conflict('ALREADY_FRIENDS', 'You are already friends');
    const open = await repo.findOpenBetween(trx, viewer.id, targetId);
    // Mine, pending or ignored: to me it is pending either way (docs/friend-requests.md).
    if (open.some((r) => r.from_user_id === viewer.id)) throw conflict('REQUEST_PENDING', 'Friend request already sent');
    // Theirs, pending (or one I ignored, which they still see pending): asking back makes us friends.
    const theirs = open.find((r) => r.from_user_id === targetId);
    if (theirs) {
      await repo.setRequestStatus(trx, theirs.id, 'ACCEPTED');
      await repo.insertFriendship(trx, viewer.id, targetId);
      await repo.closeIgnoredBetween(trx, viewer.id, targetId);
      await notifications.markRequestRead(trx, viewer.id, 'FRIEND_REQUEST', theirs.id);
      return { friend_status: 'friends' as const, request_id: theirs.id };
    }
    const wait = await repo.coolingOffSeconds(trx, viewer.id, targetId, FRIENDS.requestCoolingOffDays);
    if (wait > 0) throw new AppError(429, 'FRIEND_REQUEST_COOLING_OFF', COOLING_OFF_DETAIL, { 'Retry-After': String(wait) });
    const request = await repo.insertRequest(trx, viewer.id, targetId);
    await notifications.notify(trx, targetId, 'FRIEND_REQUEST', {
      from_user_id: viewer.id,
      from_username: viewer.username,
      request_id: request.id,
    });
    return { friend_status: 'pending' as const, request_id: request.id };
  });
}

export async function listRequests(db: Db, userId: number, type: 'incoming' | 'outgoing') {
  const rows = await repo.listPendingRequests(db, userId, type);
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }));
}

/** Accepts or rejects a request; only its target may. Its notification is marked read. */
export async function respond(db: Db, userId: number, requestId: number, status: 'ACCEPTED' | 'REJECTED') {
  return db.transaction().execute(async (trx) => {
    const request = await repo.findRequest(trx, requestId);
    if (!request || (request.to_user_id !== userId && request.from_user_id !== userId)) {
      throw notFound('Friend request not found', 'FRIEND_REQUEST_NOT_FOUND');
    }
    if (request.to_user_id !== userId) throw forbidden('Only the person who received a friend request can answer it');
    await repo.lockPair(trx, request.from_user_id, request.to_user_id);
    const current = await repo.findRequest(trx, requestId);
    if (current?.status !== 'PENDING') throw conflict('REQUEST_ANSWERED', 'This friend request has already been answered');
    await repo.setRequestStatus(trx, requestId, status);
    if (status === 'ACCEPTED') {
      await repo.insertFriendship(trx, request.from_user_id, request.to_user_id);
      // An ignored request the other way is settled by the friendship.
      await repo.closeIgnoredBetween(trx, request.from_user_id, request.to_user_id);
    }
    await notifications.markRequestRead(trx, userId, 'FRIEND_REQUEST', requestId);
    return { id: requestId, status, friend_status: status === 'ACCEPTED' ? ('friends' as const) : ('not_friends' as const) };
  });
}

/**
 * DELETE /v1/users/friends/requests/{id}: the sender withdraws a request still open for them
 * (pending, or ignored: they cannot tell). Its notification is marked read for the person asked. A
 * new request to the same person then waits out the cooling-off time (sendRequest). Within
 * WRITE_THROTTLES.friendRequestWithdrawals.
 */
export async function withdraw(db: Db, userId: number, requestId: number) {
  const refusal = withdrawRequestRefusal(await repo.findRequest(db, requestId), userId);
  if (refusal) throw refusal;
  return throttledWrite(db, 'friendRequestWithdrawals', userId, () =>
    db.transaction().execute(async (trx) => {
      const request = (await repo.findRequest(trx, requestId))!;
      await repo.lockPair(trx, request.from_user_id, request.to_user_id);
      if (!(await repo.withdrawRequest(trx, requestId))) throw conflict('REQUEST_ANSWERED', 'This friend request is no longer open');
      await notifications.markRequestRead(trx, request.to_user_id, 'FRIEND_REQUEST', requestId);
      const friends = await repo.areFriends(trx, request.from_user_id, request.to_user_id);
      return { id: requestId, friend_status: friends ? ('friends' as const) : ('not_friends' as const) };
    }),
  );
}

export function listFriends(db: Db, userId: number) {
  return repo.listFriends(db, userId);
}

export async function unfriend(db: Db, userId: number, friendId: number) {
  const removed = await db.transaction().execute(async (trx) => {
    await repo.lockPair(trx, userId, friendId);
    return repo.deleteFriendship(trx, userId, friendId);
  });
  if (removed === 0) throw notFound('You are not friends with this user', 'NOT_FRIENDS');
  return { message: 'Friend removed' };
}

/** Blocks a user: friendship and open requests end both ways, and each disappears for the other. */
export async function block(db: Db, userId: number, targetId: number) {
  if (targetId === userId) throw badRequest('SELF_BLOCK', 'You cannot block yourself');
  await requireVisibleUser(db, userId, targetId);
  await db.transaction().execute(async (trx) => {
    await repo.lockPair(trx, userId, targetId);
    await repo.insertBlock(trx, userId, targetId);
    await repo.deleteFriendship(trx, userId, targetId);
    await repo.cancelPendingBetween(trx, userId, targetId);
  });
  return { message: 'User blocked' };
}

export async function listBlocks(db: Db, userId: number) {
  const rows = await repo.listBlocked(db, userId);
  return rows.map((row) => ({ ...row, created_at: toIso(row.created_at) }));
}

export async function unblock(db: Db, userId: number, targetId: number) {
  const removed = await repo.deleteBlock(db, userId, targetId);
  if (removed === 0) throw notFound('This user is not blocked', 'NOT_BLOCKED');
  return { message: 'User unblocked' };
}

/** For other domains (stacks, group invitations): whether two users are friends. */
export function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  return repo.areFriends(db, a, b);
}

/**
 * For registration with a personal invite: the inviter and the new user become friends (both
 * rows), inside the caller's transaction. The new account has no requests or blocks yet.
 */
export function befriend(trx: Db, a: number, b: number) {
  return repo.insertFriendship(trx, a, b);
}
