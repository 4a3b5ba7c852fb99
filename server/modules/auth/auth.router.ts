import { CheckResetTokenInput, LoginInput, RecoveryInput, RegisterInput, ResetPasswordInput, TokenResponse, VerifyEmailInput } from '../../../shared/schemas/auth';
import { LoginMfaInput, LoginResponse } from '../../../shared/schemas/two-factor';
import { MessageResponse } from '../../../shared/schemas/common';
import { publicProcedure, router } from '../../trpc/init';
import * as auth from './auth.service';
import * as twoFactor from './two-factor.service';

/**
 * Accounts: registration, e-mail verification, sign-in and password reset. Registration and
 * verification keep their REST paths (and operation ids) under /v1/users and the `users` tag.
 */
export const authRouter = router({
  /** Creates an account with a registration code and mails a verification link. */
  register: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/v1/users/register', operationId: 'users-register', tags: ['users'], protect: false, summary: 'Register with a registration code', errorResponses: [400, 409, 429] },
    })
    .input(RegisterInput)
    .output(TokenResponse)
    .mutation(({ ctx, input }) => auth.register(ctx, input, ctx.ip, ctx.userAgent)),

  /** Confirms an e-mail address with the token from the verification link. */
  verifyEmail: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/verify-email', operationId: 'users-verifyEmail', tags: ['users'], protect: false, summary: 'Verify an e-mail address', errorResponses: [400] } })
    .input(VerifyEmailInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => auth.verifyEmail(ctx.db, input.token)),

  /** Signs in with a username or e-mail; throttled per account and per IP. With two-factor sign-in on, answers an mfa_token. */
  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/auth/login',
        tags: ['auth'],
        protect: false,
        summary: 'Log in: an access token, or `{mfa_required, mfa_token}` when the account asks for a second factor',
        errorResponses: [400, 401, 403, 429],
      },
    })
    .input(LoginInput)
    .output(LoginResponse)
    .mutation(({ ctx, input }) => auth.login(ctx, input, ctx.ip, ctx.userAgent)),

  /** The second step of a sign-in: a code (TOTP or recovery) for the mfa_token the password step gave. */
  loginMfa: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/login/mfa', tags: ['auth'], protect: false, summary: 'Finish a sign-in with a code from the authenticator app or a recovery code', errorResponses: [400, 401, 429] } })
    .input(LoginMfaInput)
    .output(TokenResponse)
    .mutation(({ ctx, input }) => twoFactor.finishSecondStep(ctx, input, { ip: ctx.ip, userAgent: ctx.userAgent })),

  /** Mails a password reset link when the address has an account; the answer never tells. */
  recovery: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/recovery', tags: ['auth'], protect: false, summary: 'Request a password reset link', errorResponses: [400, 429] } })
    .input(RecoveryInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => auth.requestPasswordReset(ctx, input.email, ctx.ip)),

  /** Tells whether a reset link's token can still be used, without using it (the reset page asks first). */
  checkReset: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/auth/reset/check', tags: ['auth'], protect: false, summary: 'Check a password reset link without using it', errorResponses: [400] } })
    .input(CheckResetTokenInput)
    .output(MessageResponse)
    .query(({ ctx, input }) => auth.checkResetToken(ctx.db, input.token)),

  /** Chooses a new password with the token from the reset link; earlier sessions end. Throttled per IP. */
  reset: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/reset', tags: ['auth'], protect: false, summary: 'Set a new password from a reset link', errorResponses: [400, 429] } })
    .input(ResetPasswordInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => auth.resetPassword(ctx, input, ctx.ip)),
});
