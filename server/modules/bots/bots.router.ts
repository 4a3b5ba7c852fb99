import { z } from 'zod';
import { throttleSummary } from '../../../shared/limits';
import { AddKeywordsInput, Bot, BotIdInput, BotResponsesInput, BotRun, BotSummary, CreateBotInput, CreateBotResult, RemoveKeywordsInput } from '../../../shared/schemas/bots';
import { adminProcedure, authedProcedure, router } from '../../trpc/init';
import * as admin from '../admin/admin.service';
import * as bots from './bots.service';

const tags = ['bots'];

export const botsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/bots', tags, summary: 'Bots I own or whose stacks I can see', errorResponses: [401] } })
    .output(z.array(BotSummary))
    .query(({ ctx }) => bots.listBots(ctx.db, ctx.viewer)),

  /** Admins only: a bot with its audience (a user or a group), schedule and initial tags (PENDING). */
  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/bots', tags, summary: 'Create a bot (admins)', errorResponses: [400, 401, 403, 404] } })
    .input(CreateBotInput)
    .output(CreateBotResult)
    .mutation(async ({ ctx, input }) => {
      const bot = await admin.createBot(ctx, input);
      return { id: bot.id, name: bot.name };
    }),

  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/bots/{id}', tags, summary: 'A bot with its schedule and tags', errorResponses: [400, 401, 404] } })
    .input(BotIdInput)
    .output(Bot)
    .query(({ ctx, input }) => bots.getBot(ctx.db, ctx.viewer, input.id)),

  responses: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/bots/{id}/responses', tags, summary: 'Run records, newest first (limit 1 gives the last run)', errorResponses: [400, 401, 404] } })
    .input(BotResponsesInput)
    .output(z.array(BotRun))
    .query(({ ctx, input }) => bots.listRuns(ctx.db, ctx.viewer, input.id, input)),

  /** New tags are PENDING until the next run; re-adding a DISABLED tag makes it PENDING. */
  addKeywords: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/bots/{id}/keywords', tags, summary: `Add tags (${throttleSummary('botTags')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(AddKeywordsInput)
    .output(Bot)
    .mutation(({ ctx, input }) => admin.auditAdminTagEdit(ctx, input.id, { add: input.keywords }, () => bots.addKeywords(ctx.db, ctx.viewer, input.id, input.keywords))),

  /** The body is JSON: {keywords, purge?}. Removed tags are DEACTIVATING until the next run. */
  removeKeywords: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/bots/{id}/keywords', tags, summary: `Remove tags, or purge disabled ones (${throttleSummary('botTags')})`, errorResponses: [400, 401, 403, 404, 429] } })
    .input(RemoveKeywordsInput)
    .output(Bot)
    .mutation(({ ctx, input }) =>
      admin.auditAdminTagEdit(ctx, input.id, { remove: input.keywords ?? [], purge: input.purge }, () => bots.removeKeywords(ctx.db, ctx.viewer, input.id, input.keywords ?? [], input.purge ?? false)),
    ),
});
