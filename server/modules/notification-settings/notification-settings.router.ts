import { NOTIFICATION_MAIL, throttleSummary } from '../../../shared/limits';
import { NotificationSettings, UnsubscribeInput, UnsubscribeResult, UpdateNotificationSettingsInput } from '../../../shared/schemas/notification-settings';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import * as settings from './notification-settings.service';

const tags = ['notification settings'];

export const notificationSettingsRouter = router({
  /** Every kind's push and e-mail choice, defaults included (docs/notification-settings.md). */
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me/notification-settings', tags, summary: 'My notification settings: push and e-mail, per kind', errorResponses: [401] } })
    .output(NotificationSettings)
    .query(({ ctx }) => settings.getSettings(ctx.db, ctx.user.id)),

  /** Changes some kinds (either channel alone, or both); answers every kind. */
  update: authedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/v1/users/me/notification-settings', tags, summary: `Change some of my notification settings (${throttleSummary('notificationSettings')})`, errorResponses: [400, 401, 429] },
    })
    .input(UpdateNotificationSettingsInput)
    .output(NotificationSettings)
    .mutation(({ ctx, input }) => settings.updateSettings(ctx.db, ctx.user.id, input)),

  /** The unsubscribe page's button: what the one-click link (POST /unsubscribe/{token}) does, as JSON. */
  unsubscribe: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/unsubscribe',
        tags,
        summary: `Turn off the e-mails an unsubscribe link names, without signing in (${NOTIFICATION_MAIL.unsubscribePerIp} calls per IP in ${NOTIFICATION_MAIL.unsubscribeWindowSeconds / 60} minutes)`,
        errorResponses: [400, 429],
      },
    })
    .input(UnsubscribeInput)
    .output(UnsubscribeResult)
    .mutation(({ ctx, input }) => settings.unsubscribe(ctx.db, ctx.config.jwtSecret, input.token, ctx.ip)),
});
