import { z } from 'zod';
import { LIMITS, throttleSummary } from '../../../shared/limits';
import { SharedScore } from '../../../shared/schemas/agreement';
import { MessageResponse } from '../../../shared/schemas/common';
import { Preferences, UpdatePreferencesInput } from '../../../shared/schemas/preferences';
import {
  CurrentUser,
  DeactivateInput,
  DeleteSocialInput,
  ListUsersInput,
  SetAvatarInput,
  SetAvatarResult,
  SetBioInput,
  SetBioResult,
  SharedActivity,
  Social,
  UpsertSocialInput,
  UserIdInput,
  UserProfile,
  UserSummary,
} from '../../../shared/schemas/users';
import { authedProcedure, router } from '../../trpc/init';
import * as usersService from './users.service';

const tags = ['users'];

export const usersRouter = router({
  /** The signed-in user. */
  me: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me', tags, summary: 'The current user', errorResponses: [401] } })
    .output(CurrentUser)
    .query(({ ctx }) => usersService.getCurrentUser(ctx.db, ctx.user.id)),

  /** My preferences that follow the account (theme, the tour's ending); also in GET /v1/users/me. */
  preferences: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me/preferences', tags, summary: 'My preferences: theme and how the onboarding tour ended', errorResponses: [401] } })
    .output(Preferences)
    .query(({ ctx }) => usersService.getPreferences(ctx.db, ctx.user.id)),

  /** Changes the fields given; answers all of them. Only for oneself: there is no path for another user's. */
  setPreferences: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/v1/users/me/preferences', tags, summary: `Set my theme and record the tour's ending (${throttleSummary('preferences')})`, errorResponses: [400, 401, 429] } })
    .input(UpdatePreferencesInput)
    .output(Preferences)
    .mutation(({ ctx, input }) => usersService.setPreferences(ctx.db, ctx.user.id, input)),

  /** Deactivates the signed-in account; every token stops working at once. */
  deactivate: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/me/deactivate', tags, summary: 'Deactivate my account', errorResponses: [400, 401] } })
    .input(DeactivateInput)
    .output(MessageResponse)
    .mutation(({ ctx }) => usersService.deactivate(ctx.db, ctx.user.id)),

  /** Other users the viewer may see, friends first, with their friend status. */
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users', tags, summary: 'List users', errorResponses: [400, 401] } })
    .input(ListUsersInput)
    .output(z.array(UserSummary))
    .query(({ ctx, input }) => usersService.listUsers(ctx.db, ctx.user.id, input)),

  /** One user's profile; 404 when unknown, deactivated or blocked either way. Admins also get `invited_by` and `invited`. */
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/{id}', tags, summary: "A user's profile", errorResponses: [400, 401, 404] } })
    .input(UserIdInput)
    .output(UserProfile)
    .query(({ ctx, input }) => usersService.getProfile(ctx.db, ctx.user.id, input.id, ctx.viewer.isAdmin)),

  /** How many stacks the viewer and this user have both answered, by kind. */
  shared: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/{id}/shared', tags, summary: 'Shared activity with a user', errorResponses: [400, 401, 404] } })
    .input(UserIdInput)
    .output(SharedActivity)
    .query(({ ctx, input }) => usersService.getSharedActivity(ctx.db, ctx.user.id, input.id)),

  /** The score of each stack both answered, oldest first (the newest 100); 404 as the profile. */
  scores: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/{id}/scores', tags, summary: 'Friendship over time: scores of the stacks both answered', errorResponses: [400, 401, 404] } })
    .input(UserIdInput)
    .output(z.array(SharedScore))
    .query(({ ctx, input }) => usersService.getSharedScores(ctx.db, ctx.viewer, input.id)),

  setAvatar: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/me/avatar', tags, summary: `Choose my avatar (${LIMITS.avatarIdMin}-${LIMITS.avatarIdMax}; ${throttleSummary('profile')})`, errorResponses: [400, 401, 429] } })
    .input(SetAvatarInput)
    .output(SetAvatarResult)
    .mutation(({ ctx, input }) => usersService.setAvatar(ctx.db, ctx.user.id, input.avatar_id)),

  setBio: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/v1/users/me/bio', tags, summary: `Set my bio (${LIMITS.bioMax} characters at most; ${throttleSummary('profile')})`, errorResponses: [400, 401, 429] } })
    .input(SetBioInput)
    .output(SetBioResult)
    .mutation(({ ctx, input }) => usersService.setBio(ctx.db, ctx.user.id, input.bio)),

  /** Adds or replaces my social of a platform; the answer carries its link. */
  upsertSocial: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/v1/users/me/socials', tags, summary: `Add or update a social link (${throttleSummary('profile')})`, errorResponses: [400, 401, 429] } })
    .input(UpsertSocialInput)
    .output(Social)
    .mutation(({ ctx, input }) => usersService.upsertSocial(ctx.db, ctx.user.id, input)),

  deleteSocial: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/v1/users/me/socials/{id}', tags, summary: `Remove a social link (by id or platform; ${throttleSummary('profile')})`, errorResponses: [400, 401, 404, 429] } })
    .input(DeleteSocialInput)
    .output(MessageResponse)
    .mutation(({ ctx, input }) => usersService.deleteSocial(ctx.db, ctx.user.id, input.id)),
});
