import { z } from 'zod';
import { INVITES, throttleSummary } from '../../../shared/limits';
import { Invite } from '../../../shared/schemas/invites';
import { authedProcedure, router } from '../../trpc/init';
import * as codes from './codes.service';

const tags = ['invites'];

export const invitesRouter = router({
  /** Makes a single-use invite (7 days); at most 5 unused at once, admins excepted (409 beyond). */
  create: authedProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/v1/users/me/invites',
        tags,
        summary: `Make a personal invite (single use, expires in ${INVITES.ttlDays} days; at most ${INVITES.unusedMax} unused; ${throttleSummary('invites')})`,
        errorResponses: [401, 409, 429],
      },
    })
    .output(Invite)
    .mutation(({ ctx }) => codes.createInvite(ctx.db, ctx.viewer, ctx.config.appUrl)),

  /** My invites, newest first, with their state and who joined with each. */
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me/invites', tags, summary: 'My personal invites', errorResponses: [401] } })
    .output(z.array(Invite))
    .query(({ ctx }) => codes.listInvites(ctx.db, ctx.user.id, ctx.config.appUrl)),
});
