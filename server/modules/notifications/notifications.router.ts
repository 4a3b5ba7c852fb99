import { z } from 'zod';
import { LIMITS } from '../../../shared/limits';
import { ListNotificationsInput, MarkReadInput, MarkReadResult, Notification, UnreadCount } from '../../../shared/schemas/users';
import { authedProcedure, router } from '../../trpc/init';
import * as notifications from './notifications.service';

const tags = ['notifications'];

export const notificationsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/notifications', tags, summary: `My notifications, read ones too: newest first, or unread first then the read ones (order=unread_first); ${LIMITS.pageSizeNotifications} a page, ${LIMITS.pageSizeMax} at most`, errorResponses: [400, 401] } })
    .input(ListNotificationsInput)
    .output(z.array(Notification))
    .query(({ ctx, input }) => notifications.list(ctx.db, ctx.user.id, { unreadOnly: input.unread_only, unreadFirst: input.order === 'unread_first', offset: input.offset, limit: input.limit })),

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
