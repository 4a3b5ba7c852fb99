import { z } from 'zod';
import { FRIENDS, throttleSummary } from '../../../shared/limits';
import { AnswerRequestInput, ListRequestsInput, MessageResponse } from '../../../shared/schemas/common';
import {
  BlockedUser,
  BlockInput,
  FriendRequest,
  FriendRequestAnswer,
  FriendRequestIdInput,
  SendFriendRequestInput,
  SendFriendRequestResult,
  UserIdInput,
  UserSummary,
  WithdrawFriendRequestResult,
} from '../../../shared/schemas/users';
import { authedProcedure, router } from '../../trpc/init';
import * as friends from './friends.service';

const tags = ['friends'];

export const friendsRouter = router({
  /** Asks a user to be friends (FRIEND_REQUEST notification); if they already asked, you become friends. */
  sendRequest: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/friends/requests', tags, summary: `Send a friend request (${throttleSummary('friendRequests')}; ${FRIENDS.requestCoolingOffDays} days after a withdrawn one to the same person)`, errorResponses: [400, 401, 404, 409, 429] } })
    .input(SendFriendRequestInput)
    .output(SendFriendRequestResult)
    .mutation(({ ctx, input }) => friends.sendRequest(ctx.db, ctx.user, input.user_id)),

  listRequests: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/friends/requests', tags, summary: 'Open friend requests (incoming by default)', errorResponses: [400, 401] } })
    .input(ListRequestsInput)
    .output(z.array(FriendRequest))
    .query(({ ctx, input }) => friends.listRequests(ctx.db, ctx.user.id, input.type)),

  /** Accepts or rejects a request; only the person it was sent to may. */
  respond: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/v1/users/friends/requests/{id}', tags, summary: 'Accept or reject a friend request', errorResponses: [400, 401, 403, 404, 409] } })
    .input(AnswerRequestInput)
    .output(FriendRequestAnswer)
    .mutation(({ ctx, input }) => friends.respond(ctx.db, ctx.user.id, input.id, input.status)),

  /** The sender withdraws a request (pending, or ignored: to its sender the same); a new one to that person waits out the cooling-off time. */
  withdraw: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/friends/requests/{id}', tags, summary: `Withdraw a friend request I sent (${throttleSummary('friendRequestWithdrawals')})`, errorResponses: [400, 401, 403, 404, 409, 429] } })
    .input(FriendRequestIdInput)
    .output(WithdrawFriendRequestResult)
    .mutation(({ ctx, input }) => friends.withdraw(ctx.db, ctx.user.id, input.id)),

  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/friends/me', tags, summary: 'My friends', errorResponses: [401] } })
    .output(z.array(UserSummary))
    .query(({ ctx }) => friends.listFriends(ctx.db, ctx.user.id)),

  unfriend: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/friends/{id}', tags, summary: 'Unfriend a user (by user id)', errorResponses: [400, 401, 404] } })
    .input(UserIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => friends.unfriend(ctx.db, ctx.user.id, input.id)),

  /** Blocks a user: ends friendship and open requests; each disappears for the other. */
  block: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/blocks', tags, summary: 'Block a user', errorResponses: [400, 401, 404] } })
    .input(BlockInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => friends.block(ctx.db, ctx.user.id, input.user_id)),

  listBlocks: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/blocks', tags, summary: 'Users I blocked', errorResponses: [401] } })
    .output(z.array(BlockedUser))
    .query(({ ctx }) => friends.listBlocks(ctx.db, ctx.user.id)),

  unblock: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/blocks/{id}', tags, summary: 'Unblock a user (by user id)', errorResponses: [400, 401, 404] } })
    .input(UserIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => friends.unblock(ctx.db, ctx.user.id, input.id)),
});
