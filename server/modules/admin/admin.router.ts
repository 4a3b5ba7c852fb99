import { z } from 'zod';
import {
  AdminBot,
  AdminBotIdInput,
  AdminCode,
  AdminUser,
  AdminUserDetail,
  AdminUserIdInput,
  AuditEntry,
  CodeIdInput,
  CreateCodeInput,
  ListAdminBotsInput,
  ListAdminUsersInput,
  ListAuditInput,
  ListCodesInput,
  ReleaseNotesInput,
  ReleaseNotesResult,
  RunBotInput,
  SetRoleInput,
  UpdateBotInput,
} from '../../../shared/schemas/admin';
import { BotRun, CreateBotInput } from '../../../shared/schemas/bots';
import { throttleSummary } from '../../../shared/limits';
import { adminProcedure, router } from '../../trpc/init';
import * as admin from './admin.service';
import { listAudit } from './audit.service';

const tags = ['admin'];
const refusals = [400, 401, 403] as const;

/**
 * The admin console (docs/admin.md): what the CLI does, over the API. Every procedure is an
 * adminProcedure (403 for anyone else); every change is written to the audit log by the service
 * (admin.service.ts `audited`), with the transport it came by (web or rest).
 */
export const adminRouter = router({
  listCodes: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/admin/codes', tags, summary: 'Registration codes, newest first, with their use counts (admins)', errorResponses: [...refusals] } })
    .input(ListCodesInput)
    .output(z.array(AdminCode))
    .query(({ ctx, input }) => admin.listCodes(ctx.db, input)),

  createCode: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/admin/codes', tags, summary: 'Make a registration code with a number of uses and an expiry (admins)', errorResponses: [...refusals] }, successStatus: 201 })
    .input(CreateCodeInput)
    .output(AdminCode)
    .mutation(({ ctx, input }) => admin.createCode(ctx, input)),

  revokeCode: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/admin/codes/{id}', tags, summary: 'Revoke a registration code: nobody can register with it any more (admins)', errorResponses: [...refusals, 404] } })
    .input(CodeIdInput)
    .output(AdminCode)
    .mutation(({ ctx, input }) => admin.revokeCode(ctx, input.id)),

  listUsers: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/admin/users', tags, summary: 'Every account, deactivated ones too, with who invited whom; q searches usernames and e-mail addresses (admins)', errorResponses: [...refusals] } })
    .input(ListAdminUsersInput)
    .output(z.array(AdminUser))
    .query(({ ctx, input }) => admin.listUsers(ctx.db, input)),

  getUser: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/admin/users/{id}', tags, summary: 'An account with whom it invited (admins)', errorResponses: [...refusals, 404] } })
    .input(AdminUserIdInput)
    .output(AdminUserDetail)
    .query(({ ctx, input }) => admin.getUser(ctx.db, input.id)),

  setRole: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/v1/admin/users/{id}/role', tags, summary: 'Give an account the ADMIN role or take it back; not your own (admins)', errorResponses: [...refusals, 404, 409] } })
    .input(SetRoleInput)
    .output(AdminUser)
    .mutation(({ ctx, input }) => admin.setRole(ctx, input.id, input.role)),

  deactivateUser: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/admin/users/{id}/deactivate', tags, summary: 'Deactivate an account: its tokens stop working at once; not your own (admins)', errorResponses: [...refusals, 404, 409] } })
    .input(AdminUserIdInput)
    .output(AdminUser)
    .mutation(({ ctx, input }) => admin.deactivateUser(ctx, input.id)),

  listBots: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/admin/bots', tags, summary: 'Every bot, newest first, with its schedule, tags and last run (admins)', errorResponses: [...refusals] } })
    .input(ListAdminBotsInput)
    .output(z.array(AdminBot))
    .query(({ ctx, input }) => admin.listBots(ctx.db, input)),

  createBot: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/admin/bots', tags, summary: 'Create a bot (admins; the same as POST /v1/bots, answering the whole bot)', errorResponses: [...refusals, 404] }, successStatus: 201 })
    .input(CreateBotInput)
    .output(AdminBot)
    .mutation(({ ctx, input }) => admin.createBot(ctx, input)),

  updateBot: adminProcedure
    .meta({ openapi: { method: 'PATCH', path: '/v1/admin/bots/{id}', tags, summary: "Change a bot's schedule, add and remove tags (admins)", errorResponses: [...refusals, 404] } })
    .input(UpdateBotInput)
    .output(AdminBot)
    .mutation(({ ctx, input }) => admin.updateBot(ctx, input)),

  runBot: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/admin/bots/{id}/run', tags, summary: `Run a bot now, whatever its schedule, once per UTC day (force: run again today) (admins; ${throttleSummary('botRuns')})`, errorResponses: [...refusals, 404, 409, 429] } })
    .input(RunBotInput)
    .output(BotRun)
    .mutation(({ ctx, input }) => admin.runBot(ctx, input.id, input.force)),

  purgeBot: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/admin/bots/{id}/purge', tags, summary: "Remove a bot's DISABLED tags (admins)", errorResponses: [...refusals, 404] } })
    .input(AdminBotIdInput)
    .output(AdminBot)
    .mutation(({ ctx, input }) => admin.purgeBot(ctx, input.id)),

  releaseNotes: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/admin/release-notes', tags, summary: `Send release notes to every active user, as a RELEASE_NOTES notification (admins; ${throttleSummary('releaseNotes')})`, errorResponses: [...refusals, 429] }, successStatus: 201 })
    .input(ReleaseNotesInput)
    .output(ReleaseNotesResult)
    .mutation(({ ctx, input }) => admin.broadcastReleaseNotes(ctx, input.message)),

  audit: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/admin/audit', tags, summary: 'The audit log, newest first: every admin action from the app, REST and the CLI; filtered by actor (id or username) and action (admins)', errorResponses: [...refusals] } })
    .input(ListAuditInput)
    .output(z.array(AuditEntry))
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
});
