import { z } from 'zod';
import { TokenResponse } from '../../../shared/schemas/auth';
import { AddPasskeyInput, Passkey, PasskeyIdInput, PasskeyList, PasskeySignInInput, WebAuthnOptions } from '../../../shared/schemas/passkeys';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import * as passkeys from './passkeys.service';

const tags = ['passkeys'];

/** Passkeys (docs/passkeys.md): add, list and remove mine; sign in with one, no username needed. */
export const passkeysRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me/passkeys', tags, summary: 'My passkeys', errorResponses: [401] } })
    .output(PasskeyList)
    .query(({ ctx }) => passkeys.list(ctx.db, ctx.user.id)),

  registrationOptions: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/me/passkeys/options', tags, summary: 'WebAuthn options to make a new passkey (valid 5 minutes, once)', errorResponses: [401, 409, 429] } })
    .output(WebAuthnOptions)
    .mutation(({ ctx }) => passkeys.registrationOptions(ctx, ctx.user)),

  add: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/me/passkeys', tags, summary: 'Keep a new passkey: the authenticator’s response to the options, and a name', errorResponses: [400, 401, 409] }, successStatus: 201 })
    .input(AddPasskeyInput)
    .output(Passkey)
    .mutation(({ ctx, input }) => passkeys.add(ctx, ctx.user.id, input)),

  remove: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/me/passkeys/{id}', tags, summary: 'Remove one of my passkeys', successDescription: 'Removed (204 No Content).', errorResponses: [400, 401, 404] }, successStatus: 204 })
    .input(PasskeyIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => passkeys.remove(ctx.db, ctx.user.id, input.id)),

  signInOptions: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/passkey/options', tags: ['auth'], protect: false, summary: 'WebAuthn options to sign in with a passkey, no username needed (valid 5 minutes, once)', errorResponses: [429] } })
    .output(WebAuthnOptions)
    .mutation(({ ctx }) => passkeys.signInOptions(ctx, ctx.ip)),

  signIn: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/auth/passkey', tags: ['auth'], protect: false, summary: 'Sign in with a passkey: counts as two factors', errorResponses: [400, 401, 429] } })
    .input(PasskeySignInInput)
    .output(TokenResponse)
    .mutation(({ ctx, input }) => passkeys.signIn(ctx, input.response, { ip: ctx.ip, userAgent: ctx.userAgent })),
});
