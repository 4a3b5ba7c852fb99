import { z } from 'zod';
import { ListNotificationsInput, MarkReadInput, MarkReadResult, Notification, UnreadCount } from '../../../shared/schemas/users';
import { authedProcedure, router } from '../../trpc/init';
import * as notifications from './notifications.service';

const tags = ['notifications'];

export const notificationsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/notifications', tags, summary: 'My notifications, newest first', errorResponses: [400, 401] } })
    .input(ListNotificationsInput)
    .output(z.array(Notification))
    .query(({ ctx, input }) => notifications.list(ctx.db, ctx.user.id, { unreadOnly: input.unread_only, offset: input.offset, limit: input.limit })),

  unreadCount: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/notifications/unread-count', tags, summary: 'Unread notifications and open requests', errorResponses: [401] } })
    .output(UnreadCount)
    .query(({ ctx }) => notifications.unreadCount(ctx.db, ctx.user.id)),

  /** Idempotent; refuses (404, nothing marked) if any id is not the caller's. */
  markRead: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/v1/users/notifications/mark-read', tags, summary: 'Mark notifications read', errorResponses: [400, 401, 404] } })
    .input(MarkReadInput)
    .output(MarkReadResult)
    .mutation(({ ctx, input }) => notifications.markRead(ctx.db, ctx.user.id, input.notification_ids)),
});
