import { LoginInput, RecoveryInput, ResetPasswordInput, TokenResponse } from '../../../shared/schemas/auth';
import { MessageResponse } from '../../../shared/schemas/common';
import { publicProcedure, router } from '../../trpc/init';
import * as auth from './auth.service';

export const authRouter = router({
  /** Signs in with a username or e-mail; throttled per account and per IP. */
  login: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/login', tags: ['auth'], protect: false, summary: 'Log in', errorResponses: [400, 401, 403, 429] } })
    .input(LoginInput)
    .output(TokenResponse)
    .mutation(({ ctx, input }) => auth.login(ctx, input, ctx.ip)),

  /** Mails a password reset link when the address has an account; the answer never tells. */
  recovery: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/recovery', tags: ['auth'], protect: false, summary: 'Request a password reset link', errorResponses: [400, 429] } })
    .input(RecoveryInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => auth.requestPasswordReset(ctx, input.email, ctx.ip)),

  /** Chooses a new password with the token from the reset link; earlier sessions end. Throttled per IP. */
  reset: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/reset', tags: ['auth'], protect: false, summary: 'Set a new password from a reset link', errorResponses: [400, 429] } })
    .input(ResetPasswordInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => auth.resetPassword(ctx, input, ctx.ip)),
});
