import { z } from 'zod';
import { EndedSessions, Session, SessionIdInput } from '../../../shared/schemas/sessions';
import { authedProcedure, router } from '../../trpc/init';
import * as sessions from './sessions.service';

const tags = ['sessions'];

/** My sign-ins (docs/sessions.md): list them, end one, end all but this one, sign out. */
export const sessionsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me/sessions', tags, summary: 'My live sessions, newest first, the current one marked', errorResponses: [401] } })
    .output(z.array(Session))
    .query(({ ctx }) => sessions.listSessions(ctx.db, ctx.user.id, ctx.user.session_id)),

  end: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/me/sessions/{id}', tags, summary: 'End one of my sessions: its token is refused at once and its event streams close', successDescription: 'Ended (204 No Content).', errorResponses: [400, 401, 404] }, successStatus: 204 })
    .input(SessionIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => sessions.endSession(ctx.db, ctx.user.id, input.id)),

  endOthers: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/me/sessions/revoke-others', tags, summary: 'End every session of mine but the one making this call', errorResponses: [401] } })
    .output(EndedSessions)
    .mutation(({ ctx }) => sessions.endOtherSessions(ctx.db, ctx.user.id, ctx.user.session_id)),

  logout: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/logout', tags: ['auth'], summary: 'Sign out: end the session of this token', successDescription: 'Signed out (204 No Content).', errorResponses: [401] }, successStatus: 204 })
    .output(z.void())
    .mutation(({ ctx }) => sessions.endSession(ctx.db, ctx.user.id, ctx.user.session_id)),
});
