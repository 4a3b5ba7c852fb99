import { z } from 'zod';
import { LIMITS, throttleSummary } from '../../../shared/limits';
import { GroupAgreement } from '../../../shared/schemas/agreement';
import { BotSummary } from '../../../shared/schemas/bots';
import { AnswerRequestInput, ListRequestsInput, MessageResponse } from '../../../shared/schemas/common';
import {
  AddGroupBlockInput,
  CreateGroupInput,
  CreateGroupResult,
  GroupBlock,
  GroupDetail,
  GroupIdInput,
  GroupRequest,
  GroupRequestAnswer,
  GroupsOverview,
  GroupSummary,
  GroupUserInput,
  InviteInput,
  InviteResult,
  ListGroupsInput,
  SetDescriptionInput,
  SetDescriptionResult,
} from '../../../shared/schemas/groups';
import { authedProcedure, router } from '../../trpc/init';
import * as groups from './groups.service';

const tags = ['groups'];

export const groupsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/groups', tags, summary: 'Groups I may see: public ones, mine, and those I am invited to', errorResponses: [400, 401] } })
    .input(ListGroupsInput)
    .output(z.array(GroupSummary))
    .query(({ ctx, input }) => groups.listGroups(ctx.db, ctx.user.id, input)),

  /** Creates a group; the creator becomes its owner. */
  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/groups', tags, summary: `Create a group (${throttleSummary('groups')})`, errorResponses: [400, 401, 429] } })
    .input(CreateGroupInput)
    .output(CreateGroupResult)
    .mutation(({ ctx, input }) => groups.createGroup(ctx.db, ctx.user.id, input)),

  /** Members see members, bots and candidates; others the public summary; private groups are 404 to outsiders. */
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/groups/{id}', tags, summary: 'A group', errorResponses: [400, 401, 404] } })
    .input(GroupIdInput)
    .output(GroupDetail)
    .query(({ ctx, input }) => groups.getGroup(ctx.db, ctx.user.id, input.id)),

  invite: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/groups/{id}/invite/{userId}', tags, summary: `Invite a friend (members; only the owner in restricted groups; ${throttleSummary('groupInvites')})`, errorResponses: [400, 401, 403, 404, 409, 429] } })
    .input(InviteInput)
    .output(InviteResult)
    .mutation(({ ctx, input }) => groups.invite(ctx.db, ctx.user, input.id, input.userId)),

  join: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/groups/{id}/join', tags, summary: `Join a public group (${throttleSummary('groupJoins')})`, errorResponses: [401, 403, 404, 409, 429] } })
    .input(GroupIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => groups.join(ctx.db, ctx.user.id, input.id)),

  leave: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/groups/{id}/leave', tags, summary: 'Leave a group (not the owner)', errorResponses: [401, 403, 404] } })
    .input(GroupIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => groups.leave(ctx.db, ctx.user.id, input.id)),

  retire: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/groups/{id}', tags, summary: 'Retire a group (owner, when the only member)', errorResponses: [401, 403, 404, 409] } })
    .input(GroupIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => groups.retireGroup(ctx.db, ctx.user.id, input.id)),

  listBlocks: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/groups/{id}/blocks', tags, summary: 'Removed members (owner)', errorResponses: [401, 403, 404] } })
    .input(GroupIdInput)
    .output(z.array(GroupBlock))
    .query(({ ctx, input }) => groups.listBlocks(ctx.db, ctx.user.id, input.id)),

  /** Removes a member and keeps them out until unblocked (owner). */
  block: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/groups/{id}/blocks', tags, summary: 'Remove (block) a member (owner)', errorResponses: [400, 401, 403, 404] } })
    .input(AddGroupBlockInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => groups.blockUser(ctx.db, ctx.user.id, input.id, input.user_id, input.group_id)),

  unblock: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/groups/{id}/blocks/{userId}', tags, summary: 'Let a removed member back (owner)', errorResponses: [401, 403, 404] } })
    .input(GroupUserInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => groups.unblockUser(ctx.db, ctx.user.id, input.id, input.userId)),

  setDescription: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/groups/{id}/description', tags, summary: `Edit the description (owner, ${LIMITS.groupDescriptionMax} characters at most; ${throttleSummary('edits')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(SetDescriptionInput)
    .output(SetDescriptionResult)
    .mutation(({ ctx, input }) => groups.setDescription(ctx.db, ctx.user.id, input.id, input.description)),

  bots: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/groups/{id}/bots', tags, summary: 'Bots of a group (members)', errorResponses: [401, 403, 404] } })
    .input(GroupIdInput)
    .output(z.array(BotSummary))
    .query(({ ctx, input }) => groups.listGroupBots(ctx.db, ctx.user.id, input.id)),

  /** Each pair of members and their mean score over the group stacks both answered (members). */
  agreement: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/groups/{id}/agreement', tags, summary: 'Agreement map: mean scores of member pairs (members)', errorResponses: [400, 401, 403, 404] } })
    .input(GroupIdInput)
    .output(GroupAgreement)
    .query(({ ctx, input }) => groups.groupAgreement(ctx.db, ctx.user.id, input.id)),

  mine: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/groups/me', tags, summary: 'Groups I belong to', errorResponses: [401] } })
    .output(z.array(GroupSummary))
    .query(({ ctx }) => groups.listMyGroups(ctx.db, ctx.user.id)),

  overview: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/groups/overview', tags, summary: 'My groups and the public groups I could join', errorResponses: [401] } })
    .output(GroupsOverview)
    .query(({ ctx }) => groups.overview(ctx.db, ctx.user.id)),

  listRequests: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/groups/requests', tags, summary: 'Open group invitations (incoming by default)', errorResponses: [400, 401] } })
    .input(ListRequestsInput)
    .output(z.array(GroupRequest))
    .query(({ ctx, input }) => groups.listRequests(ctx.db, ctx.user.id, input.type)),

  /** Accepts (becoming a member) or rejects an invitation; only the invited user may. */
  respond: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/v1/users/groups/requests/{id}', tags, summary: 'Accept or reject a group invitation', errorResponses: [400, 401, 403, 404, 409] } })
    .input(AnswerRequestInput)
    .output(GroupRequestAnswer)
    .mutation(({ ctx, input }) => groups.respond(ctx.db, ctx.user.id, input.id, input.status)),
});
