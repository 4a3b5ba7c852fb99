import { z } from 'zod';
import { LIMITS } from '../../../shared/limits';
import { MessageResponse } from '../../../shared/schemas/common';
import { MutedUser, MuteInput } from '../../../shared/schemas/mutes';
import { UserIdInput } from '../../../shared/schemas/users';
import { authedProcedure, router } from '../../trpc/init';
import * as mutes from './mutes.service';

const tags = ['mutes'];

export const mutesRouter = router({
  /** Mutes a user: their content leaves my views; they cannot tell. Idempotent. */
  mute: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/mutes', tags, summary: `Mute a user (${LIMITS.mutesMax} at most)`, errorResponses: [400, 401, 404, 409] } })
    .input(MuteInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => mutes.mute(ctx.db, ctx.user.id, input.user_id)),

  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/mutes', tags, summary: 'Users I muted', errorResponses: [401] } })
    .output(z.array(MutedUser))
    .query(({ ctx }) => mutes.listMutes(ctx.db, ctx.user.id)),

  unmute: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/mutes/{id}', tags, summary: 'Unmute a user (by user id)', errorResponses: [400, 401, 404] } })
    .input(UserIdInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => mutes.unmute(ctx.db, ctx.user.id, input.id)),
});
