import { z } from 'zod';
import { CodeInput, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../shared/schemas/two-factor';
import { authedProcedure, router } from '../../trpc/init';
import * as twoFactor from './two-factor.service';

const tags = ['two-factor'];

/** Two-factor sign-in with an authenticator app (docs/two-factor.md): turn it on, off, new recovery codes. */
export const twoFactorRouter = router({
  status: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me/two-factor', tags, summary: 'Whether sign-in asks me for a code, and how many recovery codes are left', errorResponses: [401] } })
    .output(TwoFactorStatus)
    .query(({ ctx }) => twoFactor.status(ctx.db, ctx.user.id)),

  setup: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/users/me/two-factor/setup',
        tags,
        summary: 'Start turning two-factor sign-in on: a new secret and its QR code, on until confirmed with a code',
        errorResponses: [401, 409, 429],
      },
    })
    .output(TwoFactorSetup)
    .mutation(({ ctx }) => twoFactor.setup(ctx.db, ctx.user)),

  confirm: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/users/me/two-factor/confirm',
        tags,
        summary: 'Turn two-factor sign-in on with a current code from the app; answers 10 recovery codes, shown once',
        errorResponses: [400, 401, 409, 429],
      },
    })
    .input(CodeInput)
    .output(RecoveryCodes)
    .mutation(({ ctx, input }) => twoFactor.confirm(ctx.db, ctx.user.id, input.code, ctx.ip)),

  disable: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/v1/users/me/two-factor/disable', tags, summary: 'Turn two-factor sign-in off with a current code or a recovery code', successDescription: 'Off (204 No Content).', errorResponses: [400, 401, 409, 429] },
      successStatus: 204,
    })
    .input(CodeInput)
    .output(z.void())
    .mutation(({ ctx, input }) => twoFactor.disable(ctx.db, ctx.user.id, input.code, ctx.ip)),

  regenerateRecoveryCodes: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/v1/users/me/two-factor/recovery-codes', tags, summary: 'New recovery codes (the old ones stop working); needs a current code', errorResponses: [400, 401, 409, 429] },
    })
    .input(CodeInput)
    .output(RecoveryCodes)
    .mutation(({ ctx, input }) => twoFactor.regenerateRecoveryCodes(ctx.db, ctx.user.id, input.code, ctx.ip)),
});
