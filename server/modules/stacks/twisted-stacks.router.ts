import { z } from 'zod';
import { editWindowText, throttleSummary } from '../../../shared/limits';
import { MessageResponse } from '../../../shared/schemas/common';
import {
  CommentIdInput,
  ConsensusDetail,
  CreateCommentInput,
  CreateTwistInput,
  EditTwistInput,
  GetStackInput,
  IdResult,
  ListStacksInput,
  RankingInput,
  SandboxCommentInput,
  SandboxResult,
  StackIdInput,
  StackListItem,
  TwistedStack,
  UpdateCommentInput,
} from '../../../shared/schemas/stacks';
import { authedProcedure, router } from '../../trpc/init';
import * as comments from './comments.service';
import * as feed from './feed.service';
import * as moderation from './moderation.service';
import * as stacks from './stacks.service';
import * as twists from './twists.service';

const tags = ['twisted stacks'];
const base = '/v1/twisted_stacks';

/** Mirrors the stack calls (spec 2 §7); no delete and no stack-level sandbox. */
export const twistedStacksRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: base, tags, summary: 'Twisted stacks I may see', errorResponses: [400, 401, 429] } })
    .input(ListStacksInput)
    .output(z.array(StackListItem))
    .query(({ ctx, input }) => feed.listStacks(ctx.db, ctx.heavyReads, ctx.viewer, input, true)),

  /** Twists a stack I answered (once; friend stack: both answered; group stack: two others answered). */
  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: base, tags, summary: `Twist a stack (${throttleSummary('twists')})`, errorResponses: [400, 401, 403, 404, 409, 429] } })
    .input(CreateTwistInput)
    .output(IdResult)
    .mutation(({ ctx, input }) => twists.createTwist(ctx.db, ctx.viewer, input.stack_id, input.twist_description)),

  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: `${base}/{id}`, tags, summary: 'A twisted stack with one page of comments, newest page first (mark_viewed=true when opening it)', errorResponses: [400, 401, 404] } })
    .input(GetStackInput)
    .output(TwistedStack)
    .query(({ ctx, input }) => stacks.getStack(ctx.db, ctx.viewer, input.id, 'twisted', { markViewed: input.mark_viewed, commentsOffset: input.comments_offset, commentsLimit: input.comments_limit })),

  consensus: authedProcedure
    .meta({ openapi: { method: 'GET', path: `${base}/{id}/consensus`, tags, summary: "A group twisted stack's consensus: Borda (the detail's `consensus`), the Kemeny-Young order and the Condorcet winner, as item indices", errorResponses: [400, 401, 403, 404] } })
    .input(StackIdInput)
    .output(ConsensusDetail)
    .query(({ ctx, input }) => stacks.getConsensus(ctx.db, ctx.viewer, input.id, 'twisted')),

  complete: authedProcedure
    .meta({ openapi: { method: 'POST', path: `${base}/{id}/complete`, tags, summary: 'Re-answer: the six position indices, best first', errorResponses: [400, 401, 403, 404, 409] } })
    .input(RankingInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => stacks.complete(ctx.db, ctx.viewer, input.id, 'twisted', input.position_ids)),

  viewed: authedProcedure
    .meta({ openapi: { method: 'POST', path: `${base}/{id}/viewed`, tags, summary: 'Mark a twisted stack seen', errorResponses: [401, 404] } })
    .input(StackIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => stacks.markViewed(ctx.db, ctx.viewer, input.id, 'twisted')),

  hide: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: `${base}/{id}/hide`, tags, summary: 'Hide a twisted stack for me', errorResponses: [401, 404] } })
    .input(StackIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => moderation.hide(ctx.db, ctx.viewer, input.id, 'twisted')),

  edit: authedProcedure
    .meta({ openapi: { method: 'POST', path: `${base}/{id}/edit`, tags, summary: `Edit the twist (its creator, within ${editWindowText()}, nobody else answered; ${throttleSummary('edits')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(EditTwistInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => stacks.edit(ctx.db, ctx.viewer, input.id, 'twisted', { twist_description: input.twist_description })),

  createComment: authedProcedure
    .meta({ openapi: { method: 'POST', path: `${base}/{id}/comments`, tags, summary: `Comment on a twisted stack (${throttleSummary('comments')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(CreateCommentInput)
    .output(IdResult)
    .mutation(({ ctx, input }) => comments.createComment(ctx.db, ctx.viewer, input.id, 'twisted', input.description)),

  updateComment: authedProcedure
    .meta({ openapi: { method: 'PUT', path: `${base}/{id}/comments/{cid}`, tags, summary: `Edit my comment (${throttleSummary('edits')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(UpdateCommentInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => comments.updateComment(ctx.db, ctx.viewer, input.id, 'twisted', input.cid, input.description)),

  deleteComment: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: `${base}/{id}/comments/{cid}`, tags, summary: 'Delete my comment', errorResponses: [401, 403, 404] } })
    .input(CommentIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => comments.deleteComment(ctx.db, ctx.viewer, input.id, 'twisted', input.cid)),

  sandboxComment: authedProcedure
    .meta({ openapi: { method: 'POST', path: `${base}/{id}/comments/{cid}/sandbox`, tags, summary: `Sandbox a comment (author or admin; ${throttleSummary('edits')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(SandboxCommentInput)
    .output(SandboxResult)
    .mutation(({ ctx, input }) => comments.sandboxComment(ctx.db, ctx.viewer, input.id, 'twisted', input.cid, input.sandbox)),
});
