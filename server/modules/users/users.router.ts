import { RegisterInput, TokenResponse, VerifyEmailInput } from '../../../shared/schemas/auth';
import { MessageResponse } from '../../../shared/schemas/common';
import { CurrentUser, DeactivateInput } from '../../../shared/schemas/users';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import * as auth from '../auth/auth.service';
import * as usersService from './users.service';

export const usersRouter = router({
  /** Creates an account with a registration code and mails a verification link. */
  register: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/register', tags: ['users'], protect: false, summary: 'Register with a registration code', errorResponses: [400, 409, 429] } })
    .input(RegisterInput)
    .output(TokenResponse)
    .mutation(({ ctx, input }) => auth.register(ctx, input, ctx.ip)),

  /** Confirms an e-mail address with the token from the verification link. */
  verifyEmail: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/verify-email', tags: ['users'], protect: false, summary: 'Verify an e-mail address', errorResponses: [400] } })
    .input(VerifyEmailInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => auth.verifyEmail(ctx.db, input.token)),

  /** The signed-in user. */
  me: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me', tags: ['users'], summary: 'The current user', errorResponses: [401] } })
    .output(CurrentUser)
    .query(({ ctx }) => usersService.getCurrentUser(ctx.db, ctx.user.id)),

  /** Deactivates the signed-in account; every token stops working at once. */
  deactivate: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/me/deactivate', tags: ['users'], summary: 'Deactivate my account', errorResponses: [400, 401] } })
    .input(DeactivateInput)
    .output(MessageResponse)
    .mutation(({ ctx }) => usersService.deactivate(ctx.db, ctx.user.id)),
});
