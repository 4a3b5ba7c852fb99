import { z } from 'zod';
import { editWindowText, LIMITS, throttleSummary } from '../../../shared/limits';
import { MessageResponse } from '../../../shared/schemas/common';
import {
  CommentIdInput,
  ConsensusDetail,
  CountResult,
  CreateCommentInput,
  CreateStackInput,
  EditStackInput,
  FeedActionInput,
  GetStackInput,
  HiddenStacks,
  HideBatchInput,
  HideInput,
  HideNewResult,
  IdResult,
  ListHiddenStacksInput,
  ListStacksInput,
  RankingInput,
  SandboxCommentInput,
  SandboxInput,
  SandboxResult,
  Stack,
  StackIdInput,
  StackListItem,
  UnhideResult,
  UpdateCommentInput,
} from '../../../shared/schemas/stacks';
import { authedProcedure, router } from '../../trpc/init';
import * as comments from './comments.service';
import * as feed from './feed.service';
import * as hidden from './hidden.service';
import * as moderation from './moderation.service';
import * as stacks from './stacks.service';

const tags = ['stacks'];

export const stacksRouter = router({
  /** The feed: stacks and twisted stacks I may see, newest activity first. */
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v2/stacks', tags, summary: 'My stacks (feed)', errorResponses: [400, 401, 429] } })
    .input(ListStacksInput)
    .output(z.array(StackListItem))
    .query(({ ctx, input }) => feed.listStacks(ctx.db, ctx.heavyReads, ctx.viewer, input)),

  hideNew: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks/hide_new', tags, summary: "Hide New Stacks: hide every stack and twisted stack of my feed (under the feed's filters) that is new to me", errorResponses: [400, 401] } })
    .input(FeedActionInput)
    .output(HideNewResult)
    .mutation(({ ctx, input }) => feed.hideNewStacks(ctx.db, ctx.viewer, input)),

  /** The stacks I hid myself (not an admin's hides for me), latest first, with how many in all. */
  hidden: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me/hidden-stacks', tags, summary: `Stacks and twisted stacks I hid, latest first (${LIMITS.pageSizeStacks} a page, ${LIMITS.pageSizeMax} at most), and how many`, errorResponses: [400, 401] } })
    .input(ListHiddenStacksInput)
    .output(HiddenStacks)
    .query(({ ctx, input }) => hidden.listHidden(ctx.db, ctx.viewer, input)),

  unhide: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/me/hidden-stacks/{id}', tags, summary: `Show a stack I hid again (not one an admin hid for me: 404; ${throttleSummary('unhides')})`, errorResponses: [400, 401, 404, 429] } })
    .input(StackIdInput)
    .output(UnhideResult)
    .mutation(({ ctx, input }) => hidden.unhide(ctx.db, ctx.viewer, input.id)),

  unhideBatch: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/me/hidden-stacks/batches/{batch_id}', tags, summary: `Unhide all: show again every stack one Hide New Stacks hid (${throttleSummary('unhides')})`, errorResponses: [400, 401, 404, 429] } })
    .input(HideBatchInput)
    .output(UnhideResult)
    .mutation(({ ctx, input }) => hidden.unhideBatch(ctx.db, ctx.viewer, input.batch_id)),

  clearUpdates: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks/clear_updates', tags, summary: "Clear Updates: mark viewed every stack and twisted stack of my feed (under the feed's filters) with new responses or comments", errorResponses: [400, 401] } })
    .input(FeedActionInput)
    .output(CountResult)
    .mutation(({ ctx, input }) => feed.clearUpdates(ctx.db, ctx.viewer, input)),

  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks', tags, summary: `Create a friend or group stack (${throttleSummary('stacks')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(CreateStackInput)
    .output(IdResult)
    .mutation(({ ctx, input }) => stacks.createStack(ctx.db, ctx.viewer, input)),

  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/stacks/{id}', tags, summary: 'A stack with one page of comments, newest page first (mark_viewed=true when opening it)', errorResponses: [400, 401, 404] } })
    .input(GetStackInput)
    .output(Stack)
    .query(({ ctx, input }) => stacks.getStack(ctx.db, ctx.viewer, input.id, 'stack', { markViewed: input.mark_viewed, commentsOffset: input.comments_offset, commentsLimit: input.comments_limit })),

  consensus: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/stacks/{id}/consensus', tags, summary: "A group stack's consensus: Borda (the detail's `consensus`), the Kemeny-Young order and the Condorcet winner, as item indices", errorResponses: [400, 401, 403, 404] } })
    .input(StackIdInput)
    .output(ConsensusDetail)
    .query(({ ctx, input }) => stacks.getConsensus(ctx.db, ctx.viewer, input.id, 'stack')),

  complete: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks/{id}/complete', tags, summary: 'Answer: the six position indices, best first', errorResponses: [400, 401, 403, 404, 409] } })
    .input(RankingInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => stacks.complete(ctx.db, ctx.viewer, input.id, 'stack', input.position_ids)),

  viewed: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks/{id}/viewed', tags, summary: 'Mark a stack and its comments seen', errorResponses: [401, 404] } })
    .input(StackIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => stacks.markViewed(ctx.db, ctx.viewer, input.id, 'stack')),

  hide: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/stacks/{id}/hide', tags, summary: 'Hide a stack for me; admins: for chosen members (JSON body {user_ids})', errorResponses: [400, 401, 403, 404] } })
    .input(HideInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => moderation.hide(ctx.db, ctx.viewer, input.id, 'stack', input.user_ids)),

  delete: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/stacks/{id}', tags, summary: 'Delete a bot stack nobody answered (admins)', errorResponses: [401, 403, 404, 409] } })
    .input(StackIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => stacks.deleteStack(ctx.db, ctx.viewer, input.id)),

  sandbox: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks/{id}/sandbox', tags, summary: 'Sandbox (owner, admins) or unsandbox (admins) a group stack', errorResponses: [400, 401, 403, 404, 409] } })
    .input(SandboxInput)
    .output(SandboxResult)
    .mutation(({ ctx, input }) => moderation.sandbox(ctx.db, ctx.viewer, input.id, input.sandbox)),

  edit: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks/{id}/edit', tags, summary: `Edit (owner, within ${editWindowText()}, nobody else answered; ${throttleSummary('edits')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(EditStackInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => stacks.edit(ctx.db, ctx.viewer, input.id, 'stack', { name: input.name, positions: input.positions })),

  createComment: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks/{id}/comments', tags, summary: `Comment (${LIMITS.commentMax} characters, ${LIMITS.commentMaxNewlines} newlines at most; ${throttleSummary('comments')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(CreateCommentInput)
    .output(IdResult)
    .mutation(({ ctx, input }) => comments.createComment(ctx.db, ctx.viewer, input.id, 'stack', input.description)),

  updateComment: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/v1/stacks/{id}/comments/{cid}', tags, summary: `Edit my comment (${throttleSummary('edits')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(UpdateCommentInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => comments.updateComment(ctx.db, ctx.viewer, input.id, 'stack', input.cid, input.description)),

  deleteComment: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/stacks/{id}/comments/{cid}', tags, summary: 'Delete my comment', errorResponses: [401, 403, 404] } })
    .input(CommentIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => comments.deleteComment(ctx.db, ctx.viewer, input.id, 'stack', input.cid)),

  sandboxComment: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/stacks/{id}/comments/{cid}/sandbox', tags, summary: `Sandbox a comment (author or admin; ${throttleSummary('edits')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(SandboxCommentInput)
    .output(SandboxResult)
    .mutation(({ ctx, input }) => comments.sandboxComment(ctx.db, ctx.viewer, input.id, 'stack', input.cid, input.sandbox)),
});
