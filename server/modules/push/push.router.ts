import { z } from 'zod';
import { LIMITS, throttleSummary } from '../../../shared/limits';
import { DeletePushSubscriptionInput, PushKeyResponse, PushSubscription, PushSubscriptionInput, TestPushResponse } from '../../../shared/schemas/push';
import { pushConfigOf } from '../../config';
import { authedProcedure, publicProcedure, router } from '../../trpc/init';
import { publicKey } from './push-keys.service';
import * as push from './push.service';

const tags = ['push'];

export const pushRouter = router({
  /** The VAPID public key: public (it is in every push's Authorization header anyway), so a client may fetch it before sign-in. */
  key: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/push/key', tags, protect: false, summary: 'The VAPID public key to subscribe with (applicationServerKey)', errorResponses: [] } })
    .output(PushKeyResponse)
    .query(({ ctx }) => publicKey(ctx.db, pushConfigOf(ctx.config))),

  /** Subscribes this browser profile to Web Push; the same endpoint again refreshes its keys. */
  subscribe: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/users/me/push-subscriptions',
        tags,
        summary: `Subscribe a browser to push notifications (${LIMITS.pushSubscriptionsPerUser} at most: a newer one replaces the oldest; ${throttleSummary('pushSubscriptions')})`,
        successDescription: 'The subscription (201 Created; again for an endpoint already subscribed).',
        errorResponses: [400, 401, 429],
      },
      successStatus: 201,
    })
    .input(PushSubscriptionInput)
    .output(PushSubscription)
    .mutation(({ ctx, input }) => push.subscribe(ctx.db, pushConfigOf(ctx.config), ctx.user, input)),

  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/v1/users/me/push-subscriptions', tags, summary: 'My push subscriptions, most recently subscribed first', errorResponses: [401] } })
    .output(z.array(PushSubscription))
    .query(({ ctx }) => push.listSubscriptions(ctx.db, ctx.user.id)),

  unsubscribe: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/v1/users/me/push-subscriptions',
        tags,
        summary: 'End one of my push subscriptions, by its endpoint',
        successDescription: 'Ended (204 No Content).',
        errorResponses: [400, 401, 404, 429],
      },
      successStatus: 204,
    })
    .input(DeletePushSubscriptionInput)
    .output(z.void())
    .mutation(({ ctx, input }) => push.unsubscribe(ctx.db, ctx.user.id, input.endpoint)),

  test: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/v1/users/me/push-subscriptions/test',
        tags,
        summary: `Send a test push to each of my subscriptions (${throttleSummary('pushTests')})`,
        successDescription: 'Queued (202 Accepted): the pushes go out within seconds.',
        errorResponses: [401, 429],
      },
      successStatus: 202,
    })
    .output(TestPushResponse)
    .mutation(({ ctx }) => push.sendTestPush(ctx.db, ctx.user.id)),
});
